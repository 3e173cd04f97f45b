import { NodeRuntime } from "@effect/platform-node"
import { Layer } from "effect"
import { DatabaseLive } from "./db/Database.js"
import { HttpAppLive, NodeServerLive } from "./http/Server.js"
import { LoggingLive } from "./logging.js"

HttpAppLive.pipe(
  Layer.provide(NodeServerLive),
  Layer.provide(DatabaseLive),
  Layer.provide(LoggingLive),
  Layer.launch,
  NodeRuntime.runMain({ disablePrettyLogger: true })
)
