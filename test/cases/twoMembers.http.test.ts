import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixturesDir } from "../sanctions/paths.js"
import { call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { inviteAndJoin, secretIn, signUpAndLogIn } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const PASSWORD = "a long enough passphrase"

interface Verdict { result: string; review_reasons: ReadonlyArray<string>; check_id: string; sanctions: { hits: ReadonlyArray<{ entry_id: string; dismissed: boolean; decision: { id: string } | null }> } }
const verify = (url: string, secret: string, body: Record<string, string>) =>
  promise(() => call(`${url}/v1/verify`, { method: "POST", headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" }, body: JSON.stringify(body) }))
    .pipe(Effect.map((r) => r.body as Verdict))

/** Issue 40's "Done when", by two members through the console's forms over HTTP (the browser run: cases.browser.test.ts). */
describe("a case worked by two members (issue 40)", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000", SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "240 seconds", excludeTestServices: true })((it) => {
    it.effect("an exact SDN hit and a registry-less name are cases; the analyst takes, comments and proposes; only the owner approves; the case closes; verifying again is clear with the decision; the audit trail names each", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        const owner = yield* promise(() => signUpAndLogIn(url, "owner40@example.com", PASSWORD))
        const secret = secretIn((yield* promise(() => owner.submitFollowing("/dashboard", "/dashboard/keys", { label: "ci" }))).text)
        let sdn = yield* verify(url, secret, { name: "Banco Nacional de Cuba" })
        for (let i = 0; i < 100 && !sdn.sanctions.hits.some((h) => h.entry_id === "306"); i++) {
          yield* Effect.sleep("200 millis")
          sdn = yield* verify(url, secret, { name: "Banco Nacional de Cuba" })
        }
        const other = yield* verify(url, secret, { name: "Kwame Cocoa Traders", country: "GH" })
        assert.strictEqual(other.result, "review")
        const analyst = yield* promise(() => inviteAndJoin(owner, url, { email: "ana40@example.com", role: "analyst", name: "Ana Analyst", password: PASSWORD }))

        const queue = (yield* promise(() => analyst.get("/dashboard/cases"))).text
        const ids = [...queue.matchAll(/\/dashboard\/cases\/(case_[0-9a-f]{20})"/g)].map((m) => m[1]!)
        assert.strictEqual(new Set(ids).size, 2, "both verdicts are cases")
        const caseOf = (id: string) => promise(() => analyst.get(`/dashboard/cases/${id}`)).pipe(Effect.map((r) => r.text))
        let banco = ""
        for (const id of ids) if ((yield* caseOf(id)).includes("value=\"ofac_sdn:306\"")) banco = id
        const casePath = `/dashboard/cases/${banco}`

        assert.strictEqual((yield* promise(() => analyst.submit(casePath, `${casePath}/take`, {}))).status, 303)
        assert.strictEqual((yield* promise(() => analyst.submit(casePath, `${casePath}/comments`, { text: "State bank of Cuba; our customer is in Panama" }))).status, 303)
        const proposed = yield* promise(() => analyst.submit(casePath, `${casePath}/decisions`, { hit: "ofac_sdn:306", decision: "false_positive", note: "the Panamanian namesake" }))
        assert.strictEqual(proposed.status, 303, proposed.text)
        const page = yield* caseOf(banco)
        assert.include(page, "In progress")
        assert.match(page, /Waiting for a second look<\/dt><dd>1</)
        const decisionId = /\/dashboard\/decisions\/([0-9a-f-]{36})\/withdraw/.exec(page)?.[1] ?? ""
        assert.strictEqual((yield* verify(url, secret, { name: "Banco Nacional de Cuba" })).result, "review", "pending: the verdict stays review")

        const own = yield* promise(() => analyst.submit(casePath, `/dashboard/decisions/${decisionId}/approve`, { back: banco, note: "mine" }))
        assert.strictEqual(own.status, 409)
        assert.include(own.text, "another member must approve")
        const approved = yield* promise(() => owner.submit(casePath, `/dashboard/decisions/${decisionId}/approve`, { back: banco, note: "the Panama company, not the Cuban state bank" }))
        assert.strictEqual(approved.status, 303, approved.text)
        // Clearing asks for each open reason other than the sanctions match, named (issue 55).
        const unacknowledged = yield* promise(() => owner.submit(casePath, `${casePath}/close`, { outcome: "cleared", text: "the Panama company" }))
        assert.strictEqual(unacknowledged.status, 409, unacknowledged.text)
        const toAcknowledge = [...unacknowledged.text.matchAll(/name="acknowledge" value="([a-z_]+)"/g)].map((m) => m[1]!)
        assert.deepStrictEqual(toAcknowledge, ["registry_not_covered"])
        assert.include(unacknowledged.text, "registry_not_covered (")
        assert.strictEqual((yield* promise(() => owner.submit(casePath, `${casePath}/close`, { outcome: "cleared", text: "" , acknowledge: "registry_not_covered" }))).status, 400, "a note is required")
        assert.strictEqual((yield* promise(() => owner.submit(casePath, `${casePath}/close`, { outcome: "cleared", text: "the Panama company", acknowledge: "registry_not_covered" }))).status, 303)
        const closed = yield* caseOf(banco)
        assert.include(closed, "Closed: Cleared")

        const again = yield* verify(url, secret, { name: "Banco Nacional de Cuba" })
        assert.notInclude(again.review_reasons, "sanctions_match")
        const hit = again.sanctions.hits.find((h) => h.entry_id === "306")!
        assert.isTrue(hit.dismissed)
        assert.strictEqual(hit.decision?.id, decisionId)

        const trail = yield* sql<{ action: string; name: string | null }>`SELECT action, actor->>'name' AS name FROM audit_log
          WHERE action LIKE 'case.%' OR action LIKE 'decision.%' ORDER BY account_id, seq`
        assert.deepStrictEqual(trail.map((t) => `${t.action} ${t.name}`), [
          "case.assigned Ana Analyst", "case.commented Ana Analyst", "decision.recorded Ana Analyst", "decision.approved owner40@example.com", "case.closed owner40@example.com"
        ])
      }))
  })
})
