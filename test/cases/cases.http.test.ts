import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Fiber, Layer, Schedule } from "effect"
import * as path from "node:path"
import { SecondLooks } from "../../src/decisions/SecondLooks.js"
import { Screener } from "../../src/sanctions/Screener.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixturesDir } from "../sanctions/paths.js"
import { bearer, call, isErrorBody } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { makeFenceProbe } from "../tenancy/fenceProbe.js"
import { keyIdOf } from "../tenancy/support.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const probe = makeFenceProbe()

interface Hit { list: string; entry_id: string; score: number; dismissed: boolean; decision: { id: string } | null }
interface VerdictBody { result: string; review_reasons: ReadonlyArray<string>; check_id: string; sanctions: { hits: ReadonlyArray<Hit> } }
interface CaseRow {
  id: string; status: string; outcome: string | null; reasons: ReadonlyArray<string>; check_count: number; pending_decisions: number
  best_hit: { score: number; list: string } | null; subject: Record<string, string>
}
interface Detail { case: CaseRow; history: ReadonlyArray<{ kind: string; body: string | null; actor: { type: string } | null }>; decisions: ReadonlyArray<{ id: string; approval: string; entry_id: string }> }

const json = (headers: Record<string, string>) => ({ ...headers, "content-type": "application/json" })
const verify = (url: string, headers: Record<string, string>, body: Record<string, string>) =>
  promise(() => call(`${url}/v1/verify`, { method: "POST", headers: json(headers), body: JSON.stringify(body) })).pipe(Effect.map((r) => r.body as VerdictBody))
const post = (url: string, headers: Record<string, string>, route: string, body?: unknown) =>
  promise(() => call(`${url}${route}`, { method: "POST", headers: json(headers), ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))
const get = (url: string, headers: Record<string, string>, route: string) => promise(() => call(`${url}${route}`, { headers }))
const queue = (url: string, headers: Record<string, string>, query = "") =>
  Effect.map(get(url, headers, `/v1/cases${query}`), (r) => r.body as { cases: ReadonlyArray<CaseRow>; next_cursor: string | null })

/** Verifies until the screener has the SDN fixture loaded (its hit on entry 306). */
const verifyBanco = (url: string, headers: Record<string, string>) =>
  verify(url, headers, { name: "Banco Nacional de Cuba" }).pipe(
    Effect.filterOrFail((v) => v.sanctions.hits.some((h) => h.entry_id === "306")),
    Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))),
    Effect.orDie
  )

describe("cases: one queue, owned, decided by two when it matters (issue 40)", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }).pipe(Layer.provide(probe.layer)), { timeout: "180 seconds", excludeTestServices: true })((it) => {
    it.effect("every review verdict opens or joins its subject's case; the queue filters, sorts and pages; a read key changes nothing; a closed case stays closed when a check brings nothing new", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        const secret = yield* server.newKey({ plan: "unlimited" })
        const mine = bearer(secret)
        const { account_id } = yield* keyIdOf(secret)
        const reader = bearer(yield* server.newKey({ plan: "unlimited", accountId: account_id, scope: "read" }))

        yield* verifyBanco(server.url, bearer(yield* server.newKey({ plan: "unlimited" })))
        const first = yield* verify(server.url, mine, { name: "Banco Nacional de Cuba" })
        assert.strictEqual(first.result, "review")
        yield* verify(server.url, mine, { name: "BANCO NACIONAL DE CUBA" })
        const ghana = yield* verify(server.url, mine, { name: "Kwame Cocoa Traders", country: "GH" })
        assert.strictEqual(ghana.result, "review")
        assert.include(ghana.review_reasons, "registry_not_covered")

        const all = yield* queue(server.url, mine)
        assert.strictEqual(all.cases.length, 2, JSON.stringify(all))
        const banco = all.cases.find((c) => c.best_hit !== null)!
        assert.strictEqual(banco.check_count, 2, "the same subject verified twice is one case")
        assert.strictEqual(banco.best_hit!.list, "ofac_sdn")
        assert.include(banco.reasons, "sanctions_match")
        const cocoa = all.cases.find((c) => c.best_hit === null)!
        assert.deepStrictEqual(cocoa.subject, { country: "GH", name_given: "Kwame Cocoa Traders" })
        assert.include((yield* queue(server.url, mine, "?reason=registry_not_covered")).cases.map((c) => c.id), cocoa.id)
        assert.deepStrictEqual((yield* queue(server.url, mine, "?reason=sanctions_match")).cases.map((c) => c.id), [banco.id])
        assert.deepStrictEqual((yield* queue(server.url, mine, "?list=ofac_sdn")).cases.map((c) => c.id), [banco.id])
        assert.deepStrictEqual((yield* queue(server.url, mine, "?sort=score")).cases.map((c) => c.id), [banco.id, cocoa.id])
        const page1 = yield* queue(server.url, mine, "?sort=score&limit=1")
        assert.deepStrictEqual(page1.cases.map((c) => c.id), [banco.id])
        const page2 = yield* queue(server.url, mine, `?sort=score&limit=1&cursor=${page1.next_cursor}`)
        assert.deepStrictEqual(page2.cases.map((c) => c.id), [cocoa.id])
        assert.isNull(page2.next_cursor)
        assert.isTrue(isErrorBody((yield* get(server.url, mine, "/v1/cases?cursor=nonsense")).body, "invalid_request"))
        assert.strictEqual((yield* get(server.url, bearer(yield* server.newKey({ plan: "unlimited" })), `/v1/cases/${banco.id}`)).status, 404, "another account's case")

        // A read key reads and changes nothing.
        assert.strictEqual((yield* get(server.url, reader, `/v1/cases/${banco.id}`)).status, 200)
        const refused = yield* post(server.url, reader, `/v1/cases/${banco.id}/comments`, { text: "hello" })
        assert.strictEqual(refused.status, 403)
        assert.isTrue(isErrorBody(refused.body, "insufficient_scope"))

        // Comment, assign (not a member: 409), escalate, close (other needs its text).
        assert.strictEqual((yield* post(server.url, mine, `/v1/cases/${banco.id}/comments`, { text: "  looks like the state bank  " })).status, 200)
        const notMember = yield* post(server.url, mine, `/v1/cases/${banco.id}/assign`, { assignee: "mem_nobody" })
        assert.strictEqual(notMember.status, 409)
        assert.isTrue(isErrorBody(notMember.body, "case_conflict"))
        // Escalation asks for a reason and a person or role, over the API as in the console (issue 55 item 4).
        assert.strictEqual((yield* post(server.url, mine, `/v1/cases/${banco.id}/escalate`)).status, 400)
        assert.strictEqual((yield* post(server.url, mine, `/v1/cases/${banco.id}/escalate`, { reason: " ", to: "role:admin" })).status, 400)
        assert.strictEqual((yield* post(server.url, mine, `/v1/cases/${banco.id}/escalate`, { reason: "needs an admin", to: "mem_nobody_here" })).status, 409)
        const escalated = yield* post(server.url, mine, `/v1/cases/${banco.id}/escalate`, { reason: "a Cuban state bank: an admin decides", to: "role:admin" })
        assert.strictEqual(escalated.status, 200, escalated.text)
        assert.deepStrictEqual((escalated.body as { case: { escalated_to: unknown } }).case.escalated_to, { member: null, role: "admin" })
        assert.strictEqual((yield* post(server.url, mine, `/v1/cases/${banco.id}/escalate`, { reason: "again", to: "role:admin" })).status, 409)
        assert.strictEqual((yield* post(server.url, mine, `/v1/cases/${banco.id}/close`, { outcome: "other" })).status, 400)
        assert.strictEqual((yield* post(server.url, mine, `/v1/cases/${banco.id}/close`, { outcome: "maybe" })).status, 400)
        const closed = yield* post(server.url, mine, `/v1/cases/${banco.id}/close`, { outcome: "confirmed_match", text: "the listed state bank itself" })
        assert.strictEqual(closed.status, 200, closed.text)
        const detail = closed.body as Detail
        assert.deepStrictEqual(detail.history.map((h) => h.kind), ["opened", "check_joined", "commented", "escalated", "closed"])
        assert.strictEqual(detail.history[2]!.body, "looks like the state bank")
        assert.strictEqual(detail.history[2]!.actor?.type, "key")
        assert.deepStrictEqual((yield* queue(server.url, mine)).cases.map((c) => c.id), [cocoa.id], "a closed case leaves the queue")
        assert.deepStrictEqual((yield* queue(server.url, mine, "?status=closed")).cases.map((c) => c.id), [banco.id])

        // The same findings again keep it closed; the audit trail holds every change with its actor.
        yield* verify(server.url, mine, { name: "Banco Nacional de Cuba" })
        const still = (yield* get(server.url, mine, `/v1/cases/${banco.id}`)).body as Detail
        assert.strictEqual(still.case.status, "closed")
        assert.strictEqual(still.case.check_count, 3)
        const audit = yield* sql<{ action: string; actor: unknown }>`SELECT action, actor FROM audit_log WHERE account_id = ${account_id} AND action LIKE 'case.%' ORDER BY seq`
        assert.deepStrictEqual(audit.map((a) => a.action), ["case.commented", "case.escalated", "case.closed"])
      }))

    it.effect("four eyes: a false positive on an exact hit waits, keeps the verdict review, is never approved by a key or its proposer; two approvals racing give one outcome; revising restores the hit", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const secret = yield* server.newKey({ plan: "unlimited" })
        const mine = bearer(secret)
        const { account_id } = yield* keyIdOf(secret)
        yield* sql`UPDATE accounts SET four_eyes = true WHERE id = ${account_id}`

        const before = yield* verifyBanco(server.url, mine)
        const [kase] = (yield* queue(server.url, mine)).cases
        const proposed = yield* post(server.url, mine, `/v1/cases/${kase!.id}/decisions`, {
          hits: [{ list: "ofac_sdn", entry_id: "306" }], decision: "false_positive", note: "the Panamanian namesake"
        })
        assert.strictEqual(proposed.status, 200, proposed.text)
        const [pending] = (proposed.body as Detail).decisions
        assert.strictEqual(pending!.approval, "pending")
        assert.strictEqual((yield* queue(server.url, mine, "?pending=true")).cases[0]?.pending_decisions, 1)
        const again = yield* verify(server.url, mine, { name: "Banco Nacional de Cuba" })
        assert.strictEqual(again.result, "review", "a pending decision dismisses nothing")
        assert.isNull(again.sanctions.hits.find((h) => h.entry_id === "306")!.decision)
        assert.notStrictEqual(before.check_id, again.check_id)

        const cases = yield* SecondLooks
        const member = (id: string) => ({ accountId: account_id, keyId: null, by: { type: "member" as const, id, name: id } })
        const byKey = { accountId: account_id, keyId: null, by: { type: "key" as const, id: "key_x", label: null } }
        const keyTry = yield* Effect.flip(cases.review(byKey, pending!.id, "approved", true, "checked"))
        assert.include(keyTry.message, "member")
        const viewerTry = yield* Effect.flip(cases.review(member("mem_viewer"), pending!.id, "approved", false, "checked"))
        assert.include(viewerTry.message, "role")

        // Two reviewers at once: the first is held after its checks, the second approves, the first then finds it decided.
        const gate = yield* probe.arm("decision_review")
        const held = yield* Effect.forkChild(Effect.result(cases.review(member("mem_a"), pending!.id, "rejected", true, "not the one")))
        yield* gate.reached
        const [approved] = yield* cases.review(member("mem_b"), pending!.id, "approved", true, "a namesake")
        yield* gate.release
        const late = yield* Fiber.join(held)
        assert.strictEqual(approved!.approval, "approved")
        assert.isTrue(late._tag === "Failure" && late.failure.message.includes("no longer pending"), JSON.stringify(late))
        const events = yield* sql<{ type: string }>`SELECT type FROM events WHERE account_id = ${account_id} ORDER BY created_at`
        assert.deepStrictEqual(events.map((e) => e.type), ["decision.pending", "decision.approved"])
        const audited = yield* sql<{ action: string }>`SELECT action FROM audit_log WHERE account_id = ${account_id} AND action LIKE 'decision.%' ORDER BY seq`
        assert.deepStrictEqual(audited.map((a) => a.action), ["decision.recorded", "decision.approved"])

        const cleared = yield* verify(server.url, mine, { name: "Banco Nacional de Cuba" })
        assert.isTrue(cleared.sanctions.hits.find((h) => h.entry_id === "306")!.dismissed, "approved: the hit is dismissed")

        // Revising: a confirmation (no second look needed) supersedes the dismissal; the hit is back.
        const revised = yield* post(server.url, mine, `/v1/cases/${kase!.id}/decisions`, {
          hits: [{ list: "ofac_sdn", entry_id: "306" }], decision: "confirmed", note: "on a second reading it is the state bank"
        })
        assert.strictEqual(revised.status, 200, revised.text)
        const history = (revised.body as Detail).history.map((h) => h.kind)
        assert.includeMembers(history, ["decision_proposed", "decision_approved", "decision_recorded"])
        const back = yield* verify(server.url, mine, { name: "Banco Nacional de Cuba" })
        assert.isFalse(back.sanctions.hits.find((h) => h.entry_id === "306")!.dismissed)
        assert.strictEqual(back.result, "review")
      }).pipe(Effect.provide(SecondLooks.Default.pipe(Layer.provide(Screener.Default), Layer.provide(probe.layer)))))
  })
})
