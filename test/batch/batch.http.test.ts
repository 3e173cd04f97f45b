import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { bearer, call, isErrorBody, type Reply } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
type Body = Record<string, unknown>
interface JobBody {
  readonly id: string
  readonly status: string
  readonly total: number
  readonly done: number
  readonly failed: number
  readonly results: ReadonlyArray<{ position: number; input: unknown; verdict: Body | null; error: Body | null }> | null
}

const submit = (url: string, headers: Record<string, string>, body: string, contentType = "application/json") =>
  promise(() => call(`${url}/v1/verify/batch`, { method: "POST", headers: { ...headers, "content-type": contentType }, body }))

/** Polls the job until it is done (bounded). */
const finished = (url: string, headers: Record<string, string>, id: string) =>
  promise(() => call(`${url}/v1/jobs/${id}`, { headers })).pipe(
    Effect.filterOrFail((r) => (r.body as JobBody).status === "done"),
    Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "90 seconds" }))),
    Effect.orDie,
    Effect.map((r) => r.body as JobBody)
  )

const used = (reply: Reply) => Number(reply.headers.get("x-ratelimit-limit")) - Number(reply.headers.get("x-ratelimit-remaining"))

describe("batch verification (issue 17)", () => {
  layer(makeTestServer({ KYB_BATCH_POLL: "200 millis", KYB_BATCH_STALE_SECONDS: "1" }), { timeout: "180 seconds", excludeTestServices: true })((it) => {
    it.effect("a mixed batch: 202 at once, results in input order with a check each, refused rows in place, quota exact", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        yield* (yield* CompanyWriter).upsertBatch([{
          country: "NG", registration_no: "RC 208767", legal_name: "Dangote Cement PLC", status: "active",
          source: "Corporate Affairs Commission (NG-CAC)", source_kind: "registry", last_verified_at: new Date().toISOString()
        }]).pipe(Effect.orDie)
        const key = bearer(yield* server.newKey({ plan: "free", quota: 50 }))
        const first = yield* promise(() => call(`${server.url}/v1/search?q=x`, { headers: key }))
        const rows = [
          { name: "Dangote Cement", country: "NG" },
          { registration_no: "RC208767", country: "NG" },
          { country: "NG" },
          { name: "Acme Trading Limited" },
          { name: 42 }
        ]
        const accepted = yield* submit(server.url, key, JSON.stringify(rows))
        assert.strictEqual(accepted.status, 202, accepted.text)
        const job = accepted.body as JobBody
        assert.strictEqual(job.total, 5)
        assert.include(["queued", "running", "done"], job.status)
        assert.strictEqual(used(accepted), used(first) + 3, "one unit per row verified, the request's own included")
        const done = yield* finished(server.url, key, job.id)
        assert.deepStrictEqual(done.results!.map((r) => r.position), [0, 1, 2, 3, 4])
        assert.deepStrictEqual(done.results!.map((r) => r.input), rows)
        assert.strictEqual(done.failed, 2)
        // No sanctions list is loaded here: a verdict is review (sanctions_unavailable), the company found or not.
        assert.strictEqual(done.results![0]!.verdict!["registered"], true)
        assert.strictEqual(done.results![0]!.verdict!["review_reason"], "sanctions_unavailable")
        assert.strictEqual(done.results![1]!.verdict!["registered"], true)
        assert.isNull(done.results![2]!.verdict)
        assert.strictEqual(done.results![2]!.error!["error"], "invalid_request")
        assert.strictEqual(done.results![3]!.verdict!["registered"], false)
        const check = yield* promise(() => call(`${server.url}/v1/checks/${done.results![0]!.verdict!["check_id"]}`, { headers: key }))
        assert.deepStrictEqual((check.body as Body)["verdict"], done.results![0]!.verdict)
        // The job's own reads count like any request, the rows never again.
        const after = yield* promise(() => call(`${server.url}/v1/search?q=x`, { headers: key }))
        const reads = yield* Effect.sync(() => used(after) - used(accepted))
        assert.isAtLeast(reads, 2)

        const stranger = bearer(yield* server.newKey({ plan: "unlimited" }))
        const foreign = yield* promise(() => call(`${server.url}/v1/jobs/${job.id}`, { headers: stranger }))
        assert.strictEqual(foreign.status, 404)
        assert.isTrue(isErrorBody(foreign.body, "job_not_found"))
      }))

    it.effect("1,000 mixed rows: every row answered in order, each verified row a distinct check, the quota exact", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const key = bearer(yield* server.newKey({ plan: "free", quota: 5000 }))
        const before = yield* promise(() => call(`${server.url}/v1/search?q=x`, { headers: key }))
        const rows = Array.from({ length: 1000 }, (_, i) =>
          i % 10 === 9 ? { country: "NG" } : i % 3 === 0 ? { registration_no: `RC ${100000 + i}`, country: "NG" } : { name: `Batch Company ${i}`, country: "GH" })
        const started = Date.now()
        const accepted = yield* submit(server.url, key, JSON.stringify(rows))
        assert.strictEqual(accepted.status, 202, accepted.text)
        assert.strictEqual(used(accepted), used(before) + 900, "900 rows verified: 900 units, the request's own included")
        const done = yield* finished(server.url, key, (accepted.body as JobBody).id)
        const seconds = (Date.now() - started) / 1000
        assert.strictEqual(done.results!.length, 1000)
        assert.strictEqual(done.failed, 100)
        assert.deepStrictEqual(done.results!.map((r) => r.position), rows.map((_, i) => i))
        const checks = done.results!.flatMap((r) => (r.verdict === null ? [] : [String(r.verdict["check_id"])]))
        assert.strictEqual(new Set(checks).size, 900)
        console.info(`batch of 1,000 rows (900 verified) done in ${seconds.toFixed(1)} s`)
      }))

    it.effect("Idempotency-Key: the same body returns the same job and creates nothing; another body is 409", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const key = bearer(yield* server.newKey({ plan: "unlimited" }))
        const body = JSON.stringify([{ name: "Idem One" }, { name: "Idem Two" }])
        const headers = { ...key, "idempotency-key": "order-42" }
        const first = yield* submit(server.url, headers, body)
        const jobs = Number((yield* sql<{ n: number }>`SELECT count(*) AS n FROM batch_jobs`)[0]!.n)
        const replay = yield* submit(server.url, headers, body)
        assert.strictEqual(replay.status, 202)
        assert.strictEqual((replay.body as JobBody).id, (first.body as JobBody).id)
        assert.strictEqual(Number((yield* sql<{ n: number }>`SELECT count(*) AS n FROM batch_jobs`)[0]!.n), jobs)
        const other = yield* submit(server.url, headers, JSON.stringify([{ name: "Something else" }]))
        assert.strictEqual(other.status, 409)
        assert.isTrue(isErrorBody(other.body, "idempotency_key_reused"))
      }))

    it.effect("a batch larger than the quota left is refused whole: 429 with Retry-After, nothing stored or counted", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const key = bearer(yield* server.newKey({ plan: "free", quota: 10 }))
        const before = yield* promise(() => call(`${server.url}/v1/search?q=x`, { headers: key }))
        const jobs = Number((yield* sql<{ n: number }>`SELECT count(*) AS n FROM batch_jobs`)[0]!.n)
        const refused = yield* submit(server.url, key, JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ name: `Company ${i}` }))))
        assert.strictEqual(refused.status, 429)
        assert.isTrue(isErrorBody(refused.body, "quota_exceeded"))
        assert.isAbove(Number(refused.headers.get("retry-after")), 0)
        assert.strictEqual(Number((yield* sql<{ n: number }>`SELECT count(*) AS n FROM batch_jobs`)[0]!.n), jobs)
        const after = yield* promise(() => call(`${server.url}/v1/search?q=x`, { headers: key }))
        assert.strictEqual(used(after), used(before) + 1, "the refused batch took nothing")
        const fits = yield* submit(server.url, key, JSON.stringify(Array.from({ length: 8 }, (_, i) => ({ name: `Company ${i}` }))))
        assert.strictEqual(fits.status, 202)
        assert.strictEqual(fits.headers.get("x-ratelimit-remaining"), "0")
      }))

    it.effect("CSV in; results as JSON Lines and CSV, in input order; bad CSV is 400", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const key = bearer(yield* server.newKey({ plan: "unlimited" }))
        const csv = "name,country,registration_no\r\n\"Dangote Cement, PLC\",NG,\r\n,NG,RC208767\r\n=cmd,,\r\n"
        const accepted = yield* submit(server.url, key, csv, "text/csv")
        assert.strictEqual(accepted.status, 202, accepted.text)
        const job = yield* finished(server.url, key, (accepted.body as JobBody).id)
        assert.strictEqual(job.total, 3)
        const lines = yield* promise(() => call(`${server.url}/v1/jobs/${job.id}/results.jsonl`, { headers: key }))
        assert.strictEqual(lines.status, 200)
        assert.match(lines.headers.get("content-type") ?? "", /application\/x-ndjson/)
        const parsed = lines.text.trim().split("\n").map((l) => JSON.parse(l) as { position: number; input: Body })
        assert.deepStrictEqual(parsed.map((p) => p.position), [0, 1, 2])
        assert.deepStrictEqual(parsed[0]!.input, { name: "Dangote Cement, PLC", country: "NG" })
        const table = yield* promise(() => call(`${server.url}/v1/jobs/${job.id}/results.csv`, { headers: key }))
        assert.match(table.headers.get("content-type") ?? "", /text\/csv/)
        const csvLines = table.text.trim().split("\r\n")
        assert.strictEqual(csvLines[0], "row,name,registration_no,country,result,registered,sanctions,review_reason,check_id,error")
        assert.match(csvLines[1]!, /^1,"Dangote Cement, PLC",,NG,review,true,unavailable,sanctions_unavailable,[0-9a-f-]{36},$/)
        assert.match(csvLines[3]!, /^3,'=cmd,/, "a formula is never written as one")
        for (const bad of ["", "nom,pays\nx,y\n", "name\n"]) {
          const reply = yield* submit(server.url, key, bad, "text/csv")
          assert.strictEqual(reply.status, 400, `${JSON.stringify(bad)}: ${reply.text}`)
        }
        assert.strictEqual((yield* submit(server.url, key, "[]")).status, 400)
        assert.strictEqual((yield* submit(server.url, key, JSON.stringify(Array.from({ length: 1001 }, () => ({ name: "x" }))))).status, 400)
      }))

    it.effect("the results of a job still running are 409 job_not_done; its progress is at GET /v1/jobs/{id}", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const key = yield* server.newKey({ plan: "unlimited" })
        const keyId = (yield* sql<{ id: string }>`SELECT id FROM api_keys ORDER BY created_at DESC LIMIT 1`)[0]!.id
        const jobId = "00000000-0000-4000-8000-0000000b0517"
        // held by a live runner (its heartbeat is fresh): nobody else takes it during the test
        yield* sql`INSERT INTO batch_jobs (id, account_id, key_id, body_sha256, status, total, claimed_by, heartbeat_at)
          VALUES (${jobId}, (SELECT account_id FROM api_keys WHERE id = ${keyId}), ${keyId}, 'x', 'running', 1, 'runner_busy', now() + interval '1 hour')`
        yield* sql`INSERT INTO batch_items (job_id, position, input, done) VALUES (${jobId}, 0, '{"name":"Busy"}', false)`
        for (const format of ["jsonl", "csv"]) {
          const reply = yield* promise(() => call(`${server.url}/v1/jobs/${jobId}/results.${format}`, { headers: bearer(key) }))
          assert.strictEqual(reply.status, 409)
          assert.isTrue(isErrorBody(reply.body, "job_not_done"), reply.text)
        }
        const progress = (yield* promise(() => call(`${server.url}/v1/jobs/${jobId}`, { headers: bearer(key) }))).body as JobBody
        assert.deepInclude(progress, { status: "running", total: 1, done: 0, results: null })
      }))

    it.effect("a job left running by an instance that stopped is resumed by another: done rows kept, the rest verified", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const key = yield* server.newKey({ plan: "unlimited" })
        const keyId = (yield* sql<{ id: string }>`SELECT id FROM api_keys ORDER BY created_at DESC LIMIT 1`)[0]!.id
        const jobId = "00000000-0000-4000-8000-00000000dead"
        // Row 0 was answered before the instance stopped: a real verdict, kept as it is.
        const earlier = (yield* promise(() => call(`${server.url}/v1/verify?name=Resumed%20Zero`, { headers: bearer(key) }))).body as Body
        yield* sql`INSERT INTO batch_jobs (id, account_id, key_id, body_sha256, status, total, claimed_by, heartbeat_at)
          VALUES (${jobId}, (SELECT account_id FROM api_keys WHERE id = ${keyId}), ${keyId}, 'x', 'running', 3, 'runner_gone', now() - interval '1 hour')`
        yield* sql`INSERT INTO batch_items (job_id, position, input, verdict, done) VALUES
          (${jobId}, 0, '{"name":"Resumed Zero"}', ${JSON.stringify(earlier)}::jsonb, true),
          (${jobId}, 1, '{"name":"Resumed One"}', NULL, false),
          (${jobId}, 2, '{"name":"Resumed Two"}', NULL, false)`
        const rows = yield* sql<{ position: number; verdict: Body | null; done: boolean }>`SELECT position, verdict, done FROM batch_items
          WHERE job_id = ${jobId} ORDER BY position`.pipe(
          Effect.filterOrFail((all) => all.every((r) => r.done)),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "60 seconds" }))),
          Effect.orDie
        )
        assert.deepStrictEqual(rows[0]!.verdict, earlier)
        assert.strictEqual(rows[1]!.verdict!["registered"], false)
        assert.isString(rows[2]!.verdict!["check_id"])
        const job = (yield* promise(() => call(`${server.url}/v1/jobs/${jobId}`, { headers: bearer(key) }))).body as JobBody
        assert.strictEqual(job.status, "done")
      }))
  })
})
