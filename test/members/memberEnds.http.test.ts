import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import { call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { inviteAndJoin, secretIn, signUpAndLogIn, type WebClient } from "../support/webClient.js"
import { makeFenceProbe } from "../tenancy/fenceProbe.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const PASSWORD = "a long enough passphrase"
const probe = makeFenceProbe()

/** A key made through the dashboard's JSON API with the member's session (what a script in their browser would send). */
const createKey = (url: string, web: WebClient, label: string) =>
  promise(async () => {
    const cookie = { cookie: `kyb_session=${web.cookie("kyb_session") ?? ""}` }
    const session = await call(`${url}/account/api/session`, { headers: cookie })
    const csrf = (session.body as { csrf_token: string }).csrf_token
    return call(`${url}/account/api/keys`, { method: "POST", headers: { ...cookie, "content-type": "application/json", "x-csrf-token": csrf }, body: JSON.stringify({ label }) })
  })

const memberIdOf = (email: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ id: string }>`SELECT id FROM members WHERE email_lower = ${email}`).pipe(Effect.map((r) => r[0]!.id), Effect.orDie)

const keysLabelled = (label: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM api_keys WHERE label = ${label}`).pipe(Effect.map((r) => r[0]!.n), Effect.orDie)

/**
 * Issue 52 item 7: a member's removal and a change of their role are ends behind the account's fence. Their request
 * already admitted is held at its pause point (after its role was checked, before its write); the removal or the
 * demotion commits there; then it goes on and makes nothing.
 */
describe("member removal and demotion fence requests in flight", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000" }).pipe(Layer.provide(probe.layer)), { timeout: "180 seconds", excludeTestServices: true })((it) => {
    const team = (prefix: string) =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const owner = yield* promise(() => signUpAndLogIn(url, `${prefix}-owner@example.com`, PASSWORD))
        const admin = yield* promise(() => inviteAndJoin(owner, url, { email: `${prefix}-admin@example.com`, role: "admin", name: `${prefix} Admin`, password: PASSWORD }))
        return { url, owner, admin, adminId: yield* memberIdOf(`${prefix}-admin@example.com`) }
      })

    it.effect("a key being made by an admin who is removed meanwhile: 403, no key", () =>
      Effect.gen(function*() {
        const { url, owner, admin, adminId } = yield* team("rm")
        const gate = yield* probe.arm("key")
        const making = yield* Effect.forkChild(createKey(url, admin, "made-while-removed"))
        yield* gate.reached
        const removed = yield* promise(() => owner.submit("/dashboard/members", `/dashboard/members/${adminId}/remove`, {}))
        assert.strictEqual(removed.status, 303, removed.text)
        yield* gate.release
        const reply = yield* Fiber.join(making)
        assert.strictEqual(reply.status, 403, reply.text)
        assert.notInclude(reply.text, "kyb_live_")
        assert.strictEqual(yield* keysLabelled("made-while-removed"), 0)
      }))

    it.effect("a key being made by an admin demoted to analyst meanwhile: 403, no key", () =>
      Effect.gen(function*() {
        const { url, owner, admin, adminId } = yield* team("demote")
        const gate = yield* probe.arm("key")
        const making = yield* Effect.forkChild(createKey(url, admin, "made-while-demoted"))
        yield* gate.reached
        const demoted = yield* promise(() => owner.submit("/dashboard/members", `/dashboard/members/${adminId}/role`, { role: "analyst" }))
        assert.strictEqual(demoted.status, 303, demoted.text)
        yield* gate.release
        const reply = yield* Fiber.join(making)
        assert.strictEqual(reply.status, 403, reply.text)
        assert.strictEqual(yield* keysLabelled("made-while-demoted"), 0)
      }))

    it.effect("an invitation sent by an admin who is removed meanwhile: refused, no invitation", () =>
      Effect.gen(function*() {
        const { owner, admin, adminId } = yield* team("inv")
        const form = yield* promise(() => admin.get("/dashboard/members"))
        const gate = yield* probe.arm("invite")
        const inviting = yield* Effect.forkChild(promise(() => admin.post("/dashboard/members/invite", { _csrf: admin.csrfIn(form.text), email: "friend@example.com", role: "viewer" })))
        yield* gate.reached
        assert.strictEqual((yield* promise(() => owner.submit("/dashboard/members", `/dashboard/members/${adminId}/remove`, {}))).status, 303)
        yield* gate.release
        assert.strictEqual((yield* Fiber.join(inviting)).status, 403)
        const sql = yield* SqlClient.SqlClient
        assert.deepStrictEqual(yield* sql`SELECT id FROM invitations WHERE email_lower = 'friend@example.com'`, [])
      }))

    it.effect("removal revokes the keys the member made (default on) and the page names the keys they saw; unticked, they stay", () =>
      Effect.gen(function*() {
        const { url, owner, admin, adminId } = yield* team("keys")
        const made = yield* promise(() => admin.submitFollowing("/dashboard", "/dashboard/keys", { label: "admins-ci" }))
        const secret = secretIn(made.text)
        assert.strictEqual((yield* promise(() => call(`${url}/v1/decisions`, { headers: { authorization: `Bearer ${secret}` } }))).status, 200)
        // Removal asks first (issue 55 item 6): the confirmation names the working key they were shown.
        const page = (yield* promise(() => owner.get(`/dashboard/members/${adminId}/remove`))).text
        assert.include(page, "the secret of 1 working\nkey")
        assert.include(page, "admins-ci")
        const removed = yield* promise(() => owner.submitFollowing(`/dashboard/members/${adminId}/remove`, `/dashboard/members/${adminId}/remove`, { keys_offered: "yes", revoke_keys: "yes" }))
        assert.match(removed.text, /id="removed-keys"[\s\S]*admins-ci \(key_[0-9a-f]+\): revoked/)
        assert.strictEqual((yield* promise(() => call(`${url}/v1/decisions`, { headers: { authorization: `Bearer ${secret}` } }))).status, 401)

        // The box unticked: the key keeps working, and the page says it still works.
        const second = yield* promise(() => inviteAndJoin(owner, url, { email: "keys-second@example.com", role: "admin", name: "Second Admin", password: PASSWORD }))
        const kept = secretIn((yield* promise(() => second.submitFollowing("/dashboard", "/dashboard/keys", { label: "kept-ci" }))).text)
        const secondId = yield* memberIdOf("keys-second@example.com")
        const after = yield* promise(() => owner.submitFollowing(`/dashboard/members/${secondId}/remove`, `/dashboard/members/${secondId}/remove`, { keys_offered: "yes" }))
        assert.match(after.text, /kept-ci \(key_[0-9a-f]+\): still works/)
        assert.strictEqual((yield* promise(() => call(`${url}/v1/decisions`, { headers: { authorization: `Bearer ${kept}` } }))).status, 200)
      }))
  })
})
