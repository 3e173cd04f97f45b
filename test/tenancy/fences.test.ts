import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import { periodOf } from "../../src/domain/quotaWindow.js"
import { call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { makeWebClient, signUpAndLogIn } from "../support/webClient.js"
import { makeFenceProbe } from "./fenceProbe.js"
import { keyIdOf, post, promise } from "./support.js"

const PASSWORD = "correct horse battery staple 41"
const probe = makeFenceProbe()

type Web = Awaited<ReturnType<typeof signUpAndLogIn>>

/** A JSON call of the dashboard's API with the browser's session cookie and its CSRF token. */
const accountApi = (url: string, web: Web, path: string, body: unknown) =>
  promise(async () => {
    const cookie = { cookie: `kyb_session=${web.cookie("kyb_session") ?? ""}` }
    const session = await call(`${url}/account/api/session`, { headers: cookie })
    const csrf = (session.body as { csrf_token: string }).csrf_token
    return call(`${url}${path}`, { method: "POST", headers: { ...cookie, "content-type": "application/json", "x-csrf-token": csrf }, body: JSON.stringify(body) })
  })

const accountOf = (email: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ id: string }>`SELECT id FROM accounts WHERE email_lower = ${email}`).pipe(
    Effect.map((rows) => rows[0]!.id),
    Effect.orDie
  )

const count = (query: (sql: SqlClient.SqlClient) => Effect.Effect<ReadonlyArray<{ n: number }>, unknown>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => query(sql)).pipe(Effect.map((rows) => rows[0]?.n ?? 0), Effect.orDie)

/**
 * Ends are fences (issue 41): each row of the table as a race made deterministic. The request pauses at its
 * fence's pause point (after its own earlier checks, before its write); the end commits there; then it goes on.
 * Without the fence each would leave a survivor; with it, nothing is made and nothing is billed beyond what was done.
 */
describe("ends are fences (issue 41)", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000", KYB_BATCH_CONCURRENCY: "1", KYB_WEBHOOK_ALLOW_PRIVATE: "true", KYB_WEBHOOK_POLL: "1 hour" }).pipe(Layer.provide(probe.layer)),
    { timeout: "240 seconds", excludeTestServices: true })((it) => {
    it.effect("a log-in in flight while the account is deleted makes no session", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const owner = yield* promise(() => signUpAndLogIn(url, "gone@example.com", PASSWORD))
        const accountId = yield* accountOf("gone@example.com")
        const gate = yield* probe.arm("session")
        const other = makeWebClient(url)
        const login = yield* Effect.forkChild(promise(() => other.submit("/login", "/login", { email: "gone@example.com", password: PASSWORD })))
        yield* gate.reached
        const deleted = yield* promise(() => owner.submit("/dashboard/account", "/dashboard/delete", { password: PASSWORD }))
        assert.isBelow(deleted.status, 400, deleted.text)
        yield* gate.release
        const reply = yield* Fiber.join(login)
        assert.strictEqual(reply.status, 401, reply.text)
        assert.strictEqual(yield* count((sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM account_sessions WHERE account_id = ${accountId}`), 0)
        assert.strictEqual((yield* promise(() => other.get("/dashboard"))).status, 303)
      }))

    it.effect("a log-in with the old password in flight during a password change leaves no working session", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const owner = yield* promise(() => signUpAndLogIn(url, "change@example.com", PASSWORD))
        const accountId = yield* accountOf("change@example.com")
        const gate = yield* probe.arm("session")
        const other = makeWebClient(url)
        const login = yield* Effect.forkChild(promise(() => other.submit("/login", "/login", { email: "change@example.com", password: PASSWORD })))
        yield* gate.reached
        const changed = yield* promise(() => owner.submit("/dashboard/account", "/dashboard/password", { current: PASSWORD, next: `${PASSWORD} the second` }))
        assert.isBelow(changed.status, 400, changed.text)
        yield* gate.release
        const reply = yield* Fiber.join(login)
        assert.strictEqual(reply.status, 401, reply.text)
        assert.strictEqual((yield* promise(() => other.get("/dashboard"))).status, 303, "no session of the old password works")
        assert.strictEqual((yield* promise(() => owner.get("/dashboard"))).status, 200, "the changer's new session works")
        assert.strictEqual(yield* count((sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM account_sessions WHERE account_id = ${accountId}`), 1)
      }))

    it.effect("a key asked for while the account is deleted is never made", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const web = yield* promise(() => signUpAndLogIn(url, "keys@example.com", PASSWORD))
        const second = yield* promise(() => signUpAndLogIn(url, "keys@example.com", PASSWORD))
        const accountId = yield* accountOf("keys@example.com")
        const gate = yield* probe.arm("key")
        const asked = yield* Effect.forkChild(accountApi(url, web, "/account/api/keys", { label: "late" }))
        yield* gate.reached
        const deleted = yield* promise(() => second.submit("/dashboard/account", "/dashboard/delete", { password: PASSWORD }))
        assert.isBelow(deleted.status, 400, deleted.text)
        yield* gate.release
        const reply = yield* Fiber.join(asked)
        assert.strictEqual(reply.status, 401, reply.text)
        assert.strictEqual(yield* count((sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM api_keys WHERE account_id = ${accountId}`), 0)
      }))

    it.effect("POST /v1/monitors and a batch racing the last key's revocation: 401, nothing made, nothing runs", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        for (const [point, route, body] of [
          ["monitor", "/v1/monitors", { name: "Racing Monitor Holdings" }],
          ["batch", "/v1/verify/batch", [{ name: "Racing Batch One" }, { name: "Racing Batch Two" }]]
        ] as const) {
          const secret = yield* server.newKey({ plan: "unlimited" })
          const { account_id: accountId } = yield* keyIdOf(secret)
          const gate = yield* probe.arm(point)
          const made = yield* Effect.forkChild(post(`${server.url}${route}`, secret, body))
          yield* gate.reached
          yield* server.revokeKey(secret)
          yield* gate.release
          const reply = yield* Fiber.join(made)
          assert.strictEqual(reply.status, 401, `${route}: ${reply.text}`)
          assert.strictEqual(yield* count((sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM monitors WHERE account_id = ${accountId}`), 0)
          assert.strictEqual(yield* count((sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM batch_jobs WHERE account_id = ${accountId}`), 0)
        }
      }))

    it.effect("a job cancelled part-way (last key revoked, or the account deleted) bills only the rows it verified", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const rows = Array.from({ length: 20 }, (_, i) => ({ name: `Billing Row ${i + 1} Limited` }))
        const period = periodOf(new Date())
        // revocation: 20 units taken in, 5 rows verified when the end comes
        const secret = yield* server.newKey({ plan: "free" })
        const { account_id: accountId } = yield* keyIdOf(secret)
        const gate = yield* probe.arm("batch_row", 5)
        const submitted = yield* post(`${server.url}/v1/verify/batch`, secret, rows)
        assert.strictEqual(submitted.status, 202, submitted.text)
        yield* gate.reached
        yield* server.revokeKey(secret)
        yield* gate.release
        const job = (submitted.body as { id: string }).id
        const status = () => sql<{ status: string; verified: number }>`SELECT status,
          (SELECT count(*) FROM batch_items i WHERE i.job_id = j.id AND i.done)::int AS verified FROM batch_jobs j WHERE id = ${job}`
        const ended = yield* status().pipe(Effect.orDie)
        assert.strictEqual(ended[0]!.status, "cancelled")
        yield* Effect.sleep("300 millis")
        const [after] = yield* status().pipe(Effect.orDie)
        assert.strictEqual(after!.verified, 5, "the paused row was not kept")
        const used = yield* count((s) => s<{ n: number }>`SELECT used::int AS n FROM account_usage WHERE account_id = ${accountId} AND period = ${period}::date`)
        assert.strictEqual(used, 5, "one unit per row verified, the rest given back")

        // deletion: the departed address keeps what was really used
        const web = yield* promise(() => signUpAndLogIn(server.url, "billing@example.com", PASSWORD))
        const key = (yield* accountApi(server.url, web, "/account/api/keys", { label: "batch" })).body as { secret: string }
        const deletedGate = yield* probe.arm("batch_row", 3)
        const second = yield* post(`${server.url}/v1/verify/batch`, key.secret, rows)
        assert.strictEqual(second.status, 202, second.text)
        yield* deletedGate.reached
        const deleted = yield* promise(() => web.submit("/dashboard/account", "/dashboard/delete", { password: PASSWORD }))
        assert.isBelow(deleted.status, 400, deleted.text)
        yield* deletedGate.release
        const departed = yield* count((s) => s<{ n: number }>`SELECT used::int AS n FROM departed_usage WHERE period = ${period}::date
          AND address_sha256 = encode(sha256(convert_to('billing@example.com', 'UTF8')), 'hex')`)
        assert.strictEqual(departed, 3)
      }))

    it.effect("the console's monitor form counts against the month, and with no live key left adds nothing", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const web = yield* promise(() => signUpAndLogIn(url, "console@example.com", PASSWORD))
        const accountId = yield* accountOf("console@example.com")
        const key = (yield* accountApi(url, web, "/account/api/keys", { label: "console" })).body as { id: string; secret: string }
        const period = periodOf(new Date())
        const monitors = count((s) => s<{ n: number }>`SELECT count(*)::int AS n FROM monitors WHERE account_id = ${accountId} AND deleted_at IS NULL`)
        const added = yield* promise(() => web.submit("/dashboard/monitors", "/dashboard/monitors", { name: "Console Quota Holdings" }))
        assert.strictEqual(added.status, 303, added.text)
        assert.strictEqual(yield* count((s) => s<{ n: number }>`SELECT used::int AS n FROM account_usage WHERE account_id = ${accountId} AND period = ${period}::date`), 1)
        // the month used up: the form verifies nothing more
        yield* sql`UPDATE account_usage SET used = 100 WHERE account_id = ${accountId} AND period = ${period}::date`.pipe(Effect.orDie)
        const refused = yield* promise(() => web.submit("/dashboard/monitors", "/dashboard/monitors", { name: "Over Quota Holdings" }))
        assert.strictEqual(refused.status, 429, refused.text)
        assert.strictEqual(yield* monitors, 1)
        // nor a file of them, all or none: one unit left is not enough for two rows
        yield* sql`UPDATE account_usage SET used = 99 WHERE account_id = ${accountId} AND period = ${period}::date`.pipe(Effect.orDie)
        const file = yield* promise(() => web.upload("/dashboard/monitors", "/dashboard/monitors/upload", "name,country\nFile One Trading,NG\nFile Two Trading,NG\n"))
        assert.strictEqual(file.status, 429, file.text)
        assert.strictEqual(yield* monitors, 1)
        assert.strictEqual(yield* count((s) => s<{ n: number }>`SELECT used::int AS n FROM account_usage WHERE account_id = ${accountId} AND period = ${period}::date`), 99)
        // the last key revoked: the monitor stopped, and the console makes none
        yield* sql`UPDATE account_usage SET used = 0 WHERE account_id = ${accountId} AND period = ${period}::date`.pipe(Effect.orDie)
        const hook = yield* post(`${url}/v1/webhooks`, key.secret, { url: "http://127.0.0.1:9/fenced", events: ["sanctions.hit_added"] })
        assert.strictEqual(hook.status, 201, hook.text)
        const hookId = (hook.body as { id: string }).id
        const testEvents = count((s) => s<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE account_id = ${accountId} AND type = 'webhook.test'`)
        const revoked = yield* accountApi(url, web, `/account/api/keys/${key.id}/revoke`, {})
        assert.strictEqual(revoked.status, 200, revoked.text)
        assert.strictEqual(yield* monitors, 0)
        const noKey = yield* promise(() => web.submit("/dashboard/monitors", "/dashboard/monitors", { name: "No Key Holdings" }))
        assert.include(noKey.text, "no live API key")
        assert.strictEqual(yield* monitors, 0)
        // nor a webhook test event: deliveries stop with the last key too
        const noTest = yield* promise(() => web.submit(`/dashboard/webhooks/${hookId}`, `/dashboard/webhooks/${hookId}/test`, {}))
        assert.include(noTest.text, "no live API key")
        assert.strictEqual(yield* testEvents, 0)
        assert.strictEqual(yield* count((s) => s<{ n: number }>`SELECT used::int AS n FROM account_usage WHERE account_id = ${accountId} AND period = ${period}::date`), 1, "the webhook registered with the key before; nothing since")
      }))

    it.effect("a key in its grace period cannot be rotated again: 409 key_in_grace, nothing made", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const web = yield* promise(() => signUpAndLogIn(url, "rotate@example.com", PASSWORD))
        const accountId = yield* accountOf("rotate@example.com")
        const key = (yield* accountApi(url, web, "/account/api/keys", { label: "rotating" })).body as { id: string }
        const first = yield* accountApi(url, web, `/account/api/keys/${key.id}/rotate`, { grace: "1h" })
        assert.strictEqual(first.status, 201, first.text)
        const [before] = yield* sql<{ revoked_at: Date }>`SELECT revoked_at FROM api_keys WHERE id = ${key.id}`.pipe(Effect.orDie)
        const again = yield* accountApi(url, web, `/account/api/keys/${key.id}/rotate`, { grace: "7d" })
        assert.strictEqual(again.status, 409, again.text)
        assert.strictEqual((again.body as { error: string }).error, "key_in_grace")
        const [after] = yield* sql<{ revoked_at: Date }>`SELECT revoked_at FROM api_keys WHERE id = ${key.id}`.pipe(Effect.orDie)
        assert.strictEqual(after!.revoked_at.getTime(), before!.revoked_at.getTime())
        assert.isBelow(after!.revoked_at.getTime() - Date.now(), 3_600_000 + 1_000)
        assert.strictEqual(yield* count((s) => s<{ n: number }>`SELECT count(*)::int AS n FROM api_keys WHERE account_id = ${accountId}`), 2)
      }))
  })
})

describe("crafted values are 400, never a database error (issue 41 item 8)", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000" }), { timeout: "240 seconds", excludeTestServices: true })((it) => {
    it.effect("the console's date filters: years 0001-9999 only; the last day has no upper bound", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const web = yield* promise(() => signUpAndLogIn(url, "dates@example.com", PASSWORD))
        assert.strictEqual((yield* promise(() => web.get("/dashboard/checks?to=9999-12-31"))).status, 200)
        assert.strictEqual((yield* promise(() => web.get("/dashboard/checks?from=0001-01-01"))).status, 200)
        for (const query of ["from=0000-01-01", "to=2024-02-30", "from=10000-01-01", "to=2024-13-01"]) {
          assert.strictEqual((yield* promise(() => web.get(`/dashboard/checks?${query}`))).status, 400, query)
        }
      }))
  })
})
