import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Exit, Redacted, Schedule, Scope } from "effect"
import { createServer } from "node:http"
import { ApiKeys } from "../../src/access/ApiKeys.js"
import { verifyDelivery } from "../../src/webhooks/signature.js"
import { startInstance } from "../support/instances.js"
import { bearer, call } from "../support/http.js"
import { SharedDatabase, SharedDatabaseLive } from "../support/sharedDatabase.js"

const config = {
  KYB_WEBHOOK_ALLOW_PRIVATE: "true", KYB_WEBHOOK_POLL: "200 millis", KYB_WEBHOOK_RETRY_BASE_SECONDS: "0.3", KYB_WEBHOOK_TIMEOUT_MS: "1000"
}

describe("webhook deliveries survive a restart (issue 17)", () => {
  layer(SharedDatabaseLive, { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("an event the endpoint refused before the server stopped is delivered once by the next server, signed", () =>
      Effect.gen(function*() {
        const database = yield* SharedDatabase
        let up = false
        const bodies: Array<{ body: string; signature: string; eventId: string }> = []
        let attempts = 0
        const receiver = createServer((request, response) => {
          let body = ""
          request.on("data", (chunk: Buffer) => (body += chunk.toString()))
          request.on("end", () => {
            attempts++
            if (!up) return void response.writeHead(503).end()
            bodies.push({ body, signature: String(request.headers["kyb-signature"]), eventId: String(request.headers["kyb-event-id"]) })
            response.writeHead(200).end("ok")
          })
        })
        const port = yield* Effect.promise(() => new Promise<number>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve((receiver.address() as { port: number }).port))))
        yield* Effect.addFinalizer(() => Effect.sync(() => receiver.close()))

        const { id: keyId, secret } = yield* Effect.flatMap(ApiKeys, (k) => k.create({ plan: "unlimited", quota: null, label: "restart" })).pipe(
          Effect.provide(ApiKeys.Default),
          Effect.provide(database.connect(1))
        )
        const key = bearer(Redacted.value(secret))
        const first = yield* Scope.make()
        const urlA = yield* startInstance(database, undefined, config).pipe(Scope.provide(first))
        const hook = yield* Effect.promise(() => call(`${urlA}/v1/webhooks`, {
          method: "POST", headers: { ...key, "content-type": "application/json" },
          body: JSON.stringify({ url: `http://127.0.0.1:${port}/kyb`, events: ["sanctions.hit_added"] })
        }))
        assert.strictEqual(hook.status, 201, hook.text)
        const { id: webhookId, secret: signingSecret } = hook.body as { id: string; secret: string }
        // An event as monitoring raises it: stored, and queued for the key's endpoints.
        const eventId = "7c9e1b3d-5f7a-4c9e-8b3d-5f7a9c1e3b5d"
        yield* Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* sql`INSERT INTO events (id, account_id, key_id, type, data) VALUES (${eventId}, (SELECT account_id FROM api_keys WHERE id = ${keyId}), ${keyId}, 'sanctions.hit_added',
            '{"monitor_id":"m","subject":{"name":"X","country":null,"registration_no":null},"check_id":null}'::jsonb)`
          yield* sql`INSERT INTO webhook_deliveries (webhook_id, event_id, account_id, state, give_up_at)
            SELECT ${webhookId}, ${eventId}, account_id, 'pending', now() + interval '1 day' FROM webhooks WHERE id = ${webhookId}`
        }).pipe(Effect.provide(database.connect(1)), Effect.orDie)
        yield* Effect.sync(() => attempts).pipe(Effect.filterOrFail((n) => n >= 2), Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))), Effect.orDie)
        yield* Scope.close(first, Exit.void)
        const refusedBeforeRestart = attempts
        up = true

        const second = yield* Scope.make()
        const urlB = yield* startInstance(database, undefined, config).pipe(Scope.provide(second))
        yield* Effect.sync(() => bodies.length).pipe(Effect.filterOrFail((n) => n >= 1), Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))), Effect.orDie)
        yield* Effect.sleep("1 second")
        assert.lengthOf(bodies, 1, "delivered once")
        assert.strictEqual(bodies[0]!.eventId, eventId)
        assert.isTrue(verifyDelivery(signingSecret, bodies[0]!.signature, bodies[0]!.body, Math.floor(Date.now() / 1000)))
        const log = (yield* Effect.promise(() => call(`${urlB}/v1/webhooks/${webhookId}/deliveries`, { headers: key }))).body as {
          deliveries: ReadonlyArray<{ state: string; attempts: ReadonlyArray<{ status_code: number | null }> }>
        }
        assert.strictEqual(log.deliveries[0]!.state, "delivered")
        // The attempts the first server logged (an attempt cut by its stop is not), then the next server's delivery.
        const codes = log.deliveries[0]!.attempts.map((a) => a.status_code)
        assert.strictEqual(codes.at(-1), 200)
        assert.isAtLeast(codes.length - 1, 1)
        assert.isAtMost(codes.length - 1, refusedBeforeRestart)
        assert.isTrue(codes.slice(0, -1).every((c) => c === 503), JSON.stringify(codes))
        yield* Scope.close(second, Exit.void)
      }))
  })
})
