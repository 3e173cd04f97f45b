import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import * as path from "node:path"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixturesDir } from "../sanctions/paths.js"
import { isErrorBody } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { allPages, get, keyIdOf as accountOf, post } from "./support.js"

/** The table's sizes, at the plans' default limits (no KYB_LIMIT_* set): what was found unbounded on c2352be. */
describe("tenancy at the sizes of the report (issue 25)", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis", KYB_WEBHOOK_POLL: "1 hour", KYB_WEBHOOK_ALLOW_PRIVATE: "true" }), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect("10,001 monitors: the last is 409 at the default limit, and the 10,000 page to the end in bounded pages", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const key = yield* server.newKey({ plan: "unlimited" })
        const { id: keyId, account_id: accountId } = yield* accountOf(key)
        yield* sql`INSERT INTO monitors (id, account_id, key_id, name, screened_name, created_at)
          SELECT gen_random_uuid()::text, ${accountId}, ${keyId}, 'Watched ' || n, 'Watched ' || n, now() - make_interval(secs => n)
          FROM generate_series(1, 9999) AS n`
        const last = yield* post(`${server.url}/v1/monitors`, key, { name: "The Ten Thousandth" })
        assert.strictEqual(last.status, 201, last.text)
        const refused = yield* post(`${server.url}/v1/monitors`, key, { name: "One Too Many" })
        assert.strictEqual(refused.status, 409)
        assert.isTrue(isErrorBody(refused.body, "limit_reached"), refused.text)
        const [held] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM monitors WHERE account_id = ${accountId}`
        assert.strictEqual(held!.n, 10_000)

        const firstPage = yield* get(`${server.url}/v1/monitors`, key)
        assert.isBelow(firstPage.text.length, 64_000, "the default page is bounded")
        const all = yield* allPages(`${server.url}/v1/monitors`, key, "monitors", 100)
        assert.strictEqual(all.pages, 100)
        assert.strictEqual(new Set(all.ids).size, 10_000)
        assert.strictEqual(all.ids[0], (last.body as { id: string }).id, "newest first")
        const [oldest] = yield* sql<{ id: string }>`SELECT id FROM monitors WHERE account_id = ${accountId} ORDER BY created_at, id LIMIT 1`
        assert.strictEqual(all.ids.at(-1), oldest!.id)
      }))

    it.effect("webhooks: the default limit of the plan, and a duplicate address, are 409 with nothing made", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const key = yield* server.newKey({ plan: "unlimited" })
        const { id: keyId, account_id: accountId } = yield* accountOf(key)
        yield* sql`INSERT INTO webhooks (id, account_id, key_id, url, events, secret_salt, secret_sha256)
          SELECT gen_random_uuid()::text, ${accountId}, ${keyId}, 'http://127.0.0.1:9/hook-' || n, ARRAY['sanctions.hit_added'], 'salt', 'hash'
          FROM generate_series(1, 49) AS n`
        const duplicate = yield* post(`${server.url}/v1/webhooks`, key, { url: "http://127.0.0.1:9/hook-7", events: ["sanctions.hit_added"] })
        assert.strictEqual(duplicate.status, 409)
        assert.isTrue(isErrorBody(duplicate.body, "webhook_exists"), duplicate.text)
        const fiftieth = yield* post(`${server.url}/v1/webhooks`, key, { url: "http://127.0.0.1:9/hook-50", events: ["sanctions.hit_added"] })
        assert.strictEqual(fiftieth.status, 201, fiftieth.text)
        const refused = yield* post(`${server.url}/v1/webhooks`, key, { url: "http://127.0.0.1:9/hook-51", events: ["sanctions.hit_added"] })
        assert.strictEqual(refused.status, 409)
        assert.isTrue(isErrorBody(refused.body, "limit_reached"), refused.text)
        const all = yield* allPages(`${server.url}/v1/webhooks`, key, "webhooks", 100)
        assert.strictEqual(new Set(all.ids).size, 50)
        const [held] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM webhooks WHERE account_id = ${accountId} AND deleted_at IS NULL`
        assert.strictEqual(held!.n, 50)
      }))

    it.effect("a webhook's 250 deliveries page to the end with a cursor (once only the newest 100 were listed)", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const key = yield* server.newKey({ plan: "unlimited" })
        const { id: keyId, account_id: accountId } = yield* accountOf(key)
        const hook = yield* post(`${server.url}/v1/webhooks`, key, { url: "http://127.0.0.1:9/deliveries", events: ["sanctions.hit_added"] })
        assert.strictEqual(hook.status, 201, hook.text)
        const hookId = (hook.body as { id: string }).id
        yield* sql`INSERT INTO events (id, account_id, key_id, type, data, created_at)
          SELECT gen_random_uuid()::text, ${accountId}, ${keyId}, 'sanctions.hit_added', '{}'::jsonb, now() - make_interval(secs => n)
          FROM generate_series(1, 250) AS n`
        yield* sql`INSERT INTO webhook_deliveries (webhook_id, event_id, account_id, state, give_up_at, next_at)
          SELECT ${hookId}, id, ${accountId}, 'pending', now() + interval '1 day', now() + interval '1 hour' FROM events WHERE account_id = ${accountId}`
        const { ids, pages } = yield* allPages(`${server.url}/v1/webhooks/${hookId}/deliveries`, key, "deliveries", 100)
        assert.strictEqual(pages, 3)
        assert.strictEqual(new Set(ids).size, 250)
      }))

    it.effect("620 decisions: every one is listable, and the oldest, past the 500 once shown, still dismisses its exact SDN match", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        const key = yield* server.newKey({ plan: "unlimited" })
        const { id: keyId, account_id: accountId } = yield* accountOf(key)
        yield* get(`${server.url}/v1/verify?name=Banco%20Nacional%20de%20Cuba`, key).pipe(
          Effect.filterOrFail((r) => JSON.stringify(r.body).includes("\"entry_id\":\"306\"")),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "60 seconds" }))),
          Effect.orDie
        )
        const decided = yield* post(`${server.url}/v1/decisions`, key, {
          name: "BANCO NACIONAL DE CUBA", list: "ofac_sdn", entry_id: "306", decision: "false_positive", note: "the Panamanian namesake"
        })
        assert.strictEqual(decided.status, 201, decided.text)
        // 619 newer decisions on other subjects put it past the first 500.
        yield* sql`INSERT INTO decisions (id, account_id, key_id, subject, subject_key, list, entry_id, entry_hash, decision, note, created_at)
          SELECT gen_random_uuid()::text, ${accountId}, ${keyId}, jsonb_build_object('name', 'Subject ' || n), 'name:subject ' || n, 'ofac_sdn', n::text,
            'hash', 'false_positive', NULL, now() + make_interval(secs => n)
          FROM generate_series(1, 619) AS n`
        const all = yield* allPages(`${server.url}/v1/decisions`, key, "decisions", 100)
        assert.strictEqual(all.ids.length, 620)
        assert.strictEqual(all.ids.at(-1), (decided.body as { id: string }).id)
        const verdict = (yield* get(`${server.url}/v1/verify?name=Banco%20Nacional%20de%20Cuba`, key)).body as {
          sanctions: { result: string; hits: ReadonlyArray<{ entry_id: string; dismissed: boolean }> }
        }
        assert.isTrue(verdict.sanctions.hits.find((h) => h.entry_id === "306")!.dismissed)
        assert.strictEqual(verdict.sanctions.result, "clear")
      }))
  })
})
