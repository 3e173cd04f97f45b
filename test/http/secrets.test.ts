import * as HttpServer from "effect/http/HttpServer"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { assert, describe, it } from "@effect/vitest"
import { Context, Effect, Layer, Logger, Redacted, References } from "effect"
import { createServer } from "node:http"
import { ApiKeys } from "../../src/access/ApiKeys.js"
import { HttpAppLive } from "../../src/http/Server.js"
import { apiKeyHeader, bearer, call } from "../support/http.js"
import { testConfig } from "../support/server.js"
import { TestDatabase } from "../support/testDatabase.js"

describe("secrets", () => {
  it.live("no log line, at any level, carries an API key; the database holds only its SHA-256", () =>
    Effect.scoped(Effect.gen(function*() {
      const lines: Array<string> = []
      const collecting = Logger.make(({ message, fiber, cause }) => {
        lines.push(JSON.stringify({ message, annotations: Object.entries(fiber.getRef(References.CurrentLogAnnotations)), cause: String(cause) }))
      })
      const runtime = yield* Layer.build(
        Layer.mergeAll(HttpAppLive, ApiKeys.Default).pipe(
          Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
          Layer.provideMerge(TestDatabase.layer),
          Layer.provide(Logger.layer([collecting])),
          Layer.provide(Layer.succeed(References.MinimumLogLevel, "All")),
          Layer.provide(testConfig())
        )
      )
      const { secret } = yield* Effect.flatMap(ApiKeys, (k) => k.create({ plan: "free", quota: 2, label: "secret-test" }))
        .pipe(Effect.provide(runtime))
      const key = Redacted.value(secret)
      const server = Context.get(runtime, HttpServer.HttpServer)
      if (server.address._tag === "UnixPathAddress") return yield* Effect.die(new Error("expected TCP"))
      const url = `http://127.0.0.1:${server.address.port}`
      for (const headers of [bearer(key), apiKeyHeader(key), apiKeyHeader(key), bearer(key + "x"), apiKeyHeader(key.slice(0, -1))]) {
        yield* Effect.promise(() => call(`${url}/v1/search?q=acme`, { headers }))
      }
      assert.isAbove(lines.length, 0, "the server logged requests")
      for (const line of lines) {
        assert.notInclude(line, key.slice(9, 30), line)
      }
      const stored = yield* Effect.flatMap(ApiKeys, (k) => k.list).pipe(Effect.provide(runtime))
      assert.notInclude(JSON.stringify(stored), key.slice(9, 30))
    })), { timeout: 90_000 })
})
