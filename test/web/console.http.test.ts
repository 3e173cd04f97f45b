import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixturesDir } from "../sanctions/paths.js"
import { call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { makeWebClient, secretIn, signUpAndLogIn } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

const signedUp = (url: string, email: string) => promise(() => signUpAndLogIn(url, email, "a long enough passphrase"))

const verify = (url: string, secret: string, name: string) =>
  promise(() => call(`${url}/v1/verify`, { method: "POST", headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" }, body: JSON.stringify({ name }) })).pipe(
    Effect.map((r) => r.body as { result: string; check_id: string; sanctions: { hits: ReadonlyArray<{ entry_id: string }> } })
  )

/** The console's pages without a browser (issue 29): who sees what, refusals as pages, nothing changed by bad input. */
describe("the analyst's console over HTTP", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000", SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("an account sees its own checks only; a decision needs a reason; bad filters are a 400 page; posts need the CSRF token", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        const mine = yield* signedUp(url, "mine@example.com")
        const theirs = yield* signedUp(url, "theirs@example.com")
        const secret = secretIn((yield* promise(() => mine.submitFollowing("/dashboard", "/dashboard/keys", { label: "k" }))).text)
        let verdict = yield* verify(url, secret, "Banco Nacional de Cuba")
        // Until the screener answers from the list just ingested (it loads new versions on its poll).
        for (let i = 0; i < 100 && !verdict.sanctions.hits.some((h) => h.entry_id === "306"); i++) {
          yield* Effect.sleep("200 millis")
          verdict = yield* verify(url, secret, "Banco Nacional de Cuba")
        }
        assert.strictEqual(verdict.result, "review")

        const moved = yield* promise(() => mine.get("/dashboard/review"))
        assert.strictEqual(moved.status, 303, "the review queue's old address leads to the cases")
        assert.strictEqual(moved.headers.get("location"), "/dashboard/cases")
        const queue = yield* promise(() => mine.get("/dashboard/cases"))
        assert.strictEqual(queue.status, 200)
        const caseId = /\/dashboard\/cases\/(case_[0-9a-f]{20})"/.exec(queue.text)?.[1] ?? ""
        assert.include((yield* promise(() => mine.get(`/dashboard/cases/${caseId}`))).text, `/dashboard/checks/${verdict.check_id}`)
        assert.match(queue.text, /class="count">1</)
        const page = yield* promise(() => mine.get(`/dashboard/checks/${verdict.check_id}`))
        assert.strictEqual(page.status, 200)
        assert.include(page.text, "BANCO NACIONAL DE CUBA")
        assert.include(page.headers.get("content-security-policy") ?? "", "default-src 'self'")

        const elsewhere = yield* promise(() => theirs.get(`/dashboard/checks/${verdict.check_id}`))
        assert.strictEqual(elsewhere.status, 404)
        assert.notInclude(elsewhere.text, "BANCO NACIONAL DE CUBA")
        assert.notInclude((yield* promise(() => theirs.get("/dashboard/cases"))).text, caseId)
        assert.strictEqual((yield* promise(() => theirs.get(`/dashboard/cases/${caseId}`))).status, 404)

        const noReason = yield* promise(() => mine.submit(`/dashboard/checks/${verdict.check_id}`, `/dashboard/checks/${verdict.check_id}/decisions`, {
          list: "ofac_sdn", entry_id: "306", decision: "false_positive", reason: "  "
        }))
        assert.strictEqual(noReason.status, 400)
        assert.include(noReason.text, "reason: is required")
        const theirDecision = yield* promise(() => theirs.submit("/dashboard/cases", `/dashboard/checks/${verdict.check_id}/decisions`, {
          list: "ofac_sdn", entry_id: "306", decision: "false_positive", reason: "not mine"
        }))
        assert.strictEqual(theirDecision.status, 404)
        assert.match((yield* promise(() => mine.get("/dashboard/cases"))).text, /class="count">1</, "nothing was decided")
        const forged = yield* promise(() => mine.post(`/dashboard/checks/${verdict.check_id}/decisions`, {
          list: "ofac_sdn", entry_id: "306", decision: "false_positive", reason: "forged", _csrf: "x".repeat(43)
        }))
        assert.strictEqual(forged.status, 403)

        const decided = yield* promise(() => mine.submit(`/dashboard/checks/${verdict.check_id}`, `/dashboard/checks/${verdict.check_id}/decisions`, {
          list: "ofac_sdn", entry_id: "306", decision: "false_positive", reason: "the Panamanian namesake"
        }))
        assert.strictEqual(decided.status, 303)
        // An exact SDN name: the false positive waits for a second member (four eyes, on for a new account).
        assert.include(decided.headers.get("location") ?? "", "notice=proposed")
        assert.include((yield* promise(() => mine.get("/dashboard/cases?pending=true"))).text, "1 waiting for a second look")
        const decisions = yield* promise(() => call(`${url}/v1/decisions`, { headers: { authorization: `Bearer ${secret}` } }))
        assert.deepStrictEqual((decisions.body as { decisions: ReadonlyArray<{ note: string }> }).decisions.map((d) => d.note), ["the Panamanian namesake"])

        const badFilter = yield* promise(() => mine.get("/dashboard/checks?result=maybe"))
        assert.strictEqual(badFilter.status, 400)
        assert.include(badFilter.text, "result: must be verified, review or not_found")
        const filtered = yield* promise(() => mine.get("/dashboard/checks?result=review&name=banco"))
        assert.include(filtered.text, verdict.check_id)
        assert.notInclude((yield* promise(() => mine.get("/dashboard/checks?result=verified"))).text, verdict.check_id)

        assert.strictEqual((yield* promise(() => mine.get("/dashboard/checks/not-a-uuid"))).status, 404)
        assert.strictEqual((yield* promise(() => mine.get("/dashboard/batch/not-a-uuid"))).status, 404)
        const anonymous = yield* promise(() => makeWebClient(url).get("/dashboard/cases"))
        assert.strictEqual(anonymous.status, 303)
        assert.strictEqual(anonymous.headers.get("location"), "/login")
      }))

    it.effect("verify again counts against the account's month like any verification, and is refused (429 page, nothing kept) when it is used up", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const web = yield* signedUp(url, "again-quota@example.com")
        const secret = secretIn((yield* promise(() => web.submitFollowing("/dashboard", "/dashboard/keys", { label: "k" }))).text)
        const first = yield* verify(url, secret, "Quota Again Trading")
        const usedOf = Effect.map(
          sql<{ used: number }>`SELECT coalesce(sum(u.used), 0)::int AS used FROM account_usage u JOIN api_keys k ON k.account_id = u.account_id
            WHERE k.secret_prefix = ${secret.slice(0, 13)}`,
          (rows) => rows[0]!.used
        )
        assert.strictEqual(yield* usedOf, 1)
        const again = yield* promise(() => web.submit(`/dashboard/checks/${first.check_id}`, `/dashboard/checks/${first.check_id}/verify-again`, {}))
        assert.strictEqual(again.status, 303, again.text)
        assert.strictEqual(yield* usedOf, 2)
        yield* sql`UPDATE account_usage SET used = 100 WHERE account_id = (SELECT account_id FROM api_keys WHERE secret_prefix = ${secret.slice(0, 13)})`
        const [before] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM checks`
        const refused = yield* promise(() => web.submit(`/dashboard/checks/${first.check_id}`, `/dashboard/checks/${first.check_id}/verify-again`, {}))
        assert.strictEqual(refused.status, 429)
        assert.include(refused.text, "monthly quota has fewer than 1 request left")
        const [after] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM checks`
        assert.strictEqual(after!.n, before!.n)
        assert.strictEqual(yield* usedOf, 100)
      }))

    it.effect("the batch page lists the account's past jobs, newest first, with their status and a link", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const web = yield* signedUp(url, "jobs-list@example.com")
        const secret = secretIn((yield* promise(() => web.submitFollowing("/dashboard", "/dashboard/keys", { label: "k" }))).text)
        const submit = (name: string) => promise(() => call(`${url}/v1/verify/batch`, {
          method: "POST", headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" }, body: JSON.stringify([{ name }])
        })).pipe(Effect.map((r) => (r.body as { id: string }).id))
        const older = yield* submit("First Job Trading")
        const newer = yield* submit("Second Job Trading")
        const page = yield* promise(() => web.get("/dashboard/batch"))
        assert.strictEqual(page.status, 200)
        const table = page.text.slice(page.text.indexOf("id=\"jobs\""))
        assert.isAbove(table.indexOf(`/dashboard/batch/${older}`), table.indexOf(`/dashboard/batch/${newer}`))
        assert.isAbove(table.indexOf(`/dashboard/batch/${newer}`), -1)
        const other = yield* signedUp(url, "jobs-other@example.com")
        assert.notInclude((yield* promise(() => other.get("/dashboard/batch"))).text, older)
        assert.strictEqual((yield* promise(() => web.get("/dashboard/batch?cursor=nope"))).status, 400)
      }))

    it.effect("an unknown browser path is an HTML page; the API keeps its JSON 404", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const page = yield* promise(() => fetch(`${url}/no-such-page`, { headers: { accept: "text/html" } }))
        assert.strictEqual(page.status, 404)
        assert.include(page.headers.get("content-type") ?? "", "text/html")
        assert.include(yield* promise(() => page.text()), "Page not found")
        const api = yield* promise(() => fetch(`${url}/v1/nothing`, { headers: { accept: "text/html" } }))
        assert.strictEqual(api.status, 404)
        assert.deepInclude(yield* promise(() => api.json() as Promise<Record<string, unknown>>), { error: "not_found" })
      }))
  })
})
