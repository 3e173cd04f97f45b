import * as path from "node:path"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { fixturesDir } from "../sanctions/paths.js"
import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { Secret, TOTP } from "otpauth"
import { call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { inviteAndJoin, makeWebClient, signUpAndLogIn, type WebClient } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const PASSWORD = "a long enough passphrase"
const WRONG = "not the passphrase at all 42"

interface Entry {
  readonly action: string
  readonly outcome: string
  readonly actor: { readonly type: string; readonly name?: string } | null
  readonly details: Record<string, unknown>
  readonly object_id: string | null
}

const accountOf = (email: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ id: string }>`SELECT account_id AS id FROM members WHERE email_lower = ${email}`).pipe(Effect.map((r) => r[0]!.id), Effect.orDie)

const entriesOf = (accountId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql<Entry>`SELECT action, outcome, actor, details, object_id FROM audit_log WHERE account_id = ${accountId} ORDER BY seq`).pipe(Effect.orDie)

const everything = Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ text: string }>`SELECT coalesce(string_agg(l::text, ' '), '') AS text FROM audit_log l`).pipe(
  Effect.map((r) => r[0]!.text), Effect.orDie)

/** A JSON call of the dashboard's API with the member's session cookie and its CSRF token. */
const accountApi = (url: string, web: WebClient, method: string, path: string, body: unknown) =>
  promise(async () => {
    const cookie = { cookie: `kyb_session=${web.cookie("kyb_session") ?? ""}` }
    const session = await call(`${url}/account/api/session`, { headers: cookie })
    const csrf = (session.body as { csrf_token: string }).csrf_token
    return call(`${url}${path}`, { method, headers: { ...cookie, "content-type": "application/json", "x-csrf-token": csrf }, body: JSON.stringify(body) })
  })

const refusals = (entries: ReadonlyArray<Entry>) => entries.filter((e) => e.action === "access.refused")

/** Issue 52 item 5: what an auditor looks for first is in the log, refusals from every door, log-ins and their failures. */
describe("refusals and log-ins in the audit log", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000", KYB_LOGIN_FAILURES_PER_CLIENT: "1000", SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "180 seconds", excludeTestServices: true })((it) => {
    it.effect("log-ins succeeded and failed (with the reason), wrong second-factor codes and log-outs; nothing for an unknown address; never a password or a code", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const owner = yield* promise(() => signUpAndLogIn(url, "login-audit@example.com", PASSWORD))
        const accountId = yield* accountOf("login-audit@example.com")
        const before = (yield* everything).length
        const stranger = makeWebClient(url)
        assert.strictEqual((yield* promise(() => stranger.submit("/login", "/login", { email: "nobody-here@example.com", password: WRONG }))).status, 401)
        assert.strictEqual((yield* everything).length, before, "an unknown address goes in no chain")
        assert.strictEqual((yield* promise(() => stranger.submit("/login", "/login", { email: "login-audit@example.com", password: WRONG }))).status, 401)

        // a second factor on: a wrong code, then the right one
        yield* promise(() => owner.submit("/dashboard/security", "/dashboard/security/start", {}))
        const secret = /id="totp-secret">([A-Z2-7]+)</.exec((yield* promise(() => owner.get("/dashboard/security"))).text)?.[1] ?? ""
        const totp = new TOTP({ secret: Secret.fromBase32(secret) })
        assert.strictEqual((yield* promise(() => owner.submit("/dashboard/security", "/dashboard/security/confirm", { code: totp.generate() }))).status, 303)
        const web = makeWebClient(url)
        const challenge = yield* promise(() => web.submit("/login", "/login", { email: "login-audit@example.com", password: PASSWORD }))
        const token = /name="challenge" value="([A-Za-z0-9_-]{43})"/.exec(challenge.text)?.[1] ?? ""
        const wrongCode = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, "0")
        assert.strictEqual((yield* promise(() => web.post("/login/second-factor", { _csrf: web.csrfIn(challenge.text), challenge: token, code: wrongCode }))).status, 401)
        const next = totp.generate({ timestamp: Date.now() + 30_000 })
        assert.strictEqual((yield* promise(() => web.post("/login/second-factor", { _csrf: web.csrfIn(challenge.text), challenge: token, code: next }))).status, 303)
        const dashboard = yield* promise(() => web.get("/dashboard"))
        assert.strictEqual((yield* promise(() => web.post("/logout", { _csrf: web.csrfIn(dashboard.text) }))).status, 303)

        const entries = yield* entriesOf(accountId)
        const logins = entries.filter((e) => e.action.startsWith("member.log") || e.action === "member.second_factor_failed")
        assert.deepStrictEqual(logins.map((e) => [e.action, e.outcome, e.details]), [
          ["member.logged_in", "succeeded", { second_factor: false }],
          ["member.login_failed", "refused", { reason: "wrong_password" }],
          ["member.second_factor_failed", "refused", { purpose: "verify" }],
          ["member.logged_in", "succeeded", { second_factor: true }],
          ["member.logged_out", "succeeded", {}]
        ])
        assert.isNull(logins[1]!.actor, "a failed log-in names nobody as its actor: whoever typed it is not known")
        const text = yield* everything
        for (const secretValue of [PASSWORD, WRONG, wrongCode, next, secret]) assert.notInclude(text, secretValue)
      }))

    it.effect("refusals by role and by scope from every door, a 409, the last owner kept, the 2FA policy refused; a console verification", () =>
      Effect.gen(function*() {
        const { url, newKey } = yield* TestServer
        const owner = yield* promise(() => signUpAndLogIn(url, "refusal-owner@example.com", PASSWORD))
        const accountId = yield* accountOf("refusal-owner@example.com")
        const viewer = yield* promise(() => inviteAndJoin(owner, url, { email: "refusal-viewer@example.com", role: "viewer", name: "Vera Viewer", password: PASSWORD }))

        // the dashboard's JSON API: a viewer's key and list choice (403)
        assert.strictEqual((yield* accountApi(url, viewer, "POST", "/account/api/keys", { label: "mine" })).status, 403)
        assert.strictEqual((yield* accountApi(url, viewer, "PUT", "/account/api/lists", { lists: null })).status, 403)
        // /v1 and MCP with a read-only key (403 insufficient_scope)
        const readKey = yield* newKey({ accountId, scope: "read" })
        const bearer = { authorization: `Bearer ${readKey}`, "content-type": "application/json" }
        const decision = { name: "Synthetic Test Co", list: "ofac_sdn", entry_id: "306", decision: "false_positive", note: "synthetic" }
        assert.strictEqual((yield* promise(() => call(`${url}/v1/decisions`, { method: "POST", headers: bearer, body: JSON.stringify(decision) }))).status, 403)
        const mcp = yield* promise(() => call(`${url}/mcp`, {
          method: "POST", headers: { ...bearer, accept: "application/json, text/event-stream" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "record_decision", arguments: decision } })
        }))
        assert.strictEqual(mcp.status, 403, mcp.text)
        // a 409: a key rotated twice
        const made = yield* accountApi(url, owner, "POST", "/account/api/keys", { label: "rotated" })
        const keyId = (made.body as { id: string }).id
        assert.strictEqual((yield* accountApi(url, owner, "POST", `/account/api/keys/${keyId}/rotate`, { grace: "1h" })).status, 201)
        assert.strictEqual((yield* accountApi(url, owner, "POST", `/account/api/keys/${keyId}/rotate`, { grace: "1h" })).status, 409)
        // the last owner cannot leave; the policy needs the owner's own factor first
        const [ownerMember] = yield* Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ id: string }>`SELECT id FROM members WHERE email_lower = 'refusal-owner@example.com'`).pipe(Effect.orDie)
        const removal = yield* promise(() => owner.submit("/dashboard/members", `/dashboard/members/${ownerMember!.id}/remove`, {}))
        assert.strictEqual(removal.status, 400, removal.text)
        assert.strictEqual((yield* promise(() => owner.submit("/dashboard/security", "/dashboard/security/policy", { require: "yes" }))).status, 400)
        // a verification from the console
        const verified = yield* promise(() => owner.submit("/dashboard/verify", "/dashboard/verify", { name: "Dangote Cement" }))
        assert.strictEqual(verified.status, 303, verified.text)
        const checkId = /\/dashboard\/checks\/([^?]+)/.exec(verified.headers.get("location") ?? "")?.[1]
        // a decision's note is in its audit entry
        yield* ingestSanctions([path.join(fixturesDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(Effect.orDie)
        const writer = { ...bearer, authorization: `Bearer ${yield* newKey({ accountId })}` }
        const noted = { ...decision, note: "another business: synthetic note for the audit test" }
        // the server takes up the list at its next poll
        const recorded = yield* promise(() => call(`${url}/v1/decisions`, { method: "POST", headers: writer, body: JSON.stringify(noted) })).pipe(
          Effect.filterOrFail((r) => r.status !== 404),
          Effect.retry(Schedule.spaced("200 millis").pipe(Schedule.upTo({ duration: "30 seconds" }))),
          Effect.orDie
        )
        assert.strictEqual(recorded.status, 201, recorded.text)

        const entries = yield* entriesOf(accountId)
        const refused = refusals(entries).map((e) => e.details)
        assert.deepInclude(refused, { method: "POST", path: "/account/api/keys", status: 403, error: "forbidden", role: "viewer" })
        assert.deepInclude(refused, { method: "PUT", path: "/account/api/lists", status: 403, error: "forbidden", role: "viewer" })
        assert.deepInclude(refused, { method: "POST", path: "/v1/decisions", status: 403, error: "insufficient_scope", scope: "read" })
        assert.deepInclude(refused, { method: "POST", path: "/mcp", status: 403, error: "insufficient_scope", scope: "read" })
        assert.deepInclude(refused, { method: "POST", path: `/account/api/keys/${keyId}/rotate`, status: 409, error: "key_in_grace", role: "owner" })
        assert.deepInclude(refused, { refused: "removal", reason: "last_owner" })
        assert.deepInclude(refused, { refused: "require_second_factor", reason: "own_factor_off" })
        assert.isTrue(refusals(entries).every((e) => e.outcome === "refused"))
        const check = entries.find((e) => e.action === "check.verified")
        assert.strictEqual(check?.object_id, checkId)
        assert.deepInclude(check?.details ?? {}, { name: "Dangote Cement" })
        assert.strictEqual(check?.actor?.type, "member")
        assert.deepInclude(entries.find((e) => e.action === "decision.recorded")?.details ?? {}, { note: noted.note, entry_id: "306" })
      }))
  })
})
