import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
// The server: src/main.ts imports it once the running Node is the project's (src/nodeVersion.ts).
import { Cause, Exit, Layer, Runtime } from "effect"
import { ServerDatabaseLive } from "./db/Database.js"
import { GracefulShutdownLive, HttpAppLive, NodeServerLive } from "./http/Server.js"
import { LoggingLive } from "./logging/LoggingLive.js"
import { MetricsPortLive } from "./metrics/MetricsServer.js"
import { TracingLive } from "./metrics/tracing.js"

Layer.merge(
  GracefulShutdownLive.pipe(Layer.provide(HttpAppLive), Layer.provide(NodeServerLive)),
  // /metrics on KYB_METRICS_PORT when it is set (src/metrics).
  MetricsPortLive
).pipe(
  Layer.provide(ServerDatabaseLive),
  // Spans are made only when they are exported (OTEL_EXPORTER_OTLP_ENDPOINT): otherwise the tracer is off.
  Layer.provide(TracingLive),
  Layer.provide(LoggingLive),
  Layer.launch,
  // Stopped by SIGTERM or SIGINT (the graceful stop, then the layers' finalizers): a clean exit, 0.
  NodeRuntime.runMain({
    teardown: (exit, onExit) =>
      Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause) ? onExit(0) : Runtime.defaultTeardown(exit, onExit)
  })
)
