import { HttpServer } from "effect/http"
import { NodeHttpServer } from "@effect/platform-node"
import { Clock, type Context, Effect, Layer, Logger, LogLevel, References } from "effect"
import { createKybServer } from "../../src/http/edge/nodeServer.js"
import { HttpAppLive } from "../../src/http/Server.js"
import { testConfig } from "./server.js"
import type { SharedDatabase } from "./sharedDatabase.js"

/**
 * A complete server instance with its own connection pool, on its own loopback port, over a database several
 * instances share; `clock` replaces the system clock (a month boundary, say); `config` overrides settings.
 */
export const startInstance = (
  database: Context.Tag.Service<typeof SharedDatabase>,
  clock: Clock.Clock = Clock.make(),
  config: Readonly<Record<string, string>> = {}
) =>
  Effect.gen(function*() {
    const runtime = yield* Layer.toRuntime(
      HttpAppLive.pipe(
        Layer.provideMerge(NodeHttpServer.layer(createKybServer, { port: 0, host: "127.0.0.1" })),
        Layer.provide(database.connect(4)),
        Layer.provide(Layer.succeed(References.MinimumLogLevel, "Error")),
        Layer.provide(Layer.setClock(clock)),
        Layer.provide(testConfig(config))
      )
    )
    const server = yield* HttpServer.HttpServer.pipe(Effect.provide(runtime))
    if (server.address._tag !== "TcpAddress") return yield* Effect.die("expected TCP")
    return `http://127.0.0.1:${server.address.port}`
  })
