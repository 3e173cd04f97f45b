import { NodeRuntime } from "@effect/platform-node"
import { Layer } from "effect"
import { ServerDatabaseLive } from "./db/Database.js"
import { GracefulShutdownLive, HttpAppLive, NodeServerLive } from "./http/Server.js"
import { LoggingLive } from "./logging.js"

GracefulShutdownLive.pipe(
  Layer.provide(HttpAppLive),
  Layer.provide(NodeServerLive),
  Layer.provide(ServerDatabaseLive),
  Layer.provide(LoggingLive),
  Layer.launch,
  NodeRuntime.runMain({ disablePrettyLogger: true })
)
