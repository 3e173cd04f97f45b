import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import * as path from "node:path"
import { ingestCacPscFile } from "../../src/companies/ingest/PscIngest.js"
import { escapeHtml } from "../../src/web/html.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { dataDir, fixturesDir } from "../sanctions/paths.js"
import { bearer, call, isErrorBody } from "../support/http.js"
import { canonicalSha256 } from "../support/canonicalSha256.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { keyIdOf } from "../tenancy/support.js"
import { secretIn, signUpAndLogIn } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const json = (headers: Record<string, string>) => ({ ...headers, "content-type": "application/json" })
type Body = Record<string, unknown>
interface Document { name: string; media_type: string; sha256: string; bytes: number; content: string }
interface CaseFileBody { format: string; case_id: string; account_id: string; generated_by: Body; documents: ReadonlyArray<Document>; omitted: ReadonlyArray<{ name: string; why: string }> }
interface AuditBody { entries: ReadonlyArray<{ seq: number; action: string; object: { type: string; id: string } | null; hash: string; details: Body }> }

/** Every document's text hashed here (not by the service's code): each must match its SHA-256 and byte count. */
const verified = (file: CaseFileBody) => {
  for (const d of file.documents) {
    assert.strictEqual(createHash("sha256").update(Buffer.from(d.content, "utf8")).digest("hex"), d.sha256, d.name)
    assert.strictEqual(Buffer.byteLength(d.content, "utf8"), d.bytes, d.name)
    assert.strictEqual(d.media_type, "application/json")
  }
  return new Map(file.documents.map((d) => [d.name, JSON.parse(d.content) as unknown]))
}

const actionsOf = (accountId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ action: string }>`SELECT action FROM audit_log WHERE account_id = ${accountId} ORDER BY seq`).pipe(
    Effect.map((rows) => rows.map((r) => r.action)), Effect.orDie)

/**
 * Another account asks for the case's file through every door: a key over /v1 and MCP, a member in the console. Each is
 * told the case is not found, as of any object of another account. Such an answer is not audited (the refusal audit
 * records a known caller's 403s and 409s: src/http/refusalAudit.ts), so the refusal must change nothing: no entry in
 * the case's account nor in the asker's, and the case as it was.
 */
const refusedToOthers = (url: string, caseId: string, owner: { readonly account_id: string; readonly writer: Record<string, string> }) =>
  Effect.gen(function*() {
    const server = yield* TestServer
    const secret = yield* server.newKey({ plan: "unlimited" })
    const web = yield* promise(() => signUpAndLogIn(url, "another-account@example.com", "a long enough passphrase"))
    const [member] = yield* Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ id: string }>`SELECT account_id AS id FROM members WHERE email_lower = 'another-account@example.com'`).pipe(Effect.orDie)
    const accounts = [owner.account_id, (yield* keyIdOf(secret)).account_id, member!.id]
    assert.strictEqual(new Set(accounts).size, 3)
    const held = Effect.all({
      logs: Effect.forEach(accounts, actionsOf),
      detail: promise(() => call(`${url}/v1/cases/${caseId}`, { headers: owner.writer })).pipe(Effect.map((r) => r.body))
    })
    const before = yield* held

    const viaApi = yield* promise(() => call(`${url}/v1/cases/${caseId}/file`, { headers: bearer(secret) }))
    assert.strictEqual(viaApi.status, 404)
    assert.isTrue(isErrorBody(viaApi.body, "case_not_found"), viaApi.text)
    const viaMcp = yield* promise(() => call(`${url}/mcp`, {
      method: "POST", headers: { ...json(bearer(secret)), accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_case_file", arguments: { id: caseId } } })
    }))
    assert.strictEqual(viaMcp.status, 200, viaMcp.text)
    const result = (viaMcp.body as { result: { isError?: boolean; content: ReadonlyArray<{ text: string }> } }).result
    assert.isTrue(result.isError, viaMcp.text)
    assert.isTrue(isErrorBody(JSON.parse(result.content[0]!.text), "case_not_found"), viaMcp.text)
    assert.strictEqual((yield* promise(() => web.get(`/dashboard/cases/${caseId}/file`))).status, 404)

    assert.deepStrictEqual(yield* held, before)
  })

/**
 * Issue 55 items 3 and 5 over HTTP: the case file (GET /v1/cases/{id}/file and its console download) holds the case,
 * each check and the audit entries concerning the case exactly as the API gives them, each verified by its SHA-256;
 * the printable record and the pages link and state what the API says.
 */
describe("a case as a file to keep, and the pages' links and statements", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000", SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect("the file's documents are the API's answers, hashed; a key without scope audit gets no audit entry; another account's case is 404", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const url = server.url
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        const mine = yield* promise(() => signUpAndLogIn(url, "filer@example.com", "a long enough passphrase"))
        const secret = secretIn((yield* promise(() => mine.submitFollowing("/dashboard", "/dashboard/keys", { label: "k" }))).text)
        const writer = bearer(secret)
        const { account_id } = yield* keyIdOf(secret)
        const auditor = bearer(yield* server.newKey({ plan: "unlimited", accountId: account_id, scope: "audit" }))
        const get = (route: string, headers: Record<string, string>) => promise(() => call(`${url}${route}`, { headers }))
        const post = (route: string, body: unknown) => promise(() => call(`${url}${route}`, { method: "POST", headers: json(writer), body: JSON.stringify(body) }))

        // Until the screener answers from the list just ingested (it loads new versions on its poll); each review verdict joins the case.
        let verdict = (yield* post("/v1/verify", { name: "Banco Nacional de Cuba" })).body as { check_id: string; result: string; sanctions: { hits: ReadonlyArray<{ entry_id: string }> } }
        for (let i = 0; i < 150 && !verdict.sanctions.hits.some((h) => h.entry_id === "306"); i++) {
          yield* Effect.sleep("200 millis")
          verdict = (yield* post("/v1/verify", { name: "Banco Nacional de Cuba" })).body as typeof verdict
        }
        verdict = (yield* post("/v1/verify", { name: "Banco Nacional de Cuba" })).body as typeof verdict
        assert.strictEqual(verdict.result, "review")
        const caseId = ((yield* get("/v1/cases", writer)).body as { cases: ReadonlyArray<{ id: string }> }).cases[0]!.id
        assert.strictEqual((yield* post(`/v1/cases/${caseId}/comments`, { text: "The Cuban state bank; ours is in Panama" })).status, 200)
        const decided = yield* post(`/v1/cases/${caseId}/decisions`, { hits: [{ list: "ofac_sdn", entry_id: "306" }], decision: "false_positive", note: "The Panamanian namesake" })
        assert.strictEqual(decided.status, 200, decided.text)

        const reply = yield* get(`/v1/cases/${caseId}/file`, auditor)
        assert.strictEqual(reply.status, 200, reply.text)
        const file = reply.body as CaseFileBody
        assert.strictEqual(file.format, "kyb-africa-case-file/1")
        assert.strictEqual(file.case_id, caseId)
        assert.strictEqual(file.account_id, account_id)
        assert.strictEqual(file.generated_by["type"], "key")
        assert.deepStrictEqual(file.omitted, [])
        const docs = verified(file)

        // case.json is the case as GET /v1/cases/{id} gives it; each check as GET /v1/checks/{id} gives it
        const detail = (yield* get(`/v1/cases/${caseId}`, writer)).body as { case: Body; checks: ReadonlyArray<{ id: string }>; decisions: ReadonlyArray<{ id: string; approval: string }> }
        assert.deepStrictEqual(docs.get("case.json"), detail)
        assert.isAtLeast(detail.checks.length, 2)
        assert.deepStrictEqual(file.documents.map((d) => d.name), ["case.json", ...detail.checks.map((k) => `checks/${k.id}.json`), "audit.json"])
        for (const k of detail.checks) assert.deepStrictEqual(docs.get(`checks/${k.id}.json`), (yield* get(`/v1/checks/${k.id}`, writer)).body)
        assert.deepStrictEqual(detail.decisions.map((d) => d.approval), ["pending"], "four eyes: an exact name's false positive waits")

        // audit.json: the case's own entries and its decision's, each as GET /v1/audit gives it (same chain hash)
        const audit = docs.get("audit.json") as AuditBody
        assert.includeMembers(audit.entries.map((e) => e.action), ["case.commented", "decision.recorded"])
        for (const e of audit.entries) {
          const concerns = e.object?.id === caseId || e.details["case_id"] === caseId || detail.decisions.some((d) => d.id === e.object?.id) || detail.checks.some((k) => k.id === e.object?.id)
          assert.isTrue(concerns, `${e.action} ${JSON.stringify(e.object)} concerns the case`)
          const listed = (yield* get(`/v1/audit?object_id=${e.object?.id ?? ""}`, auditor)).body as AuditBody
          assert.deepStrictEqual(listed.entries.find((l) => l.seq === e.seq), e)
        }
        assert.deepStrictEqual(audit.entries.map((e) => e.seq), [...audit.entries.map((e) => e.seq)].sort((a, b) => a - b))

        // A key that may not read the audit log gets the rest, and is told what is left out.
        const partial = (yield* get(`/v1/cases/${caseId}/file`, writer)).body as CaseFileBody
        assert.notInclude(partial.documents.map((d) => d.name), "audit.json")
        assert.deepStrictEqual(partial.omitted.map((o) => o.name), ["audit.json"])
        verified(partial)
        yield* refusedToOthers(url, caseId, { account_id, writer })
        const bad = yield* get("/v1/cases/not-a-case/file", writer)
        assert.strictEqual(bad.status, 400, bad.text)

        // The console's download: the same file, made by the member, with the audit entries (every member reads the log).
        const download = yield* promise(() => mine.get(`/dashboard/cases/${caseId}/file`))
        assert.strictEqual(download.status, 200)
        assert.match(download.headers.get("content-disposition") ?? "", new RegExp(`^attachment; filename="${caseId}-file.json"$`))
        const downloaded = JSON.parse(download.text) as CaseFileBody
        assert.strictEqual(downloaded.generated_by["type"], "member")
        assert.deepStrictEqual(verified(downloaded).get("case.json"), detail)
        assert.include(downloaded.documents.map((d) => d.name), "audit.json")
        assert.strictEqual((yield* promise(() => mine.get("/dashboard/cases/case_00000000000000000000/file"))).status, 404)

        // Each file given out is an evidence read in the audit log: who, which case, the SHA-256 of the file they got
        // (over its canonical JSON, recomputed here from the bytes each door served); the refused ones are not.
        const downloads = ((yield* get(`/v1/audit?action=case.file_downloaded`, auditor)).body as AuditBody).entries as ReadonlyArray<AuditBody["entries"][number] & { actor: Body }>
        assert.deepStrictEqual(downloads.map((e) => [e.object?.id, e.actor["type"], e.details["case_id"]]), [[caseId, "key", caseId], [caseId, "key", caseId], [caseId, "member", caseId]])
        assert.deepStrictEqual(downloads.map((e) => e.details["sha256"]), [file, partial, downloaded].map(canonicalSha256))
        assert.deepStrictEqual(downloads.map((e) => e.details["with_audit"]), [true, false, true])
        assert.strictEqual(downloads[0]!.details["documents"], file.documents.length)

        // The record page: every part, a pending decision as pending; its print style names the case on every page.
        const record = yield* promise(() => mine.get(`/dashboard/cases/${caseId}/record`))
        assert.strictEqual(record.status, 200)
        for (const words of ["pending: not in force", "The Panamanian namesake", "The Cuban state bank; ours is in Panama", "Zweierstrasse 35", "Audit entries concerning the case", "case.commented", "none yet: the case is"]) {
          assert.include(record.text, escapeHtml(words))
        }
        for (const k of detail.checks) assert.include(record.text, `/dashboard/checks/${k.id}`)
        assert.include(record.text, `href="/dashboard/cases/${caseId}/record.css"`)
        const style = yield* promise(() => mine.get(`/dashboard/cases/${caseId}/record.css`))
        assert.match(style.headers.get("content-type") ?? "", /^text\/css/)
        assert.include(style.text, `"Page " counter(page) " of " counter(pages)`)
        assert.include(style.text, caseId)
        assert.strictEqual((yield* promise(() => mine.get("/dashboard/cases/case_00000000000000000000/record"))).status, 404)

        // Links: the case page leads to the record and to each check, with each hit's list facts; the check page to its case.
        const casePage = (yield* promise(() => mine.get(`/dashboard/cases/${caseId}`))).text
        assert.include(casePage, `href="/dashboard/cases/${caseId}/record"`)
        for (const k of detail.checks) assert.include(casePage, `href="/dashboard/checks/${k.id}"`)
        assert.include(casePage, "What the lists say of each hit")
        assert.include(casePage, "Zweierstrasse 35, Zurich CH-8022, Switzerland")
        const checkPage = (yield* promise(() => mine.get(`/dashboard/checks/${verdict.check_id}`))).text
        assert.include(checkPage, `<a href="/dashboard/cases/${caseId}">${caseId}: Open</a>`)
        assert.include(checkPage, "<strong>Registered: no</strong>: no business was resolved from the inputs.")
        const checkStyle = (yield* promise(() => mine.get(`/dashboard/checks/${verdict.check_id}/print.css`))).text
        assert.include(checkStyle, `Case ${caseId}: Open`)
      }))

    it.effect("a check's page states Registered: yes with the source, kind and date its registry_evidence gives; a console verification's notice says Check saved", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const url = server.url
        yield* ingestCacPscFile(path.join(dataDir, "companies", "ng_cac_psc.json"), { name: "A Harvester (test)", url: "https://example.org/cac-copy" }).pipe(Effect.orDie)
        const mine = yield* promise(() => signUpAndLogIn(url, "registered@example.com", "a long enough passphrase"))
        const secret = secretIn((yield* promise(() => mine.submitFollowing("/dashboard", "/dashboard/keys", { label: "k" }))).text)
        const made = yield* promise(() => call(`${url}/v1/verify`, { method: "POST", headers: json(bearer(secret)), body: JSON.stringify({ country: "NG", registration_no: "RC 771" }) }))
        const verdict = made.body as { check_id: string; registered: boolean; company: { registry_evidence: { source: string; kind: string; checked_at: string } | null } | null }
        assert.isTrue(verdict.registered, made.text)
        const evidence = verdict.company!.registry_evidence!
        const page = (yield* promise(() => mine.get(`/dashboard/checks/${verdict.check_id}`))).text
        const day = evidence.checked_at.slice(0, 10)
        assert.include(page, `<p id="registered"><strong>Registered: yes</strong>, per ${escapeHtml(evidence.source)}, ${evidence.kind}, <time class="nowrap" datetime="${day}">${day}</time>.</p>`)

        const saved = yield* promise(() => mine.submitFollowing("/dashboard/verify", "/dashboard/verify", { name: "Banco Nacional de Cuba" }))
        assert.include(saved.text, "Check saved: the verdict is kept as a check")
        assert.notInclude(saved.text, "Verified:")
      }))
  })
})
