import * as HttpServer from "effect/http/HttpServer"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Clock, Context, Effect, Layer, References } from "effect"
import { createKybServer } from "../../src/http/edge/nodeServer.js"
import { HttpAppLive } from "../../src/http/Server.js"
import { testConfig } from "./server.js"
import type { SharedDatabase } from "./sharedDatabase.js"

/**
 * A complete server instance with its own connection pool, on its own loopback port, over a database several
 * instances share; `clock`, when given, replaces the system clock (a month boundary, say); `config` overrides settings.
 */
export const startInstance = (
  database: Context.Service.Shape<typeof SharedDatabase>,
  clock?: Clock.Clock,
  config: Readonly<Record<string, string>> = {}
) =>
  Effect.gen(function*() {
    const context = yield* Layer.build(
      HttpAppLive.pipe(
        Layer.provideMerge(NodeHttpServer.layer(createKybServer, { port: 0, host: "127.0.0.1" })),
        Layer.provide(database.connect(4)),
        Layer.provide(Layer.succeed(References.MinimumLogLevel, "Error")),
        Layer.provide(clock === undefined ? Layer.empty : Layer.succeed(Clock.Clock, clock)),
        Layer.provide(testConfig(config))
      )
    )
    const server = Context.get(context, HttpServer.HttpServer)
    if (server.address._tag === "UnixPathAddress") return yield* Effect.die(new Error("expected TCP"))
    return `http://127.0.0.1:${server.address.port}`
  })
