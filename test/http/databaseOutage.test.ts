import * as HttpServer from "effect/http/HttpServer"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { assert, describe, it } from "@effect/vitest"
import { Context, Duration, Effect, Exit, Layer, Redacted, References, Scope } from "effect"
import * as fs from "node:fs"
import { createServer } from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { ApiKeys } from "../../src/access/ApiKeys.js"
import { startEmbeddedPostgres } from "../../src/db/EmbeddedPostgres.js"
import { migrate } from "../../src/db/Migrations.js"
import { HttpAppLive } from "../../src/http/Server.js"
import { testConfig } from "../support/server.js"
import { apiKeyHeader, call, isErrorBody } from "../support/http.js"
import { makeWebClient } from "../support/webClient.js"
import { pgLayer } from "../../src/db/Database.js"

describe("a lost database", () => {
  it.live("gives 503 service_unavailable and recovers without a restart", () =>
    Effect.scoped(Effect.gen(function*() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kyb-outage-"))
      yield* Effect.addFinalizer(() => Effect.sync(() => fs.rmSync(dataDir, { recursive: true, force: true })))
      const databaseScope = yield* Scope.make()
      const first = yield* startEmbeddedPostgres({ dataDir, maxConnections: 8, tcpPort: 0 }).pipe(Scope.provide(databaseScope))
      const port = first.port ?? 0
      const db = pgLayer({
        host: "127.0.0.1", port, username: "postgres", database: "postgres", maxConnections: 4,
        connectTimeout: Duration.seconds(2)
      })
      const runtime = yield* Layer.build(
        Layer.mergeAll(HttpAppLive, ApiKeys.Default).pipe(
          Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
          Layer.provideMerge(db),
          Layer.provide(Layer.succeed(References.MinimumLogLevel, "None")),
          Layer.provide(testConfig())
        )
      )
      yield* migrate().pipe(Effect.provide(runtime))
      const { secret } = yield* Effect.flatMap(ApiKeys, (k) => k.create({ plan: "unlimited", quota: null, label: "outage" }))
        .pipe(Effect.provide(runtime))
      const server = Context.get(runtime, HttpServer.HttpServer)
      if (server.address._tag === "UnixPathAddress") return yield* Effect.die(new Error("expected TCP"))
      const url = `http://127.0.0.1:${server.address.port}`
      const headers = apiKeyHeader(Redacted.value(secret))

      assert.strictEqual((yield* Effect.promise(() => call(`${url}/v1/registries`, { headers }))).status, 200)

      const web = makeWebClient(url)
      const signupPage = yield* Effect.promise(() => web.get("/signup"))
      yield* Scope.close(databaseScope, Exit.void)
      for (const target of ["/health", "/v1/registries", "/v1/search?q=acme", "/v1/company/NG/RC1"]) {
        const reply = yield* Effect.promise(() => call(url + target, { headers }))
        assert.strictEqual(reply.status, 503, `${target}: ${reply.text}`)
        assert.isTrue(isErrorBody(reply.body, "service_unavailable"), reply.text)
      }

      // a console form posted (sign-up, as in a burst) or a page asked for: a page, never a JSON body
      const form = yield* Effect.promise(() => web.post("/signup", { _csrf: web.csrfIn(signupPage.text), name: "Synthetic Owner", email: "outage@example.com", password: "correct horse battery staple" }))
      assert.strictEqual(form.status, 503, form.text)
      assert.include(form.headers.get("content-type") ?? "", "text/html")
      assert.include(form.text, "Service unavailable")
      assert.strictEqual(form.headers.get("retry-after"), "5")
      const page = yield* Effect.promise(() => call(`${url}/dashboard`, { headers: { accept: "text/html", cookie: "kyb_session=x" } }))
      assert.strictEqual(page.status, 503, page.text)
      assert.include(page.headers.get("content-type") ?? "", "text/html")

      const again = yield* Scope.make()
      yield* startEmbeddedPostgres({ dataDir, maxConnections: 8, tcpPort: port }).pipe(Scope.provide(again))
      yield* Effect.addFinalizer(() => Scope.close(again, Exit.void))
      let status = 0
      for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
        status = (yield* Effect.promise(() => call(`${url}/v1/registries`, { headers }))).status
        if (status !== 200) yield* Effect.sleep("250 millis")
      }
      assert.strictEqual(status, 200)
      assert.strictEqual((yield* Effect.promise(() => call(`${url}/health`))).status, 200)
    })), { timeout: 90_000 })
})
