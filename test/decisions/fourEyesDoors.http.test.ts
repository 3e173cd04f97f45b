import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { Effect, Schedule } from "effect"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { linkedFixtures } from "../cases/linkedFixtures.js"
import { callTool, connect } from "../mcp/mcpClient.js"
import { bearer, call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { inviteAndJoin, makeWebClient, secretIn, signUpAndLogIn, type WebClient } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const PASSWORD = "a long enough passphrase"

interface Decision {
  id: string; approval: string; status: string; case_id: string | null; proposal_id: string; note: string | null
  proposer: { id: string; name: string | null } | null; reviewed_by: { type: string; name?: string } | null; review_note: string | null; list: string; entry_id: string
}
interface Hit { list: string; entry_id: string; dismissed: boolean }
interface Verdict { result: string; check_id: string; sanctions: { hits: ReadonlyArray<Hit> } }
interface CheckBody { decisions: ReadonlyArray<Decision>; case: { id: string; status: string; outcome: string | null } | null; four_eyes: { enabled: boolean; changed_by: { name?: string } | null } }

const json = (secret: string) => ({ ...bearer(secret), "content-type": "application/json" })
const verify = (url: string, secret: string, body: Record<string, string>) =>
  promise(() => call(`${url}/v1/verify`, { method: "POST", headers: json(secret), body: JSON.stringify(body) })).pipe(Effect.map((r) => r.body as Verdict))
const post = (url: string, secret: string, route: string, body: unknown) =>
  promise(() => call(`${url}${route}`, { method: "POST", headers: json(secret), body: JSON.stringify(body) }))
const get = <A>(url: string, secret: string, route: string) => promise(() => call(`${url}${route}`, { headers: bearer(secret) })).pipe(Effect.map((r) => r.body as A))
const hitOn = (v: Verdict, list: string, id: string) => v.sanctions.hits.find((h) => h.list === list && h.entry_id === id)

/** A console form posted on a decision (approve, reject, withdraw) from the Awaiting approval view. */
const onDecision = (web: WebClient, id: string, move: string, form: Record<string, string>) =>
  promise(() => web.submit("/dashboard/approvals", `/dashboard/decisions/${id}/${move}`, { back: "approvals", ...form }))

/** A team of three, each in a session of their own: the owner (with a key), an analyst, and an admin (with a key). */
const team = (url: string, tag: string) =>
  Effect.gen(function*() {
    const owner = yield* promise(() => signUpAndLogIn(url, `owner-${tag}@example.com`, PASSWORD))
    const ownerKey = secretIn((yield* promise(() => owner.submitFollowing("/dashboard", "/dashboard/keys", { label: "owner's service" }))).text)
    const ana = yield* promise(() => inviteAndJoin(owner, url, { email: `ana-${tag}@example.com`, role: "analyst", name: "Ana Analyst", password: PASSWORD }))
    const ade = yield* promise(() => inviteAndJoin(owner, url, { email: `ade-${tag}@example.com`, role: "admin", name: "Ade Admin", password: PASSWORD }))
    const adeKey = secretIn((yield* promise(() => ade.submitFollowing("/dashboard", "/dashboard/keys", { label: "ade's service" }))).text)
    return { owner, ownerKey, ana, ade, adeKey, email: `owner-${tag}@example.com` }
  })

const awaitingCount = (html: string) => /Awaiting approval <span class="count">(\d+)/.exec(html)?.[1]

/** Issue 52 items 1-4, through the real server: every door, every member, one rule. */
describe("four eyes held by people, whatever the door (issue 52 items 1-4)", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000", SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect("a key's proposal is its maker's: never approved by them (console, second session, racing posts), pending in its case, in Awaiting approval, pending everywhere; withdrawn only by them; approved and rejected with a note, on the evidence", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const fixtures = linkedFixtures()
        yield* ingestSanctions([fixtures.sdn], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        yield* ingestSanctions([fixtures.un], { publishedOn: "2024-05-04" }).pipe(Effect.orDie)
        const t = yield* team(url, "doors")
        const first = yield* verify(url, t.ownerKey, { name: "Banco Nacional de Cuba" }).pipe(
          Effect.filterOrFail((v) => hitOn(v, "ofac_sdn", "306") !== undefined),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))), Effect.orDie)
        assert.strictEqual(first.result, "review")

        // Key, then console: the owner's key proposes a false positive on the exact OFAC hit.
        const made = yield* post(url, t.ownerKey, "/v1/decisions", { name: "Banco Nacional de Cuba", list: "ofac_sdn", entry_id: "306", decision: "false_positive", note: "a namesake in Panama" })
        assert.strictEqual(made.status, 201, made.text)
        const proposal = made.body as Decision
        assert.strictEqual(proposal.approval, "pending")
        assert.strictEqual(proposal.status, "pending")
        assert.isNotNull(proposal.proposer, "the key acts for the member who made it")
        const [ownerMember] = yield* sql<{ id: string }>`SELECT id FROM members WHERE email_lower = ${t.email}`
        assert.strictEqual(proposal.proposer!.id, ownerMember!.id)
        // in the case the verification opened for the subject, not one of its own
        const [check] = yield* sql<{ case_id: string }>`SELECT case_id FROM case_checks WHERE check_id = ${first.check_id}::uuid`
        assert.strictEqual(proposal.case_id, check!.case_id)

        const own = yield* onDecision(t.owner, proposal.id, "approve", { note: "fine by me" })
        assert.strictEqual(own.status, 409, own.text)
        assert.include(own.text, "You proposed this decision")
        const secondSession = makeWebClient(url)
        const login = yield* promise(async () => secondSession.post("/login", { _csrf: secondSession.csrfIn((await secondSession.get("/login")).text), email: t.email, password: PASSWORD }))
        assert.strictEqual(login.status, 303)
        const race = yield* Effect.all([t.owner, secondSession, t.owner, secondSession, t.owner, secondSession].map((web) =>
          onDecision(web, proposal.id, "approve", { note: "racing" })), { concurrency: "unbounded" })
        assert.deepStrictEqual(race.map((r) => r.status), [409, 409, 409, 409, 409, 409])
        const [still] = yield* sql<{ approval: string }>`SELECT approval FROM decisions WHERE id = ${proposal.id}`
        assert.strictEqual(still!.approval, "pending")
        assert.strictEqual((yield* verify(url, t.ownerKey, { name: "Banco Nacional de Cuba" })).result, "review", "pending dismisses nothing")

        // Pending everywhere: the list, the check (API and page), Awaiting approval (Withdraw for the proposer only).
        const listed = yield* get<{ decisions: ReadonlyArray<Decision> }>(url, t.ownerKey, "/v1/decisions")
        assert.strictEqual(listed.decisions.find((d) => d.id === proposal.id)?.status, "pending")
        const evidence = yield* get<CheckBody>(url, t.ownerKey, `/v1/checks/${first.check_id}`)
        assert.strictEqual(evidence.decisions.find((d) => d.id === proposal.id)?.status, "pending")
        assert.strictEqual(evidence.case?.id, proposal.case_id)
        assert.strictEqual(evidence.four_eyes.enabled, true)
        const checkPage = (yield* promise(() => t.owner.get(`/dashboard/checks/${first.check_id}`))).text
        assert.include(checkPage, "pending: not in force")
        assert.include(checkPage, "Four-eyes policy now: on")
        assert.notInclude(checkPage, "decided since: <strong>false positive</strong> (")
        const ownerView = (yield* promise(() => t.owner.get("/dashboard/approvals"))).text
        assert.include(ownerView, `/dashboard/decisions/${proposal.id}/withdraw`)
        assert.notInclude(ownerView, `/dashboard/decisions/${proposal.id}/approve`)
        assert.strictEqual(awaitingCount(ownerView), "0", "their own is not waiting for them")
        const anaView = (yield* promise(() => t.ana.get("/dashboard/approvals"))).text
        assert.include(anaView, `/dashboard/decisions/${proposal.id}/approve`)
        assert.strictEqual(awaitingCount(anaView), "1")

        // MCP: the owner's key proposes on another subject; pending, in a case opened for it; never the owner's to approve.
        const mcp = yield* connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: bearer(t.ownerKey) } }))
        const viaMcp = (yield* callTool(mcp, "record_decision", { name: "Banco Nacional de Cuba", country: "PA", list: "ofac_sdn", entry_id: "306", decision: "false_positive", note: "the Panama company" })) as unknown as Decision
        assert.strictEqual(viaMcp.status, "pending")
        assert.match(viaMcp.case_id ?? "", /^case_[0-9a-f]{20}$/)
        assert.notStrictEqual(viaMcp.case_id, proposal.case_id, "its own subject's case")
        assert.strictEqual((yield* onDecision(t.owner, viaMcp.id, "approve", { note: "mine" })).status, 409)
        const mcpList = (yield* callTool(mcp, "list_decisions", {})) as unknown as { decisions: ReadonlyArray<Decision> }
        assert.strictEqual(mcpList.decisions.find((d) => d.id === viaMcp.id)?.status, "pending")

        // Withdrawal is the proposer's alone: another member's key (403), another member's session (403).
        const adeTry = yield* post(url, t.adeKey, `/v1/decisions/${viaMcp.id}/withdraw`, {})
        assert.strictEqual(adeTry.status, 403, adeTry.text)
        assert.strictEqual((adeTry.body as { error: string }).error, "not_the_proposer")
        assert.strictEqual((yield* onDecision(t.ana, viaMcp.id, "withdraw", {})).status, 403)

        // A second look needs a note; Ana rejects the MCP proposal and approves the key's.
        assert.strictEqual((yield* onDecision(t.ana, viaMcp.id, "reject", { note: "  " })).status, 400)
        assert.strictEqual((yield* onDecision(t.ana, viaMcp.id, "reject", { note: "the Panama company is not our customer" })).status, 303)
        assert.strictEqual((yield* onDecision(t.ana, proposal.id, "approve", { note: "checked the registry: a Panama namesake" })).status, 303)
        const after = yield* get<{ decisions: ReadonlyArray<Decision> }>(url, t.ownerKey, "/v1/decisions")
        const rejected = after.decisions.find((d) => d.id === viaMcp.id)!
        assert.strictEqual(rejected.status, "rejected")
        assert.strictEqual(rejected.review_note, "the Panama company is not our customer")
        assert.isTrue(hitOn(yield* verify(url, t.ownerKey, { name: "Banco Nacional de Cuba" }), "ofac_sdn", "306")!.dismissed)
        const approved = (yield* get<CheckBody>(url, t.ownerKey, `/v1/checks/${first.check_id}`)).decisions.find((d) => d.id === proposal.id)!
        assert.strictEqual(approved.status, "in_force")
        assert.strictEqual(approved.reviewed_by?.name, "Ana Analyst")
        assert.strictEqual(approved.review_note, "checked the registry: a Panama namesake")
        const printed = (yield* promise(() => t.owner.get(`/dashboard/checks/${first.check_id}`))).text
        assert.match(printed, /approved by Ana Analyst on \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC: checked the registry: a Panama namesake/)
        assert.include(printed, proposal.case_id!)

        // Console, then key: the owner proposes on the case in the console and withdraws it with the key they made.
        const casePath = `/dashboard/cases/${proposal.case_id}`
        const again = yield* promise(() => t.owner.submit(casePath, `${casePath}/decisions`, { hit: "ofac_sdn:306", decision: "false_positive", note: "again, to be sure" }))
        assert.strictEqual(again.status, 303, again.text)
        const [fromConsole] = yield* sql<{ id: string }>`SELECT id FROM decisions WHERE case_id = ${proposal.case_id} AND approval = 'pending'`
        assert.strictEqual((yield* onDecision(t.owner, fromConsole!.id, "approve", { note: "mine" })).status, 409)
        const withdrawn = yield* post(url, t.ownerKey, `/v1/decisions/${fromConsole!.id}/withdraw`, { note: "already decided" })
        assert.strictEqual(withdrawn.status, 200, withdrawn.text)
        assert.deepStrictEqual((withdrawn.body as { decisions: ReadonlyArray<Decision> }).decisions.map((d) => d.status), ["withdrawn"])
        assert.strictEqual((yield* post(url, t.ownerKey, `/v1/decisions/${fromConsole!.id}/withdraw`, {})).status, 409)

        // The evidence names the policy in force and who changed it last.
        const policy = yield* promise(() => t.owner.submit("/dashboard/cases", "/dashboard/cases/policy", { four_eyes: "on", threshold: "0.9" }))
        assert.strictEqual(policy.status, 303, policy.text)
        const changed = (yield* get<CheckBody>(url, t.ownerKey, `/v1/checks/${first.check_id}`)).four_eyes
        assert.deepStrictEqual([changed.enabled, changed.changed_by?.name], [true, t.email])
        assert.match((yield* promise(() => t.ana.get(`/dashboard/checks/${first.check_id}`))).text,
          new RegExp(`Four-eyes policy now: on: a false positive on a hit scored 0.9 or more.*last changed by ${t.email} on \\d{4}-\\d{2}-\\d{2}`))

        const audited = yield* sql<{ action: string; note: string | null }>`SELECT action, details->>'note' AS note FROM audit_log
          WHERE action IN ('decision.approved', 'decision.rejected', 'decision.withdrawn') ORDER BY account_id, seq`
        assert.deepStrictEqual(audited.map((a) => `${a.action}: ${a.note}`), [
          "decision.rejected: the Panama company is not our customer", "decision.approved: checked the registry: a Panama namesake", "decision.withdrawn: already decided"
        ])
      }))

    it.effect("a proposal on an entity (its linked entries on several lists) is one row, approved once as a whole with a note", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const fixtures = linkedFixtures()
        yield* ingestSanctions([fixtures.sdn], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        yield* ingestSanctions([fixtures.un], { publishedOn: "2024-05-04" }).pipe(Effect.orDie)
        const t = yield* team(url, "entity")
        const verdict = yield* verify(url, t.ownerKey, { name: "Zorvak Keldran Maritime Holdings" }).pipe(
          Effect.filterOrFail((v) => hitOn(v, "ofac_sdn", "97101") !== undefined && hitOn(v, "un_sc", "SYe.001") !== undefined),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))), Effect.orDie)
        const cases = yield* get<{ cases: ReadonlyArray<{ id: string }> }>(url, t.ownerKey, "/v1/cases")
        const kase = cases.cases[0]!
        const decided = yield* post(url, t.ownerKey, `/v1/cases/${kase.id}/decisions`, { hits: [{ list: "ofac_sdn", entry_id: "97101" }], decision: "false_positive", note: "a namesake" })
        assert.strictEqual(decided.status, 200, decided.text)
        const pending = (decided.body as { decisions: ReadonlyArray<Decision> }).decisions.filter((d) => d.status === "pending")
        assert.deepStrictEqual(pending.map((d) => `${d.list}:${d.entry_id}`).sort(), ["ofac_sdn:97101", "un_sc:SYe.001"])
        assert.strictEqual(new Set(pending.map((d) => d.proposal_id)).size, 1, "one proposal")

        const own = yield* promise(() => t.owner.submit(`/dashboard/cases/${kase.id}`, `/dashboard/decisions/${pending[0]!.id}/approve`, { back: kase.id, note: "mine" }))
        assert.strictEqual(own.status, 409, "proposed with the owner's key: never the owner's second look")
        const casePage = (yield* promise(() => t.ana.get(`/dashboard/cases/${kase.id}`))).text
        assert.strictEqual(casePage.match(/>Approve<\/button>/g)?.length, 1, "one Approve for the entity")
        const view = (yield* promise(() => t.ana.get("/dashboard/approvals"))).text
        assert.strictEqual(awaitingCount(view), "1")
        const approve = yield* promise(() => t.ana.submit(`/dashboard/cases/${kase.id}`, `/dashboard/decisions/${pending[0]!.id}/approve`, { back: kase.id, note: "the registry shows a different shipping company" }))
        assert.strictEqual(approve.status, 303, approve.text)
        const detail = yield* get<{ decisions: ReadonlyArray<Decision> }>(url, t.ownerKey, `/v1/cases/${kase.id}`)
        assert.deepStrictEqual(detail.decisions.map((d) => `${d.status} ${d.review_note}`), [
          "in_force the registry shows a different shipping company", "in_force the registry shows a different shipping company"
        ])
        const after = yield* verify(url, t.ownerKey, { name: "Zorvak Keldran Maritime Holdings" })
        assert.isTrue(hitOn(after, "ofac_sdn", "97101")!.dismissed && hitOn(after, "un_sc", "SYe.001")!.dismissed)
        assert.notStrictEqual(after.check_id, verdict.check_id)
      }))
  })
})
