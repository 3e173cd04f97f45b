import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import * as fs from "node:fs"
import { createServer } from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixturesDir } from "../sanctions/paths.js"
import { bearer, call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { secretIn, signUpAndLogIn } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const TIMEOUT_MS = 2_000
/**
 * A delivery whose re-check came just before an end may still arrive after it: it is on its way for at most the
 * delivery timeout, and on a loaded box its event loop may start it late. Anything later was sent after the end.
 */
const IN_FLIGHT_MS = TIMEOUT_MS + 3_000

/** Entities that list versions 2..6 add one at a time: every account watches each of them. */
const PROBES = ["ALDERWOOD MARITIME HOLDINGS", "BRACKENRIDGE PETROCHEMICAL TRADING", "CASTLEFORD ARMAMENTS EXPORT", "DUNMORE SHIPPING LOGISTICS", "EVERSHAM METALS REFINERY"]

/** The SDN fixture with the first `n` probes listed (a new version each, its own publication date). */
const sdnWithProbes = (n: number) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kyb-sdn-probes-${n}-`))
  const rows = PROBES.slice(0, n).map((name, i) => `${97001 + i},"${name}",-0- ,"IRAN",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n`).join("")
  for (const file of fs.readdirSync(path.join(fixturesDir, "ofac-sdn"))) {
    const text = fs.readFileSync(path.join(fixturesDir, "ofac-sdn", file), "latin1")
    fs.writeFileSync(path.join(dir, file), file === "sdn.csv" ? text.replace("\u001a", `${rows}\u001a`) : text, "latin1")
  }
  return dir
}

/** A webhook receiver on 127.0.0.1 that answers after 50 ms (deliveries are in flight when ends come), keeping each arrival. */
const startReceiver = () =>
  promise(() => new Promise<{ base: string; arrivals: Array<{ path: string; at: number }>; close: () => void }>((resolve) => {
    const arrivals: Array<{ path: string; at: number }> = []
    const server = createServer((request, response) => {
      arrivals.push({ path: request.url ?? "", at: Date.now() })
      request.resume()
      request.on("end", () => setTimeout(() => response.writeHead(204).end(), 50))
    }).listen(0, "127.0.0.1", () => {
      const address = server.address()
      resolve({ base: `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`, arrivals, close: () => server.close() })
    })
  }))

interface Tenant {
  readonly label: string
  readonly accountId: string
  secret: string
  readonly hooks: ReadonlyArray<string>
}

/**
 * Ends under load (issue 25 item 10): five accounts watch names that five list versions add one by one, each with
 * webhooks to a real receiver and a batch job running, while one account's last key is revoked, one's rotated key
 * outlives its grace period, one deletes a webhook, one is deleted, and one goes on. After each end: no event, no
 * check (a job step or a monitor's re-screen), no pending delivery, and nothing arrives at the receiver later than
 * a delivery already sent could (the delivery timeout); the account left alone gets every version's events.
 */
describe("ends under load (issue 25)", () => {
  layer(makeTestServer({
    SANCTIONS_POLL_INTERVAL: "150 millis",
    KYB_MONITOR_POLL: "150 millis",
    KYB_WEBHOOK_POLL: "100 millis",
    KYB_WEBHOOK_ALLOW_PRIVATE: "true",
    KYB_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    KYB_GRACE_SWEEP: "150 millis"
  }), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect("after each end, no event, job step or delivery for it; the account left alone gets every change", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const receiver = yield* startReceiver()
        yield* ingestSanctions([sdnWithProbes(0)], { publishedOn: "2024-06-01" }).pipe(Effect.orDie)
        const post = (secret: string, route: string, body: unknown) =>
          promise(() => call(`${server.url}${route}`, { method: "POST", headers: { ...bearer(secret), "content-type": "application/json" }, body: JSON.stringify(body) }))
        const accountOf = (secret: string) =>
          sql<{ account_id: string }>`SELECT account_id FROM api_keys WHERE secret_prefix = ${secret.slice(0, 13)}`.pipe(Effect.map((r) => r[0]!.account_id))

        // "deleted" is a self-serve account (deleted through its dashboard); the others are operators' accounts.
        const web = yield* promise(() => signUpAndLogIn(server.url, "ends-under-load@example.com", "correct horse battery staple"))
        const webSecret = secretIn((yield* promise(() => web.submitFollowing("/dashboard", "/dashboard/keys", { label: "load" }))).text)
        const tenants: Record<string, Tenant> = {}
        for (const label of ["revoked", "graced", "unhooked", "deleted", "control"]) {
          const secret = label === "deleted" ? webSecret : yield* server.newKey({ plan: "unlimited" })
          const hooks: Array<string> = []
          for (const n of [1, 2]) {
            const reply = yield* post(secret, "/v1/webhooks", { url: `${receiver.base}/${label}/${n}`, events: ["sanctions.hit_added"] })
            assert.strictEqual(reply.status, 201, reply.text)
            hooks.push((reply.body as { id: string }).id)
          }
          for (const name of PROBES) assert.strictEqual((yield* post(secret, "/v1/monitors", { name })).status, 201)
          const job = yield* post(secret, "/v1/verify/batch", Array.from({ length: label === "deleted" ? 60 : 400 }, (_, i) => ({ name: `${label} supplier ${i} trading` })))
          assert.strictEqual(job.status, 202, job.text)
          tenants[label] = { label, accountId: yield* accountOf(secret), secret, hooks }
        }
        const eventsOf = (accountId: string, since = new Date(0)) =>
          sql<{ data: { listed_name: string } }>`SELECT data FROM events WHERE account_id = ${accountId} AND created_at > ${since}`
        const listedFor = (tenant: Tenant) => Effect.map(eventsOf(tenant.accountId), (rows) => new Set(rows.map((r) => r.data.listed_name)))
        const dbNow = Effect.map(sql<{ now: Date }>`SELECT clock_timestamp() AS now`, (rows) => rows[0]!.now)
        let revokedLateJob = ""
        const ends: Array<{ readonly tenant: Tenant; readonly scope: "account" | "webhook"; readonly at: Date; readonly wallAt: number }> = []
        const ended = (tenant: Tenant, scope: "account" | "webhook") =>
          Effect.flatMap(dbNow, (at) => Effect.sync(() => ends.push({ tenant, scope, at, wallAt: Date.now() })))

        for (let version = 1; version <= PROBES.length; version++) {
          yield* ingestSanctions([sdnWithProbes(version)], { publishedOn: `2024-06-0${version + 1}` }).pipe(Effect.orDie)
          const live = Object.values(tenants).filter((t) => !ends.some((e) => e.tenant === t && e.scope === "account"))
          // Every account still running has this version's event before the next end comes.
          for (const tenant of live) {
            yield* listedFor(tenant).pipe(
              Effect.filterOrFail((names) => names.has(PROBES[version - 1]!)),
              Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo({ duration: "60 seconds" }))),
              Effect.mapError(() => new Error(`${tenant.label}: no event for version ${version + 1}`)),
              Effect.orDie
            )
          }
          if (version === 1) {
            // A job of the most rows taken in just before the end: however fast the box, it is queued or running when the end comes.
            const late = yield* post(tenants["revoked"]!.secret, "/v1/verify/batch", Array.from({ length: 1000 }, (_, i) => ({ name: `late supplier ${i} trading` })))
            assert.strictEqual(late.status, 202, late.text)
            revokedLateJob = (late.body as { id: string }).id
            yield* server.revokeKey(tenants["revoked"]!.secret)
            yield* ended(tenants["revoked"]!, "account")
          }
          if (version === 2) {
            const unhooked = tenants["unhooked"]!
            const removed = yield* promise(() => call(`${server.url}/v1/webhooks/${unhooked.hooks[0]}`, { method: "DELETE", headers: bearer(unhooked.secret) }))
            assert.strictEqual(removed.status, 200)
            yield* ended(unhooked, "webhook")
            const deleted = yield* promise(() => web.submit("/dashboard/account", "/dashboard/delete", { password: "correct horse battery staple" }))
            assert.strictEqual(deleted.status, 200)
            yield* ended(tenants["deleted"]!, "account")
            // Rotation with a grace period, and then the new key revoked: the old key is the last live one.
            const graced = tenants["graced"]!
            const fresh = yield* server.newKey({ plan: "unlimited", accountId: graced.accountId })
            yield* sql`UPDATE api_keys SET revoked_at = now() + interval '1 hour' WHERE secret_prefix = ${graced.secret.slice(0, 13)}`
            yield* server.revokeKey(fresh)
          }
          if (version === 3) {
            // The grace period is over: the sweep ends the account.
            const graced = tenants["graced"]!
            yield* sql`UPDATE api_keys SET revoked_at = now() WHERE secret_prefix = ${graced.secret.slice(0, 13)}`
            yield* sql<{ applied: boolean }>`SELECT end_applied_at IS NOT NULL AS applied FROM api_keys WHERE secret_prefix = ${graced.secret.slice(0, 13)}`.pipe(
              Effect.filterOrFail((rows) => rows[0]?.applied === true),
              Effect.retry(Schedule.spaced("50 millis").pipe(Schedule.upTo({ duration: "20 seconds" }))),
              Effect.orDie
            )
            yield* ended(graced, "account")
          }
        }

        // Quiet: the control account's job done and its deliveries all made, then one delivery timeout more for anything in flight.
        const control = tenants["control"]!
        yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM webhook_deliveries WHERE account_id = ${control.accountId} AND state = 'pending'`.pipe(
          Effect.filterOrFail((rows) => rows[0]!.n === 0),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "60 seconds" }))),
          Effect.orDie
        )
        yield* sql<{ status: string }>`SELECT status FROM batch_jobs WHERE account_id = ${control.accountId}`.pipe(
          Effect.filterOrFail((rows) => rows[0]?.status === "done"),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "120 seconds" }))),
          Effect.orDie
        )
        yield* Effect.sleep(`${IN_FLIGHT_MS} millis`)

        assert.deepStrictEqual([...yield* listedFor(control)].sort(), [...PROBES].sort(), "the account left alone got every version's event")
        const controlArrivals = receiver.arrivals.filter((a) => a.path.startsWith("/control/"))
        assert.strictEqual(controlArrivals.length, PROBES.length * 2, "each event delivered once to each of its two webhooks")
        for (const end of ends) {
          const { tenant } = end
          const late = receiver.arrivals.filter((a) =>
            a.at > end.wallAt + IN_FLIGHT_MS && (end.scope === "account" ? a.path.startsWith(`/${tenant.label}/`) : a.path === `/${tenant.label}/1`))
          assert.deepStrictEqual(late, [], `${tenant.label}: a delivery after its end`)
          const [pending] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM webhook_deliveries
            WHERE state = 'pending' AND ${end.scope === "account" ? sql`account_id = ${tenant.accountId}` : sql`webhook_id = ${tenant.hooks[0]!}`}`
          assert.strictEqual(pending!.n, 0, `${tenant.label}: pending deliveries after its end`)
          if (end.scope === "webhook") {
            assert.isAbove(receiver.arrivals.filter((a) => a.path === `/${tenant.label}/2` && a.at > end.wallAt).length, 0, "its other webhook goes on")
            continue
          }
          assert.deepStrictEqual(yield* eventsOf(tenant.accountId, end.at), [], `${tenant.label}: an event after its end`)
          const [checks] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM checks WHERE account_id = ${tenant.accountId} AND created_at > ${end.at}`
          assert.strictEqual(checks!.n, 0, `${tenant.label}: a job step or re-screen kept after its end`)
          const jobs = yield* sql<{ status: string }>`SELECT status FROM batch_jobs WHERE account_id = ${tenant.accountId}`
          assert.isTrue(jobs.every((j) => j.status === "cancelled" || j.status === "done"), `${tenant.label}: ${JSON.stringify(jobs)}`)
        }
        // The ends came while jobs ran: the job taken in just before the revocation was cut short, the control's finished.
        const [revokedJob] = yield* sql<{ status: string }>`SELECT status FROM batch_jobs WHERE id = ${revokedLateJob}`
        assert.strictEqual(revokedJob!.status, "cancelled")
        const [controlJob] = yield* sql<{ status: string }>`SELECT status FROM batch_jobs WHERE account_id = ${control.accountId}`
        assert.strictEqual(controlJob!.status, "done")
        receiver.close()
      }), 240_000)
  })
})
