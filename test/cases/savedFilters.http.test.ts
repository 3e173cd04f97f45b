import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { inviteAndJoin, secretIn, signUpAndLogIn } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const PASSWORD = "a long enough passphrase"

/** Issue 55 item 4: a member's saved filters, and an escalation that asks why and goes to a person or a role. */
describe("saved filters and escalation to a person or role (issue 55)", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000" }), { timeout: "240 seconds", excludeTestServices: true })((it) => {
    it.effect("a filter is saved by name for its member only and removed by them; an escalation without a reason changes nothing; to a member it is theirs and waits for them", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const owner = yield* promise(() => signUpAndLogIn(url, "owner55f@example.com", PASSWORD))
        const secret = secretIn((yield* promise(() => owner.submitFollowing("/dashboard", "/dashboard/keys", { label: "ci" }))).text)
        const verified = yield* promise(() => call(`${url}/v1/verify`, {
          method: "POST", headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" }, body: JSON.stringify({ name: "Kwame Cocoa Traders", country: "GH" })
        }))
        assert.strictEqual((verified.body as { result: string }).result, "review")
        const analyst = yield* promise(() => inviteAndJoin(owner, url, { email: "ana55f@example.com", role: "analyst", name: "Ana Analyst", password: PASSWORD }))
        const analystId = (yield* sql<{ id: string }>`SELECT id FROM members WHERE email_lower = 'ana55f@example.com'`)[0]!.id

        // Saved: the filters shown (never a cursor), under a name; listed for the member who saved it only.
        const saved = yield* promise(() => owner.submit("/dashboard/cases", "/dashboard/cases/filters", { name: "  Overdue   first ", overdue: "true", sort: "age", cursor: "x" }))
        assert.strictEqual(saved.status, 303, saved.text)
        assert.strictEqual(saved.headers.get("location"), "/dashboard/cases?overdue=true&sort=age&notice=filter_saved")
        const page = (yield* promise(() => owner.get("/dashboard/cases"))).text
        assert.include(page, "href=\"/dashboard/cases?overdue=true&amp;sort=age\">Overdue first</a>")
        assert.notInclude((yield* promise(() => analyst.get("/dashboard/cases"))).text, "Overdue first")
        assert.strictEqual((yield* promise(() => owner.submit("/dashboard/cases", "/dashboard/cases/filters", { name: "" }))).status, 400)
        const filterId = (yield* sql<{ id: string }>`SELECT id FROM case_saved_filters`)[0]!.id
        assert.strictEqual((yield* promise(() => analyst.submit("/dashboard/cases", `/dashboard/cases/filters/${filterId}/delete`, {}))).status, 404, "another member's filter")
        assert.strictEqual((yield* promise(() => owner.submit("/dashboard/cases", `/dashboard/cases/filters/${filterId}/delete`, {}))).status, 303)
        assert.deepStrictEqual(yield* sql`SELECT id FROM case_saved_filters`, [])

        // Escalation: a reason is required; to a member, the case is theirs and waits for them.
        const caseId = (yield* sql<{ id: string }>`SELECT id FROM cases`)[0]!.id
        const casePath = `/dashboard/cases/${caseId}`
        const bare = yield* promise(() => owner.submit(casePath, `${casePath}/escalate`, { to: analystId, reason: " " }))
        assert.strictEqual(bare.status, 400)
        assert.include(bare.text, "reason: say why the case needs someone else")
        assert.strictEqual((yield* sql<{ status: string }>`SELECT status FROM cases`)[0]!.status, "open")
        const sent = yield* promise(() => owner.submit(casePath, `${casePath}/escalate`, { to: analystId, reason: "A Ghanaian registry extract is needed" }))
        assert.strictEqual(sent.status, 303, sent.text)
        const [row] = yield* sql<{ status: string; assignee_id: string; escalated_to_member: string }>`SELECT status, assignee_id, escalated_to_member FROM cases`
        assert.deepStrictEqual({ ...row }, { status: "escalated", assignee_id: analystId, escalated_to_member: analystId })
        const waiting = yield* promise(() => call(`${url}/v1/cases?waiting_for=${analystId}`, { headers: { authorization: `Bearer ${secret}` } }))
        const cases = (waiting.body as { cases: ReadonlyArray<{ id: string; escalated_to: { member: { name: string } | null } | null }> }).cases
        assert.deepStrictEqual(cases.map((c) => [c.id, c.escalated_to?.member?.name]), [[caseId, "Ana Analyst"]])
        assert.include((yield* promise(() => analyst.get(casePath))).text, "escalated it to Ana Analyst: A Ghanaian registry extract is needed")
        const trail = yield* sql<{ details: unknown }>`SELECT details FROM audit_log WHERE action = 'case.escalated'`
        assert.include(JSON.stringify(trail[0]!.details), "A Ghanaian registry extract is needed")
      }))
  })
})
