import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { DecisionsRepo } from "../../src/decisions/DecisionsRepo.js"
import { bearer, call, isErrorBody } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { allPages, get, keyIdOf, post, promise } from "./support.js"

// Never listened on: deliveries to it fail on 127.0.0.1 and nothing leaves the machine.
const hookUrl = (n: number) => `http://127.0.0.1:9/hook-${n}`
const del = (url: string, secret: string) => promise(() => call(url, { method: "DELETE", headers: bearer(secret) }))

describe("tenancy (issue 25)", () => {
  layer(makeTestServer({
    KYB_WEBHOOK_ALLOW_PRIVATE: "true",
    KYB_WEBHOOK_POLL: "1 hour",
    KYB_LIMIT_MONITORS: "5",
    KYB_LIMIT_WEBHOOKS: "3",
    KYB_GRACE_SWEEP: "200 millis"
  }), { timeout: "180 seconds", excludeTestServices: true })((it) => {
    it.effect("the account owns what its keys make: a new key sees it all after the old one is revoked; ?key_id= narrows to one key", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const old = yield* server.newKey({ plan: "unlimited" })
        const { id: oldId, account_id: accountId } = yield* keyIdOf(old)
        const verdict = (yield* get(`${server.url}/v1/verify?name=Tenancy%20Holdings`, old)).body as { check_id: string }
        const monitor = (yield* post(`${server.url}/v1/monitors`, old, { name: "Tenancy Holdings" })).body as { id: string }
        const hook = (yield* post(`${server.url}/v1/webhooks`, old, { url: hookUrl(1), events: ["sanctions.hit_added"] })).body as { id: string }
        // rotation with immediate grace: a new key of the account, the old one revoked at once
        const fresh = yield* server.newKey({ plan: "unlimited", accountId })
        yield* server.revokeKey(old)
        assert.strictEqual((yield* get(`${server.url}/v1/checks`, old)).status, 401)
        assert.strictEqual((yield* get(`${server.url}/v1/checks/${verdict.check_id}`, fresh)).status, 200)
        // the check asked for and the one the monitor was made with
        const listed = ((yield* get(`${server.url}/v1/checks`, fresh)).body as { checks: Array<{ id: string }> }).checks.map((c) => c.id)
        assert.strictEqual(listed.length, 2)
        assert.include(listed, verdict.check_id)
        assert.strictEqual((yield* get(`${server.url}/v1/monitors/${monitor.id}`, fresh)).status, 200)
        assert.deepStrictEqual(((yield* get(`${server.url}/v1/webhooks`, fresh)).body as { webhooks: Array<{ id: string }> }).webhooks.map((w) => w.id), [hook.id])
        // the monitor was not stopped: a live key was left
        assert.strictEqual(((yield* get(`${server.url}/v1/monitors`, fresh)).body as { monitors: Array<unknown> }).monitors.length, 1)
        // ?key_id=: only what one key made
        yield* get(`${server.url}/v1/verify?name=Made%20By%20Fresh`, fresh)
        const { id: freshId } = yield* keyIdOf(fresh)
        const mine = (yield* get(`${server.url}/v1/checks?key_id=${freshId}`, fresh)).body as { checks: Array<{ input: { name: string } }> }
        assert.deepStrictEqual(mine.checks.map((c) => c.input.name), ["Made By Fresh"])
        const theirs = (yield* get(`${server.url}/v1/checks?key_id=${oldId}`, fresh)).body as { checks: Array<{ id: string }> }
        assert.deepStrictEqual(theirs.checks.map((c) => c.id).sort(), [...listed].sort())
        const bad = yield* get(`${server.url}/v1/monitors?key_id=nope`, fresh)
        assert.strictEqual(bad.status, 400)
        assert.isTrue(isErrorBody(bad.body, "invalid_request"), bad.text)
        // another account sees none of it
        const stranger = yield* server.newKey({ plan: "unlimited" })
        assert.strictEqual((yield* get(`${server.url}/v1/checks/${verdict.check_id}`, stranger)).status, 404)
        assert.strictEqual((yield* get(`${server.url}/v1/monitors/${monitor.id}`, stranger)).status, 404)
      }))

    it.effect("caps per plan: the monitor and webhook past the limit and a duplicate URL are 409, nothing made; lists page to the end", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const key = yield* server.newKey({ plan: "unlimited" })
        const { account_id: accountId } = yield* keyIdOf(key)
        const made: Array<string> = []
        for (let i = 0; i < 5; i++) {
          const reply = yield* post(`${server.url}/v1/monitors`, key, { name: `Capped Monitor ${i}` })
          assert.strictEqual(reply.status, 201, reply.text)
          made.push((reply.body as { id: string }).id)
        }
        const sixth = yield* post(`${server.url}/v1/monitors`, key, { name: "One Too Many" })
        assert.strictEqual(sixth.status, 409)
        assert.isTrue(isErrorBody(sixth.body, "limit_reached"), sixth.text)
        assert.match((sixth.body as { message: string }).message, /^monitors: this account has 5 of the 5/)
        const counted = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM monitors WHERE account_id = ${accountId}`
        assert.strictEqual(counted[0]!.n, 5)
        const pages = yield* allPages(`${server.url}/v1/monitors`, key, "monitors", 2)
        assert.deepStrictEqual(pages.ids, [...made].reverse())
        assert.strictEqual(pages.pages, 3)

        assert.strictEqual((yield* post(`${server.url}/v1/webhooks`, key, { url: hookUrl(10), events: ["sanctions.hit_added"] })).status, 201)
        const duplicate = yield* post(`${server.url}/v1/webhooks`, key, { url: hookUrl(10), events: ["sanctions.hit_removed"] })
        assert.strictEqual(duplicate.status, 409)
        assert.isTrue(isErrorBody(duplicate.body, "webhook_exists"), duplicate.text)
        assert.strictEqual((yield* post(`${server.url}/v1/webhooks`, key, { url: hookUrl(11), events: ["sanctions.hit_added"] })).status, 201)
        assert.strictEqual((yield* post(`${server.url}/v1/webhooks`, key, { url: hookUrl(12), events: ["sanctions.hit_added"] })).status, 201)
        const fourth = yield* post(`${server.url}/v1/webhooks`, key, { url: hookUrl(13), events: ["sanctions.hit_added"] })
        assert.strictEqual(fourth.status, 409)
        assert.isTrue(isErrorBody(fourth.body, "limit_reached"), fourth.text)
        assert.strictEqual((yield* allPages(`${server.url}/v1/webhooks`, key, "webhooks", 2)).ids.length, 3)

        // concurrent makers cannot both take the last place
        const other = yield* server.newKey({ plan: "unlimited" })
        const replies = yield* Effect.all(
          Array.from({ length: 12 }, (_, i) => post(`${server.url}/v1/monitors`, other, { name: `Raced ${i}` })),
          { concurrency: "unbounded" }
        )
        assert.strictEqual(replies.filter((r) => r.status === 201).length, 5)
        assert.strictEqual(replies.filter((r) => r.status === 409).length, 7)
      }))

    it.effect("revoking the last key stops the monitors, cancels the jobs and the pending deliveries; deleting a webhook cancels its own", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const key = yield* server.newKey({ plan: "unlimited" })
        const { id: keyId, account_id: accountId } = yield* keyIdOf(key)
        const monitor = (yield* post(`${server.url}/v1/monitors`, key, { name: "Ending Monitor" })).body as { id: string }
        const kept = (yield* post(`${server.url}/v1/webhooks`, key, { url: hookUrl(20), events: ["sanctions.hit_added"] })).body as { id: string }
        const dropped = (yield* post(`${server.url}/v1/webhooks`, key, { url: hookUrl(21), events: ["sanctions.hit_added"] })).body as { id: string }
        const eventId = "5b0c2a9e-7d41-4f3a-9e6b-1c2d3e4f5a6b"
        yield* sql`INSERT INTO events (id, account_id, key_id, type, data) VALUES (${eventId}, ${accountId}, ${keyId}, 'sanctions.hit_added', '{}')`
        yield* sql`INSERT INTO webhook_deliveries (webhook_id, event_id, account_id, state, give_up_at, next_at) VALUES
          (${kept.id}, ${eventId}, ${accountId}, 'pending', now() + interval '1 day', now() + interval '1 hour'),
          (${dropped.id}, ${eventId}, ${accountId}, 'pending', now() + interval '1 day', now() + interval '1 hour')`
        yield* sql`INSERT INTO batch_jobs (id, account_id, key_id, body_sha256, status, total, claimed_by, heartbeat_at)
          VALUES ('00000000-0000-4000-8000-00000000e4d5', ${accountId}, ${keyId}, 'x', 'running', 1, 'runner_elsewhere', now() + interval '1 hour')`

        assert.strictEqual((yield* del(`${server.url}/v1/webhooks/${dropped.id}`, key)).status, 200)
        const afterDelete = yield* sql<{ webhook_id: string; state: string }>`SELECT webhook_id, state FROM webhook_deliveries WHERE event_id = ${eventId}`
        assert.deepStrictEqual(Object.fromEntries(afterDelete.map((d) => [d.webhook_id, d.state])), { [kept.id]: "pending", [dropped.id]: "cancelled" })
        const listed = (yield* get(`${server.url}/v1/webhooks/${kept.id}/deliveries`, key)).body as { deliveries: Array<{ state: string }> }
        assert.deepStrictEqual(listed.deliveries.map((d) => d.state), ["pending"])

        yield* server.revokeKey(key)
        const [state] = yield* sql<{ monitor_deleted: boolean; job: string; deliveries: string }>`SELECT
          (SELECT deleted_at IS NOT NULL FROM monitors WHERE id = ${monitor.id}) AS monitor_deleted,
          (SELECT status FROM batch_jobs WHERE id = '00000000-0000-4000-8000-00000000e4d5') AS job,
          (SELECT string_agg(DISTINCT state, ',') FROM webhook_deliveries WHERE account_id = ${accountId}) AS deliveries`
        assert.deepStrictEqual(state, { monitor_deleted: true, job: "cancelled", deliveries: "cancelled" })
      }))

    it.effect("a rotated key whose grace period ends as the account's last live key ends what the account runs, as a revocation does", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const old = yield* server.newKey({ plan: "unlimited" })
        const { id: oldId, account_id: accountId } = yield* keyIdOf(old)
        const monitor = (yield* post(`${server.url}/v1/monitors`, old, { name: "Graceful Monitor" })).body as { id: string }
        // Rotated with a grace period: the old key lives on; then the new key is revoked at once.
        const fresh = yield* server.newKey({ plan: "unlimited", accountId })
        yield* sql`UPDATE api_keys SET revoked_at = now() + interval '1 hour' WHERE id = ${oldId}`
        yield* server.revokeKey(fresh)
        yield* sql`INSERT INTO batch_jobs (id, account_id, key_id, body_sha256, status, total, claimed_by, heartbeat_at)
          VALUES ('00000000-0000-4000-8000-0000000067ac', ${accountId}, ${oldId}, 'x', 'running', 1, 'runner_elsewhere', now() + interval '1 hour')`
        const stateOf = sql<{ monitor_deleted: boolean; job: string; applied: boolean }>`SELECT
          (SELECT deleted_at IS NOT NULL FROM monitors WHERE id = ${monitor.id}) AS monitor_deleted,
          (SELECT status FROM batch_jobs WHERE id = '00000000-0000-4000-8000-0000000067ac') AS job,
          (SELECT end_applied_at IS NOT NULL FROM api_keys WHERE id = ${oldId}) AS applied`.pipe(Effect.map((rows) => rows[0]!))
        // The sweep runs every 200 ms: while the grace period lasts, nothing ends.
        yield* Effect.sleep("600 millis")
        assert.deepStrictEqual(yield* stateOf, { monitor_deleted: false, job: "running", applied: false })
        assert.strictEqual((yield* get(`${server.url}/v1/monitors/${monitor.id}`, old)).status, 200)
        // The grace period is over.
        yield* sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${oldId}`
        const ended = yield* stateOf.pipe(
          Effect.filterOrFail((s) => s.applied),
          Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo({ duration: "20 seconds" }))),
          Effect.orDie
        )
        assert.deepStrictEqual(ended, { monitor_deleted: true, job: "cancelled", applied: true })
        assert.strictEqual((yield* get(`${server.url}/v1/monitors`, old)).status, 401)
      }))

    it.effect("a name's decision applies in the country it was recorded for, or everywhere without one; a newer one supersedes, history kept", () =>
      Effect.gen(function*() {
        const repo = yield* DecisionsRepo
        const server = yield* TestServer
        const key = yield* server.newKey({ plan: "unlimited" })
        const { id: keyId, account_id: accountId } = yield* keyIdOf(key)
        const record = (id: string, scopeCountry: string | null, decision: string) =>
          repo.insert({
            id, accountId, keyId, decidedBy: null, subject: { name: "Acme" }, subjectKey: "name:acme", list: "ofac_sdn", entryId: "7",
            entryHash: "h", decision, note: null, scopeCountry, approval: "not_needed", caseId: null, proposalId: id
          }).pipe(Effect.orDie)
        const inForce = (country: string | null) =>
          Effect.map(repo.applicable(accountId, ["name:acme"], ["7"], country).pipe(Effect.orDie), (rows) => rows.map((r) => r.id).sort())
        yield* record("d-ly", "LY", "false_positive")
        assert.deepStrictEqual(yield* inForce("LY"), ["d-ly"])
        for (const country of ["ZA", "KE", null]) assert.deepStrictEqual(yield* inForce(country), [], String(country))
        yield* record("d-all", null, "false_positive")
        assert.deepStrictEqual(yield* inForce("ZA"), ["d-all"])
        assert.deepStrictEqual(yield* inForce(null), ["d-all"])
        yield* record("d-ly-2", "LY", "confirmed")
        assert.deepStrictEqual(yield* inForce("LY"), ["d-all", "d-ly-2"])
        const history = yield* repo.list(accountId, { keyId: null, inForce: false, afterId: null, limit: 10 }).pipe(Effect.orDie)
        assert.deepStrictEqual(Object.fromEntries(history.map((d) => [d.id, d.superseded_by])), { "d-ly": "d-ly-2", "d-all": null, "d-ly-2": null })
        const listed = (yield* get(`${server.url}/v1/decisions?in_force=true`, key)).body as { decisions: Array<{ id: string }> }
        assert.deepStrictEqual(listed.decisions.map((d) => d.id).sort(), ["d-all", "d-ly-2"])
      }).pipe(Effect.provide(DecisionsRepo.Default)))
  })
})

