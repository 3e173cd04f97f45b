import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { makeWebClient, secretIn, signUpAndLogIn } from "../support/webClient.js"
import { post, promise } from "./support.js"

const PASSWORD = "correct horse battery staple racing"
const LOAD_MS = 4_000
const END_AFTER_MS = 1_500

type Web = Awaited<ReturnType<typeof signUpAndLogIn>>

/** When the load stops: not before `until`, and not before each loop has sent a request begun after the ends. */
interface Race { readonly until: number; endsDoneAt: number | null }

/**
 * Requests of one kind sent back to back by `workers` loops; the statuses seen. On a loaded machine the ends can take
 * longer than the planned load, so each loop goes on until one of its requests began after every end went through.
 */
const hammer = (workers: number, race: Race, send: (n: number) => Promise<number>) =>
  Promise.all(Array.from({ length: workers }, async (_, w) => {
    const statuses: Array<number> = []
    for (let n = 0; ; n++) {
      const startedAt = Date.now()
      statuses.push(await send(w * 10_000 + n).catch(() => 0))
      if (Date.now() >= race.until && race.endsDoneAt !== null && startedAt > race.endsDoneAt) break
    }
    return statuses
  })).then((all) => all.flat())

const count = (query: ReturnType<SqlClient.SqlClient["unsafe"]>) =>
  Effect.map(Effect.orDie(query), (rows) => Number((rows[0] as { n: number } | undefined)?.n ?? 0))

/**
 * Racing ends under load (issue 41 item 10), for the reliability run: three accounts make monitors, batch jobs, keys
 * and log-ins as fast as they can while one is deleted, one loses its last key and one changes its password. Then
 * nothing any of them made after its end survives (a monitor, a job still queued or running, a key, a session of the
 * old password, a log-in with it that works), and no job is billed for more rows than it verified.
 */
describe("racing ends under load: zero survivors, zero overbilled units", () => {
  layer(makeTestServer({
    KYB_SIGNUPS_PER_CLIENT: "1000", KYB_LOGIN_FAILURES_PER_ADDRESS: "100000", KYB_LOGIN_FAILURES_PER_CLIENT: "100000", KYB_BATCH_CONCURRENCY: "2"
  }),
    { timeout: "240 seconds", excludeTestServices: true })((it) => {
    it.effect("deletion, last-key revocation and a password change in the middle of the load", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const tenant = (email: string) => Effect.gen(function*() {
          const web: Web = yield* promise(() => signUpAndLogIn(url, email, PASSWORD))
          const [row] = yield* sql<{ id: string }>`SELECT id FROM accounts WHERE email_lower = ${email}`.pipe(Effect.orDie)
          yield* sql`UPDATE accounts SET plan = 'unlimited' WHERE id = ${row!.id}`.pipe(Effect.orDie)
          const secret = secretIn((yield* promise(() => web.submitFollowing("/dashboard", "/dashboard/keys", { label: "load" }))).text)
          assert.match(secret, /^kyb_live_/)
          return { web, accountId: row!.id, secret }
        })
        const deleted = yield* tenant("racing-deleted@example.com")
        const revoked = yield* tenant("racing-revoked@example.com")
        const changed = yield* tenant("racing-changed@example.com")
        const race: Race = { until: Date.now() + LOAD_MS, endsDoneAt: null }
        const apiLoad = (secret: string, tag: string) => [
          hammer(3, race, (n) => post(`${url}/v1/monitors`, secret, { name: `Racing ${tag} Monitor ${n} Limited` }).pipe(Effect.map((r) => r.status), Effect.runPromise)),
          hammer(2, race, (n) => post(`${url}/v1/verify/batch`, secret, [1, 2, 3].map((i) => ({ name: `Racing ${tag} Row ${n}-${i} Limited` }))).pipe(Effect.map((r) => r.status), Effect.runPromise))
        ]
        const oldLogins: Array<Web> = []
        const load = Promise.all([
          ...apiLoad(deleted.secret, "Deleted"),
          ...apiLoad(revoked.secret, "Revoked"),
          hammer(2, race, (n) => deleted.web.submitFollowing("/dashboard", "/dashboard/keys", { label: `late ${n}` }).then((r) => r.status)),
          hammer(3, race, async () => {
            const web = makeWebClient(url)
            const reply = await web.submit("/login", "/login", { email: "racing-changed@example.com", password: PASSWORD })
            if (reply.status === 303) oldLogins.push(web)
            return reply.status
          })
        ])
        yield* Effect.sleep(`${END_AFTER_MS} millis`)
        const ended = yield* promise(() => Promise.all([
          deleted.web.submit("/dashboard/account", "/dashboard/delete", { password: PASSWORD }),
          revoked.web.get("/account/api/keys").then(async () => {
            const [key] = await Effect.runPromise(sql<{ id: string }>`SELECT id FROM api_keys WHERE account_id = ${revoked.accountId}`.pipe(Effect.orDie))
            const session = await call(`${url}/account/api/session`, { headers: { cookie: `kyb_session=${revoked.web.cookie("kyb_session") ?? ""}` } })
            return call(`${url}/account/api/keys/${key!.id}/revoke`, {
              method: "POST",
              headers: { cookie: `kyb_session=${revoked.web.cookie("kyb_session") ?? ""}`, "content-type": "application/json", "x-csrf-token": (session.body as { csrf_token: string }).csrf_token },
              body: "{}"
            })
          }),
          changed.web.submit("/dashboard/account", "/dashboard/password", { current: PASSWORD, next: `${PASSWORD} changed` })
        ])).pipe(Effect.ensuring(Effect.sync(() => {
          race.endsDoneAt = Date.now()
        })))
        for (const reply of ended) assert.isBelow(reply.status, 400, "each end went through")
        const endedAt = new Date()
        const statuses = yield* promise(() => load)
        assert.isAbove(statuses.flat().filter((s) => s >= 200 && s < 300).length, 0, "the load did something before the ends")
        assert.notInclude(statuses.flat(), 500)

        // let the runner settle what the ends cancelled
        for (let i = 0; i < 60; i++) {
          const busy = yield* count(sql`SELECT count(*)::int AS n FROM batch_jobs WHERE account_id IN (${deleted.accountId}, ${revoked.accountId}) AND status IN ('queued', 'running')`)
          if (busy === 0) break
          yield* Effect.sleep("500 millis")
        }
        const survivors = {
          deletedMonitors: yield* count(sql`SELECT count(*)::int AS n FROM monitors WHERE account_id = ${deleted.accountId} AND deleted_at IS NULL`),
          deletedKeys: yield* count(sql`SELECT count(*)::int AS n FROM api_keys WHERE account_id = ${deleted.accountId} AND (revoked_at IS NULL OR revoked_at > now())`),
          deletedSessions: yield* count(sql`SELECT count(*)::int AS n FROM account_sessions WHERE account_id = ${deleted.accountId}`),
          revokedMonitors: yield* count(sql`SELECT count(*)::int AS n FROM monitors WHERE account_id = ${revoked.accountId} AND deleted_at IS NULL`),
          jobsStillRunning: yield* count(sql`SELECT count(*)::int AS n FROM batch_jobs WHERE account_id IN (${deleted.accountId}, ${revoked.accountId}) AND status IN ('queued', 'running')`),
          jobsMadeAfterTheEnd: yield* count(sql`SELECT count(*)::int AS n FROM batch_jobs WHERE account_id IN (${deleted.accountId}, ${revoked.accountId}) AND created_at > ${endedAt}`),
          oldPasswordSessionsWorking: (yield* promise(() => Promise.all(oldLogins.map((web) => web.get("/dashboard"))))).filter((r) => r.status === 200).length
        }
        const [overbilled] = yield* sql<{ n: number }>`
          SELECT coalesce(sum(greatest(0, j.charged_units - (SELECT count(*) FROM batch_items i WHERE i.job_id = j.id AND i.done))), 0)::int AS n
          FROM batch_jobs j WHERE j.account_id IN (${deleted.accountId}, ${revoked.accountId}, ${changed.accountId})`.pipe(Effect.orDie)
        yield* Effect.logInfo("racing ends").pipe(Effect.annotateLogs({ ...survivors, overbilled: overbilled!.n, requests: statuses.flat().length }))
        // the race was run: each ended account had made monitors and jobs before its end, and some were stopped by it
        assert.isAbove(yield* count(sql`SELECT count(*)::int AS n FROM monitors WHERE account_id IN (${deleted.accountId}, ${revoked.accountId})`), 0)
        assert.isAbove(yield* count(sql`SELECT count(*)::int AS n FROM batch_jobs WHERE account_id IN (${deleted.accountId}, ${revoked.accountId})`), 0)
        assert.isAbove(statuses.flat().filter((s) => s === 401).length, 0, "requests after the ends were refused")
        assert.deepStrictEqual(survivors, {
          deletedMonitors: 0, deletedKeys: 0, deletedSessions: 0, revokedMonitors: 0, jobsStillRunning: 0, jobsMadeAfterTheEnd: 0, oldPasswordSessionsWorking: 0
        })
        assert.strictEqual(overbilled!.n, 0, "units billed beyond the rows verified")
        assert.strictEqual((yield* promise(() => changed.web.get("/dashboard"))).status, 200, "the changer's own session goes on")
      }))
  })
})
