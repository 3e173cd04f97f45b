import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Layer } from "effect"
import { ServerDatabaseLive } from "./db/Database.js"
import { GracefulShutdownLive, HttpAppLive, NodeServerLive } from "./http/Server.js"
import { LoggingLive } from "./logging.js"

GracefulShutdownLive.pipe(
  Layer.provide(HttpAppLive),
  Layer.provide(NodeServerLive),
  Layer.provide(ServerDatabaseLive),
  Layer.provide(LoggingLive),
  // Spans have no consumer in this service (no exporter): off, each request would make a dozen for nothing. The
  // request path's own services open none either: a span costs a context change per call even with the tracer off.
  Layer.provide(Layer.setTracerEnabled(false)),
  Layer.launch,
  NodeRuntime.runMain({ disablePrettyLogger: true })
)
