import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { Audit } from "../../src/audit/Audit.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixturesDir } from "../sanctions/paths.js"
import { call, isErrorBody } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { inviteAndJoin, secretIn, signUpAndLogIn } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const PASSWORD = "a long enough passphrase"

const verify = (url: string, secret: string, name: string) =>
  promise(() => call(`${url}/v1/verify`, { method: "POST", headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" }, body: JSON.stringify({ name }) })).pipe(
    Effect.map((r) => r.body as { result: string; check_id: string; sanctions: { hits: ReadonlyArray<{ entry_id: string; list: string }> } })
  )

/** Members, roles, attribution and the audit trail (issue 39), through the same pages and API a team uses. */
describe("members, roles and the audit log", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000", SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "240 seconds", excludeTestServices: true })((it) => {
    it.effect("an owner invites an analyst and a viewer; the viewer cannot decide (403); the analyst's decision names them; the audit log holds it all and verifies", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        const owner = yield* promise(() => signUpAndLogIn(url, "owner@example.com", PASSWORD))
        const secret = secretIn((yield* promise(() => owner.submitFollowing("/dashboard", "/dashboard/keys", { label: "ci" }))).text)
        let verdict = yield* verify(url, secret, "Banco Nacional de Cuba")
        for (let i = 0; i < 100 && !verdict.sanctions.hits.some((h) => h.entry_id === "306"); i++) {
          yield* Effect.sleep("200 millis")
          verdict = yield* verify(url, secret, "Banco Nacional de Cuba")
        }
        assert.strictEqual(verdict.result, "review")
        const checkPath = `/dashboard/checks/${verdict.check_id}`

        const analyst = yield* promise(() => inviteAndJoin(owner, url, { email: "ana@example.com", role: "analyst", name: "Ana Analyst", password: PASSWORD }))
        const viewer = yield* promise(() => inviteAndJoin(owner, url, { email: "vic@example.com", role: "viewer", name: "Vic Viewer", password: PASSWORD }))

        // The viewer sees the check but no decide form, no key form; a forged post is 403 and changes nothing.
        const seen = yield* promise(() => viewer.get(checkPath))
        assert.strictEqual(seen.status, 200)
        assert.notInclude(seen.text, "/decisions\"")
        assert.notInclude((yield* promise(() => viewer.get("/dashboard"))).text, "action=\"/dashboard/keys\"")
        const forged = { _csrf: viewer.csrfIn(seen.text), list: "ofac_sdn", entry_id: "306", decision: "false_positive", reason: "forged" }
        const refused = yield* promise(() => viewer.post(`${checkPath}/decisions`, forged, { accept: "application/json" }))
        assert.strictEqual(refused.status, 403)
        assert.isTrue(isErrorBody(JSON.parse(refused.text), "forbidden"), refused.text)
        assert.strictEqual((yield* promise(() => viewer.post(`${checkPath}/decisions`, forged))).status, 403)
        const keyRefused = yield* promise(() => viewer.post("/dashboard/keys", { _csrf: forged._csrf, label: "mine" }))
        assert.strictEqual(keyRefused.status, 403)
        const [{ n }] = (yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM decisions`) as unknown as [{ n: number }]
        assert.strictEqual(n, 0)

        // The analyst decides: the API and the check's page name them.
        const decided = yield* promise(() => analyst.submit(checkPath, `${checkPath}/decisions`, {
          list: "ofac_sdn", entry_id: "306", decision: "false_positive", reason: "a different bank"
        }))
        assert.strictEqual(decided.status, 303, decided.text)
        const decisions = yield* promise(() => call(`${url}/v1/decisions`, { headers: { authorization: `Bearer ${secret}` } }))
        const [decision] = (decisions.body as { decisions: ReadonlyArray<{ decided_by: { type: string; id: string; name: string } }> }).decisions
        assert.deepInclude(decision!.decided_by, { type: "member", name: "Ana Analyst" })
        assert.include((yield* promise(() => owner.get(checkPath))).text, "Ana Analyst")
        const check = yield* promise(() => call(`${url}/v1/checks/${verdict.check_id}`, { headers: { authorization: `Bearer ${secret}` } }))
        assert.deepInclude((check.body as { performed_by: object }).performed_by, { type: "key", label: "ci" }, check.text)
        assert.match((yield* promise(() => viewer.get(checkPath))).text, /Asked by<\/dt>\s*<dd>API key ci</)

        // What a member makes in the console names them; what a key makes names the key (API and pages alike).
        const watched = yield* promise(() => analyst.submit("/dashboard/monitors", "/dashboard/monitors", { name: "Watched By Ana Ltd" }))
        assert.strictEqual(watched.status, 303, watched.text)
        const bearer = { authorization: `Bearer ${secret}`, "content-type": "application/json" }
        const monitorsNow = (yield* promise(() => call(`${url}/v1/monitors`, { headers: bearer }))).body as { monitors: ReadonlyArray<{ name: string; created_by: unknown }> }
        assert.deepInclude(monitorsNow.monitors.find((m) => m.name === "Watched By Ana Ltd")?.created_by, { type: "member", name: "Ana Analyst" })
        assert.match((yield* promise(() => viewer.get("/dashboard/monitors"))).text, /Watched By Ana Ltd[\s\S]*Ana Analyst/)
        const job = yield* promise(() => call(`${url}/v1/verify/batch`, { method: "POST", headers: bearer, body: JSON.stringify([{ name: "Dangote Cement" }]) }))
        const jobBody = job.body as { id: string; created_by: { type: string; label: string } }
        assert.deepInclude(jobBody.created_by, { type: "key", label: "ci" }, job.text)
        assert.include((yield* promise(() => viewer.get(`/dashboard/batch/${jobBody.id}`))).text, "by API key ci")

        // Removed: her session ends at once; her decision keeps her name.
        const members = (yield* promise(() => owner.get("/dashboard/members"))).text
        const anaId = decision!.decided_by.id
        assert.include(members, `/dashboard/members/${anaId}/remove`)
        assert.strictEqual((yield* promise(() => owner.submit("/dashboard/members", `/dashboard/members/${anaId}/remove`, {}))).status, 303)
        const after = yield* promise(() => analyst.get("/dashboard"))
        assert.strictEqual(after.status, 303)
        assert.strictEqual(after.headers.get("location"), "/login")
        const still = yield* promise(() => call(`${url}/v1/decisions`, { headers: { authorization: `Bearer ${secret}` } }))
        assert.include(still.text, "Ana Analyst")

        // The audit page lists each action in order with its actor; the exports hold them too.
        const log = (yield* promise(() => viewer.get("/dashboard/audit"))).text
        const order = ["key.created", "member.invited", "member.joined", "member.invited", "member.joined", "access.refused", "access.refused", "access.refused", "decision.recorded", "monitor.created", "batch.submitted", "member.removed"]
        let at = 0
        for (const action of order) {
          const found = log.indexOf(`>${action}<`, at)
          assert.isAbove(found, -1, `${action} after position ${at}`)
          at = found + 1
        }
        assert.include(log, "Vic Viewer")
        const jsonl = (yield* promise(() => viewer.get("/dashboard/audit/export.jsonl"))).text.trim().split("\n").map((l) => JSON.parse(l) as { action: string; actor: { name?: string } | null })
        // log-ins are in the log too (issue 52 item 5): the owner's (the others joined by invitation)
        assert.deepStrictEqual(jsonl.map((e) => e.action).filter((a) => a !== "member.logged_in"), order)
        assert.strictEqual(jsonl.filter((e) => e.action === "member.logged_in").length, 1)
        assert.strictEqual(jsonl.find((e) => e.action === "decision.recorded")?.actor?.name, "Ana Analyst")
        const csv = (yield* promise(() => owner.get("/dashboard/audit/export.csv?action=decision.recorded"))).text
        assert.match(csv, /^seq,at,actor_type/)
        assert.include(csv, "Ana Analyst")
        assert.strictEqual(csv.trim().split("\r\n").length, 2)

        // Another account sees nothing of it.
        const other = yield* promise(() => signUpAndLogIn(url, "other@example.com", PASSWORD))
        const theirs = (yield* promise(() => other.get("/dashboard/audit"))).text
        assert.notInclude(theirs, "Ana Analyst")
        assert.notInclude((yield* promise(() => other.get("/dashboard/members"))).text, "vic@example.com")

        // The chain verifies untouched, and names the first bad entry after one row is changed behind the service's back.
        const audit = yield* Audit
        assert.deepStrictEqual((yield* audit.verify(null)).broken, [])
        yield* sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update`
        yield* sql`UPDATE audit_log SET actor = jsonb_set(actor, '{name}', '"Someone Else"') WHERE action = 'decision.recorded'`
        yield* sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update`
        const [edited] = yield* sql<{ account_id: string; seq: number }>`SELECT account_id, seq::int AS seq FROM audit_log WHERE action = 'decision.recorded'`
        const broken = (yield* audit.verify(null)).broken
        assert.deepStrictEqual(broken.map((b) => [b.accountId, b.seq, b.problem]), [[edited!.account_id, edited!.seq, "hash"]])
        // Nothing the service runs can change an entry: the database refuses it.
        const refusedUpdate = yield* sql`UPDATE audit_log SET outcome = 'refused'`.pipe(Effect.flip)
        assert.include(String(refusedUpdate.reason.cause), "append-only")
      }).pipe(Effect.provide(Audit.Default)), 300_000)
  })
})
