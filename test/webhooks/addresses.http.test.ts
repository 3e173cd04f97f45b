import * as HttpServer from "effect/http/HttpServer"
import { SqlClient } from "effect/sql"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted, Schedule, References } from "effect"
import { createServer } from "node:http"
import { ApiKeys } from "../../src/access/ApiKeys.js"
import { createKybServer } from "../../src/http/edge/nodeServer.js"
import { HttpAppLive } from "../../src/http/Server.js"
import { type AddressGuard, postDelivery, WebhookResolver } from "../../src/webhooks/addresses.js"
import { bearer, call, isErrorBody } from "../support/http.js"
import { testConfig } from "../support/server.js"
import { TestDatabase } from "../support/testDatabase.js"

/** A receiver on 127.0.0.1 that counts what reaches it. */
const receiver = Effect.acquireRelease(
  Effect.promise(() =>
    new Promise<{ port: number; hits: () => number; close: () => void }>((resolve) => {
      let hits = 0
      const server = createServer((request, response) => {
        hits++
        request.resume()
        response.writeHead(200).end("ok")
      })
      server.listen(0, "127.0.0.1", () =>
        resolve({ port: (server.address() as { port: number }).port, hits: () => hits, close: () => void server.close() }))
    })
  ),
  (r) => Effect.sync(() => r.close())
)

/** A name no DNS knows: the first look-up (at registration) gives a public address, every later one 127.0.0.1. */
const rebinding = () => {
  let lookups = 0
  return {
    lookups: () => lookups,
    resolve: (host: string) =>
      Promise.resolve(host === "rebind.test" ? [{ address: lookups++ === 0 ? "93.184.215.14" : "127.0.0.1", family: 4 }] : [])
  }
}

const delivery = { headers: { "content-type": "application/json" }, body: "{}", timeoutMs: 5000 }

describe("the delivery client connects only where the guard allows (issue 25 item 7)", () => {
  it.effect("a name resolving to 127.0.0.1 is refused before any connection; allowed, the same request arrives", () =>
    Effect.gen(function*() {
      const target = yield* receiver
      const toLoopback = (host: string) => Promise.resolve(host === "hooks.test" ? [{ address: "127.0.0.1", family: 4 }] : [])
      const strict: AddressGuard = { allowPrivate: false, resolve: toLoopback }
      const refused = yield* Effect.promise(() => postDelivery(strict, `http://hooks.test:${target.port}/kyb`, delivery))
      assert.strictEqual(refused.statusCode, null)
      assert.match(refused.error ?? "", /^refused: the host hooks\.test is at 127\.0\.0\.1, a loopback address/)
      const literal = yield* Effect.promise(() => postDelivery(strict, `http://[::ffff:127.0.0.1]:${target.port}/kyb`, delivery))
      assert.match(literal.error ?? "", /^refused: .*IPv4-mapped form of loopback 127\.0\.0\.1/)
      assert.strictEqual(target.hits(), 0, "nothing was sent")
      const allowed = yield* Effect.promise(() => postDelivery({ allowPrivate: true, resolve: toLoopback }, `http://hooks.test:${target.port}/kyb`, delivery))
      assert.strictEqual(allowed.statusCode, 200, allowed.error ?? "")
      assert.strictEqual(target.hits(), 1)
    }))
})

describe("webhook addresses at registration and at delivery, KYB_WEBHOOK_ALLOW_PRIVATE off (issue 25 item 7)", () => {
  it.live("embedded, documentation and benchmarking forms are 400 naming url; a name rebound to 127.0.0.1 later is refused at delivery", () =>
    Effect.scoped(Effect.gen(function*() {
      const target = yield* receiver
      const dns = rebinding()
      const runtime = yield* Layer.build(
        HttpAppLive.pipe(
          Layer.provideMerge(NodeHttpServer.layer(createKybServer, { port: 0, host: "127.0.0.1" })),
          Layer.provideMerge(ApiKeys.Default),
          Layer.provide(Layer.succeed(WebhookResolver, WebhookResolver.of({ resolve: dns.resolve }))),
          Layer.provideMerge(TestDatabase.layer),
          Layer.provide(Layer.succeed(References.MinimumLogLevel, "Error")),
          Layer.provide(testConfig({ KYB_WEBHOOK_POLL: "200 millis" }))
        )
      )
      const server = yield* HttpServer.HttpServer.pipe(Effect.provide(runtime))
      if (server.address._tag === "UnixPathAddress") return yield* Effect.die(new Error("expected TCP"))
      const url = `http://127.0.0.1:${server.address.port}`
      const created = yield* Effect.flatMap(ApiKeys, (keys) => keys.create({ plan: "unlimited", quota: null, label: "hooks" })).pipe(
        Effect.provide(runtime),
        Effect.orDie
      )
      const key = bearer(Redacted.value(created.secret))
      const register = (hook: string) =>
        Effect.promise(() => call(`${url}/v1/webhooks`, {
          method: "POST", headers: { ...key, "content-type": "application/json" }, body: JSON.stringify({ url: hook, events: ["sanctions.hit_added"] })
        }))
      for (const hook of [
        "http://[::127.0.0.1]/", "http://[64:ff9b::7f00:1]/", "http://[2002:7f00:1::]/", "http://203.0.113.10/", "http://198.18.0.1/",
        "http://192.0.2.1/", "http://[::ffff:7f00:1]/", "http://[64:ff9b:1::808:808]/", "http://[2001:0:808:808::80ff:fffe]/", "http://0x7f.1/",
        "http://2130706433/", "http://nowhere.test/"
      ]) {
        const reply = yield* register(hook)
        assert.strictEqual(reply.status, 400, `${hook}: ${reply.text}`)
        assert.isTrue(isErrorBody(reply.body, "invalid_request"), reply.text)
        assert.match((reply.body as { message: string }).message, /^url: /, hook)
      }

      const accepted = yield* register(`http://rebind.test:${target.port}/kyb`)
      assert.strictEqual(accepted.status, 201, accepted.text)
      assert.strictEqual(dns.lookups(), 1, "resolved once at registration, to a public address; nothing connected")
      const webhookId = (accepted.body as { id: string }).id
      const eventId = "3f0c8d2e-6a1b-4c7d-9e2f-0a1b2c3d4e5f"
      yield* Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const [held] = yield* sql<{ account_id: boolean }>`SELECT EXISTS (SELECT 1 FROM information_schema.columns
          WHERE table_name = 'events' AND column_name = 'account_id') AS account_id`
        const data = "{\"monitor_id\":\"m\",\"subject\":{\"name\":\"X\",\"country\":null,\"registration_no\":null},\"check_id\":null}"
        yield* held!.account_id
          ? sql`INSERT INTO events (id, key_id, account_id, type, data)
              SELECT ${eventId}, id, account_id, 'sanctions.hit_added', ${data}::jsonb FROM api_keys WHERE id = ${created.id}`
          : sql`INSERT INTO events (id, key_id, type, data) VALUES (${eventId}, ${created.id}, 'sanctions.hit_added', ${data}::jsonb)`
        yield* sql`INSERT INTO webhook_deliveries (webhook_id, event_id, account_id, state, give_up_at)
          SELECT ${webhookId}, ${eventId}, account_id, 'pending', now() + interval '1 day' FROM webhooks WHERE id = ${webhookId}`
      }).pipe(Effect.provide(runtime), Effect.orDie)

      const deliveries = Effect.promise(() => call(`${url}/v1/webhooks/${webhookId}/deliveries`, { headers: key })).pipe(
        Effect.map((r) => (r.body as { deliveries: ReadonlyArray<{ attempts: ReadonlyArray<{ status_code: number | null; error: string | null }> }> }).deliveries)
      )
      const attempts = yield* deliveries.pipe(
        Effect.map((d) => d[0]?.attempts ?? []),
        Effect.filterOrFail((a) => a.length > 0),
        Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))),
        Effect.orDie
      )
      assert.strictEqual(attempts[0]!.status_code, null)
      assert.match(attempts[0]!.error ?? "", /^refused: the host rebind\.test is at 127\.0\.0\.1, a loopback address/)
      assert.isAtLeast(dns.lookups(), 2)
      assert.strictEqual(target.hits(), 0, "nothing reached 127.0.0.1")
    })), { timeout: 120_000 })
})
