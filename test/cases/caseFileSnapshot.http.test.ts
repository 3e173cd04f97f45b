import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Deferred, Effect, Fiber, Schedule } from "effect"
import { Audit } from "../../src/audit/Audit.js"
import { AuditRepo } from "../../src/audit/AuditRepo.js"
import { bearer, call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { serverUrl } from "../support/testDatabase.js"
import { keyIdOf } from "../tenancy/support.js"

interface CaseFileBody { documents: ReadonlyArray<{ name: string; content: string }> }
interface AuditBody { entries: ReadonlyArray<{ seq: number; action: string }> }

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

/**
 * A case file is evidence: its case, checks and audit entries are read in several statements, and must come from one
 * moment. Here an audit entry about the case is committed while the file is being read, after its first statement and
 * before it reads the audit log (held there by a lock on the log): the file must not hold it.
 */
describe("a case file read from one snapshot", () => {
  layer(makeTestServer(), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    // One session on the embedded database: there a transaction keeps it until it ends, so nothing can come between.
    it.effect.skipIf(serverUrl() === undefined)("an entry committed while the file is read is in none of its parts", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const writer = yield* server.newKey({ plan: "unlimited" })
        const { account_id } = yield* keyIdOf(writer)
        const auditor = bearer(yield* server.newKey({ plan: "unlimited", accountId: account_id, scope: "audit" }))
        const verified = yield* promise(() => call(`${server.url}/v1/verify`, {
          method: "POST", headers: { ...bearer(writer), "content-type": "application/json" },
          body: JSON.stringify({ name: "Synthetic Snapshot Traders (test data)", country: "GH" })
        }))
        assert.strictEqual(verified.status, 200, verified.text)
        const cases = yield* promise(() => call(`${server.url}/v1/cases`, { headers: bearer(writer) }))
        const caseId = (cases.body as { cases: ReadonlyArray<{ id: string }> }).cases[0]!.id

        const locked = yield* Deferred.make<void>()
        const release = yield* Deferred.make<void>()
        const audit = yield* Audit.make.pipe(Effect.provide(AuditRepo.Default))
        // another connection: the audit log locked, then, once the file's reading waits on it, an entry about the case
        const writing = yield* Effect.forkChild(sql.withTransaction(Effect.gen(function*() {
          yield* sql`LOCK TABLE audit_log IN ACCESS EXCLUSIVE MODE`
          yield* Deferred.succeed(locked, undefined)
          yield* Deferred.await(release)
          yield* audit.record({ accountId: account_id, by: null }, { action: "case.commented", object: { type: "case", id: caseId }, details: { case_id: caseId } })
        })).pipe(Effect.orDie))
        yield* Deferred.await(locked)
        const filing = yield* Effect.forkChild(promise(() => call(`${server.url}/v1/cases/${caseId}/file`, { headers: auditor })))
        yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%audit_log%'`.pipe(
          Effect.filterOrFail((rows) => rows[0]!.n > 0),
          Effect.retry(Schedule.spaced("50 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))),
          Effect.orDie
        )
        yield* Deferred.succeed(release, undefined)
        yield* Fiber.join(writing)
        const reply = yield* Fiber.join(filing)
        assert.strictEqual(reply.status, 200, reply.text)

        const [committed] = yield* sql<{ seq: number }>`SELECT max(seq)::float8 AS seq FROM audit_log WHERE account_id = ${account_id} AND action = 'case.commented'`.pipe(Effect.orDie)
        const documents = (reply.body as CaseFileBody).documents
        const entries = (JSON.parse(documents.find((d) => d.name === "audit.json")!.content) as AuditBody).entries
        assert.notInclude(entries.map((e) => e.seq), committed!.seq, "the entry committed while the file was read")
        assert.notInclude(entries.map((e) => e.action), "case.commented")
      }))

    // Its checks were read with `IN $1::uuid`, no parentheses, when there was one: a syntax error, a 500 for the commonest case.
    it.effect("a case of one check: its file, through the API and MCP, holds that check", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const writer = yield* server.newKey({ plan: "unlimited" })
        const verified = yield* promise(() => call(`${server.url}/v1/verify`, {
          method: "POST", headers: { ...bearer(writer), "content-type": "application/json" },
          body: JSON.stringify({ name: "Synthetic Single Check Farms (test data)", country: "GH" })
        }))
        assert.strictEqual(verified.status, 200, verified.text)
        const checkId = (verified.body as { check_id: string }).check_id
        const cases = (yield* promise(() => call(`${server.url}/v1/cases`, { headers: bearer(writer) }))).body as { cases: ReadonlyArray<{ id: string; check_count: number }> }
        assert.deepStrictEqual(cases.cases.map((c) => c.check_count), [1])
        const single = cases.cases[0]!
        const reply = yield* promise(() => call(`${server.url}/v1/cases/${single.id}/file`, { headers: bearer(writer) }))
        assert.strictEqual(reply.status, 200, reply.text)
        assert.include((reply.body as CaseFileBody).documents.map((d) => d.name), `checks/${checkId}.json`)
        const viaMcp = yield* promise(() => call(`${server.url}/mcp`, {
          method: "POST", headers: { ...bearer(writer), "content-type": "application/json", accept: "application/json, text/event-stream" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "get_case_file", arguments: { id: single.id } } })
        }))
        const result = (viaMcp.body as { result: { isError?: boolean; content: ReadonlyArray<{ text: string }> } }).result
        assert.notStrictEqual(result.isError, true, viaMcp.text)
        assert.include((JSON.parse(result.content[0]!.text) as CaseFileBody).documents.map((d) => d.name), `checks/${checkId}.json`)
      }))
  })
})
