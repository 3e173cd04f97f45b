import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import * as path from "node:path"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixturesDir } from "../sanctions/paths.js"
import { call, isErrorBody } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { inviteAndJoin, secretIn, signUpAndLogIn } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const PASSWORD = "a long enough passphrase"

interface Bulk { action: string; changed: number; refused: number; results: ReadonlyArray<{ case_id: string; result: string; message: string | null; decision_ids: ReadonlyArray<string> }> }
interface Summary { id: string; status: string; subject: Record<string, string>; hits: ReadonlyArray<string>; assignee: { id: string } | null; overdue: boolean; due_at: string | null; pending_decisions: number }

/** Issue 55 item 4: bulk actions over /v1 and the console, each case on its own, four eyes per decision. */
describe("the case queue at volume: bulk actions, waiting for me, the service level (issue 55)", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000", SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect("a bulk decision is a decision per case under four eyes; the proposer's bulk approval is refused case by case, another member's passes; bulk close and assign answer per case; the owner's service level makes cases overdue", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        const owner = yield* promise(() => signUpAndLogIn(url, "owner55@example.com", PASSWORD))
        const secret = secretIn((yield* promise(() => owner.submitFollowing("/dashboard", "/dashboard/keys", { label: "ci" }))).text)
        const api = { authorization: `Bearer ${secret}`, "content-type": "application/json" }
        const send = (method: string, route: string, body?: unknown) =>
          promise(() => call(`${url}${route}`, { method, headers: api, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))
        const bulk = (body: unknown) => Effect.map(send("POST", "/v1/cases/bulk", body), (r) => ({ status: r.status, body: r.body as Bulk, text: r.text }))
        const queue = (query = "") => Effect.map(send("GET", `/v1/cases${query}`), (r) => r.body as { service_hours: number | null; cases: ReadonlyArray<Summary> })
        const verify = (body: Record<string, string>) =>
          Effect.map(send("POST", "/v1/verify", body), (r) => r.body as { result: string; sanctions: { hits: ReadonlyArray<{ entry_id: string }> } })

        yield* verify({ name: "Banco Nacional de Cuba" }).pipe(
          Effect.filterOrFail((v) => v.sanctions.hits.some((h) => h.entry_id === "306")),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "60 seconds" }))),
          Effect.orDie
        )
        for (const country of ["GH", "KE"]) assert.strictEqual((yield* verify({ name: "Banco Nacional de Cuba", country })).result, "review")
        assert.strictEqual((yield* verify({ name: "Kwame Cocoa Traders", country: "GH" })).result, "review")
        const all = (yield* queue()).cases
        const bancos = all.filter((c) => c.hits.includes("ofac_sdn:306")).map((c) => c.id)
        const cocoa = all.find((c) => !c.hits.includes("ofac_sdn:306"))!.id
        assert.strictEqual(bancos.length, 3, JSON.stringify(all))

        // A body that does not fit its action changes nothing: 400.
        const noNote = yield* bulk({ case_ids: bancos, action: "decide", entry: { list: "ofac_sdn", entry_id: "306" }, decision: "false_positive" })
        assert.strictEqual(noNote.status, 400, noNote.text)
        assert.isTrue(isErrorBody(noNote.body, "invalid_request"))
        const extra = yield* bulk({ case_ids: bancos, action: "close", outcome: "cleared", assignee: null })
        assert.strictEqual(extra.status, 400, extra.text)
        // Every close needs its note (issue 55 item 1), in bulk as on one case.
        const bare = yield* bulk({ case_ids: bancos, action: "close", outcome: "other" })
        assert.strictEqual(bare.status, 400, bare.text)
        const blank = yield* bulk({ case_ids: bancos, action: "close", outcome: "confirmed_match", text: "   " })
        assert.strictEqual(blank.status, 400, blank.text)
        assert.strictEqual((yield* bulk({ case_ids: [], action: "close", outcome: "cleared", text: "none" })).status, 400)
        assert.strictEqual((yield* queue()).cases.filter((c) => c.status === "closed").length, 0)

        // Four eyes per decision: an exact name match waits on each case; the case without the hit says why.
        const decided = yield* bulk({ case_ids: [...bancos, cocoa], action: "decide", entry: { list: "ofac_sdn", entry_id: "306" }, decision: "false_positive", note: "the Panamanian namesake" })
        assert.strictEqual(decided.status, 200, decided.text)
        assert.deepStrictEqual(decided.body.results.map((r) => r.result), ["proposed", "proposed", "proposed", "refused"])
        assert.include(decided.body.results[3]!.message ?? "", "report no hit ofac_sdn 306")
        assert.strictEqual(decided.body.changed, 3)
        const proposals = decided.body.results.flatMap((r) => r.decision_ids)
        const states = yield* sql<{ approval: string; case_id: string }>`SELECT approval, case_id FROM decisions WHERE id IN ${sql.in(proposals)}`
        assert.deepStrictEqual(states.map((s) => s.approval), ["pending", "pending", "pending"])
        assert.sameMembers(states.map((s) => s.case_id), bancos, "each case holds its own decision")

        // Waiting for me: the analyst (not the proposer) has the three; the owner, who proposed them with their key, none.
        const analyst = yield* promise(() => inviteAndJoin(owner, url, { email: "ana55@example.com", role: "analyst", name: "Ana Analyst", password: PASSWORD }))
        const [ownerId, analystId] = yield* Effect.all(["owner55@example.com", "ana55@example.com"].map((email) =>
          Effect.map(sql<{ id: string }>`SELECT id FROM members WHERE email_lower = ${email}`, (r) => r[0]!.id)))
        assert.sameMembers((yield* queue(`?waiting_for=${analystId}`)).cases.map((c) => c.id), bancos)
        assert.deepStrictEqual((yield* queue(`?waiting_for=${ownerId}`)).cases, [])

        // The proposer's bulk second look in the console: refused on every case; the analyst's approves each.
        const review = (who: typeof owner, action: string) =>
          promise(() => who.submitPairs("/dashboard/cases", "/dashboard/cases/bulk", [...bancos.map((id) => ["case", id] as const), ["action", action], ["entry", "ofac_sdn:306"], ["note", "checked the Panamanian register"]]))
        const own = yield* review(owner, "approve")
        assert.strictEqual(own.status, 200, own.text)
        assert.include(own.text, "approve: 0 changed, 3 left as they were")
        assert.strictEqual([...own.text.matchAll(/You proposed this decision/g)].length, 3)
        assert.deepStrictEqual((yield* sql<{ approval: string }>`SELECT approval FROM decisions WHERE id IN ${sql.in(proposals)}`).map((r) => r.approval), ["pending", "pending", "pending"])
        const approved = yield* review(analyst, "approve")
        assert.include(approved.text, "approve: 3 changed, 0 left as they were")
        assert.deepStrictEqual((yield* sql<{ approval: string }>`SELECT DISTINCT approval FROM decisions WHERE id IN ${sql.in(proposals)}`).map((r) => r.approval), ["approved"])

        // Assign: to a member on each case; to someone who is not a member, refused on each.
        const given = yield* bulk({ case_ids: bancos, action: "assign", assignee: analystId })
        assert.deepStrictEqual(given.body.results.map((r) => r.result), ["changed", "changed", "changed"])
        assert.include((yield* bulk({ case_ids: [cocoa], action: "assign", assignee: "mem_nobody_here" })).body.results[0]!.message ?? "", "is not a member")
        assert.isTrue((yield* queue(`?assignee=${analystId}`)).cases.every((c) => bancos.includes(c.id)))

        // Close: each case on its own; one unknown, one already closed.
        const first = yield* bulk({ case_ids: [bancos[0]], action: "close", outcome: "cleared", text: "the Panamanian namesake", acknowledged_reasons: ["registry_not_covered"] })
        assert.deepStrictEqual(first.body.results.map((r) => r.result), ["changed"])
        const closing = yield* bulk({ case_ids: [...bancos, "case_00000000000000000000"], action: "close", outcome: "other", text: "namesakes, cleared by hand" })
        assert.deepStrictEqual(closing.body.results.map((r) => r.result), ["refused", "changed", "changed", "not_found"])
        assert.strictEqual(closing.body.results[0]!.message, "The case is already closed.")
        const closedTrail = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log WHERE action = 'case.closed'`
        assert.strictEqual(closedTrail[0]!.n, 3, "one audit entry per case closed")

        // The service level: only an owner sets it (audited); a case older than it is overdue and filtered so.
        const refusedLevel = yield* promise(() => analyst.submit("/dashboard/account/service-level", "/dashboard/account/service-level", { hours: "4" }))
        assert.strictEqual(refusedLevel.status, 403)
        assert.strictEqual((yield* promise(() => owner.submit("/dashboard/account/service-level", "/dashboard/account/service-level", { hours: "0" }))).status, 400)
        assert.strictEqual((yield* promise(() => owner.submit("/dashboard/account/service-level", "/dashboard/account/service-level", { hours: "4" }))).status, 303)
        yield* sql`UPDATE cases SET opened_at = now() - interval '5 hours' WHERE id = ${cocoa}`
        const measured = yield* queue()
        assert.strictEqual(measured.service_hours, 4)
        assert.isTrue(measured.cases.find((c) => c.id === cocoa)!.overdue)
        assert.deepStrictEqual((yield* queue("?overdue=true")).cases.map((c) => c.id), [cocoa])
        const levelTrail = yield* sql<{ details: unknown }>`SELECT details FROM audit_log WHERE action = 'account.service_level_changed'`
        assert.strictEqual(levelTrail.length, 1)
        assert.include(JSON.stringify(levelTrail[0]!.details), "\"hours\":4")
        assert.include((yield* promise(() => owner.get("/dashboard/cases"))).text, "overdue")

        // The age order's cursor keeps the database's microseconds: a page never starts again with the last one's case.
        yield* sql`UPDATE cases SET opened_at = opened_at + make_interval(secs => 0.000123)`
        const walked: Array<string> = []
        let cursor: string | null = null
        do {
          const reply = yield* send("GET", `/v1/cases?status=closed&limit=1${cursor === null ? "" : `&cursor=${cursor}`}`)
          const page = reply.body as { cases: ReadonlyArray<Summary>; next_cursor: string | null }
          walked.push(...page.cases.map((c) => c.id))
          cursor = page.next_cursor
        } while (cursor !== null && walked.length < 10)
        assert.sameMembers(walked, bancos)
      }))
  })
})
