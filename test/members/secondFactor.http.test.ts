import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { Secret, TOTP } from "otpauth"
import { makeTestServer, TestServer } from "../support/server.js"
import { acceptInvitation, invitationLinkIn, invite, inviteAndJoin, makeWebClient, signUpAndLogIn } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const PASSWORD = "a long enough passphrase"

const secretIn = (text: string) => /id="totp-secret">([A-Z2-7]+)</.exec(text)?.[1] ?? ""
const challengeIn = (text: string) => /name="challenge" value="([A-Za-z0-9_-]{43})"/.exec(text)?.[1] ?? ""
const recoveryIn = (text: string) => /id="recovery-codes">([^<]*)</.exec(text)?.[1]?.split("\n") ?? []
/** The code of `secret` `steps` periods from now. */
const codeOf = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 })

type Web = ReturnType<typeof makeWebClient>
const logIn = (web: Web, email: string) => promise(() => web.submit("/login", "/login", { email, password: PASSWORD }))
const secondStep = (web: Web, page: string, code: string) =>
  promise(() => web.post("/login/second-factor", { _csrf: web.csrfIn(page), challenge: challengeIn(page), code }))
/** New recovery codes answer 303 to the page that shows them once (issue 42 item 4): that page, as the browser gets it. */
const recoveryShown = (web: Web, reply: { readonly status: number; readonly headers: Headers; readonly text: string }) =>
  promise(async () => {
    assert.strictEqual(reply.status, 303, reply.text)
    assert.strictEqual(reply.headers.get("location"), "/dashboard/security/recovery-codes")
    return web.get("/dashboard/security/recovery-codes")
  })

/** The second factor (issue 39 item 5): TOTP per member, recovery codes once, the account's policy, throttled like the password. */
describe("a second factor", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000", KYB_LOGIN_FAILURES_PER_ADDRESS: "4", KYB_LOGIN_FAILURES_PER_CLIENT: "1000" }), { timeout: "180 seconds", excludeTestServices: true })((it) => {
    it.effect("a member turns TOTP on; log-in then asks for a code (once each), a recovery code works once; the policy sends a member to enrol; wrong codes are throttled", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const owner = yield* promise(() => signUpAndLogIn(url, "totp-owner@example.com", PASSWORD))
        assert.include((yield* promise(() => owner.get("/dashboard/security"))).text, "is <strong>off</strong>")
        const starting = yield* promise(() => owner.submit("/dashboard/security", "/dashboard/security/start", {}))
        assert.strictEqual(starting.status, 303, starting.text)
        assert.strictEqual(starting.headers.get("location"), "/dashboard/security")
        const started = yield* promise(() => owner.get("/dashboard/security"))
        assert.strictEqual(started.status, 200, started.text)
        assert.strictEqual(secretIn((yield* promise(() => owner.get("/dashboard/security"))).text), secretIn(started.text), "a reload makes no other secret")
        const secret = secretIn(started.text)
        assert.match(secret, /^[A-Z2-7]{32}$/)
        assert.include(started.text, `otpauth://totp/KYB%20Africa:totp-owner%40example.com?issuer=KYB%20Africa&amp;secret=${secret}`)
        const [stored] = yield* sql<{ totp_pending: string }>`SELECT totp_pending FROM members WHERE email_lower = 'totp-owner@example.com'`
        assert.match(stored!.totp_pending, /^v1\./)
        assert.notInclude(stored!.totp_pending, secret)

        const wrong = yield* promise(() => owner.submit("/dashboard/security", "/dashboard/security/confirm", { code: "000000" === codeOf(secret) ? "111111" : "000000" }))
        assert.strictEqual(wrong.status, 400)
        const on = yield* recoveryShown(owner, yield* promise(() => owner.submit("/dashboard/security", "/dashboard/security/confirm", { code: codeOf(secret) })))
        assert.strictEqual(on.status, 200, on.text)
        const recovery = recoveryIn(on.text)
        assert.strictEqual(recovery.length, 10)
        assert.notInclude((yield* promise(() => owner.get("/dashboard/security"))).text, recovery[0]!, "shown once")
        const reload = yield* promise(() => owner.get("/dashboard/security/recovery-codes"))
        assert.strictEqual(reload.status, 303, "a reload shows the codes no more and makes no others")
        assert.strictEqual(reload.headers.get("location"), "/dashboard/security")
        const hashes = yield* sql<{ code_sha256: string }>`SELECT code_sha256 FROM recovery_codes`
        assert.strictEqual(hashes.length, 10)
        assert.isFalse(hashes.some((h) => recovery.includes(h.code_sha256)))

        // Logging in now takes the password, then a code; a code works once; a recovery code works once.
        const web = makeWebClient(url)
        const asked = yield* logIn(web, "totp-owner@example.com")
        assert.strictEqual(asked.status, 200)
        assert.include(asked.text, "Second factor")
        assert.strictEqual((yield* promise(() => web.get("/dashboard"))).status, 303, "no session before the code")
        assert.strictEqual((yield* secondStep(web, asked.text, "123 45")).status, 401)
        const next = codeOf(secret, 1)
        const inside = yield* secondStep(web, asked.text, next)
        assert.strictEqual(inside.status, 303, inside.text)
        assert.strictEqual((yield* promise(() => web.get("/dashboard"))).status, 200)
        const again = makeWebClient(url)
        const replayed = yield* secondStep(again, (yield* logIn(again, "totp-owner@example.com")).text, next)
        assert.strictEqual(replayed.status, 401, "the same code twice")
        const byRecovery = yield* secondStep(again, (yield* logIn(again, "totp-owner@example.com")).text, recovery[0]!.toUpperCase())
        assert.strictEqual(byRecovery.status, 303, byRecovery.text)
        const third = makeWebClient(url)
        assert.strictEqual((yield* secondStep(third, (yield* logIn(third, "totp-owner@example.com")).text, recovery[0]!)).status, 401, "a recovery code works once")
        // The recovery code's use is audited once (the refused second use is not a change), with its member and the
        // codes left; neither the code nor its hash is in the entry.
        const used = yield* sql<{ name: string; details: unknown; entry: string }>`SELECT actor->>'name' AS name, details, row_to_json(audit_log)::text AS entry
          FROM audit_log WHERE action = 'member.recovery_code_used'`
        assert.deepStrictEqual(used.map((u) => [u.name, u.details]), [["totp-owner@example.com", { recovery_codes_left: 9 }]])
        for (const secretText of [recovery[0]!, recovery[0]!.toUpperCase(), recovery[0]!.replace("-", ""), ...hashes.map((h) => h.code_sha256)]) assert.notInclude(used[0]!.entry, secretText)
        // (the three refused codes above took three units of the address's four)

        // The policy: the owner requires a factor; a member without one loses their session and enrols at log-in.
        const viewer = yield* promise(() => inviteAndJoin(owner, url, { email: "vera@example.com", role: "viewer", name: "Vera Viewer", password: PASSWORD }))
        const forged = yield* promise(() => viewer.submit("/dashboard/security", "/dashboard/security/policy", { require: "yes" }))
        assert.strictEqual(forged.status, 403, "a viewer sets no policy")
        const required = yield* promise(() => owner.submit("/dashboard/security", "/dashboard/security/policy", { require: "yes" }))
        assert.strictEqual(required.status, 200, required.text)
        assert.include(required.text, "1 sessions of members without a second factor ended")
        assert.strictEqual((yield* promise(() => viewer.get("/dashboard"))).status, 303, "the viewer's session ended")
        const enrol = yield* logIn(viewer, "vera@example.com")
        assert.include(enrol.text, "Set up a second factor")
        const viewerSecret = secretIn(enrol.text)
        const enrolled = yield* recoveryShown(viewer, yield* secondStep(viewer, enrol.text, codeOf(viewerSecret)))
        assert.strictEqual(enrolled.status, 200, enrolled.text)
        assert.strictEqual(recoveryIn(enrolled.text).length, 10)
        assert.strictEqual((yield* promise(() => viewer.get("/dashboard"))).status, 200)
        const cannot = yield* promise(() => viewer.get("/dashboard/security"))
        assert.include(cannot.text, "it cannot be turned off")

        // Every change is in the audit log, with its member.
        const log = yield* sql<{ action: string; name: string }>`SELECT action, actor->>'name' AS name FROM audit_log
          WHERE action IN ('member.second_factor_on', 'account.policy_changed', 'access.refused') ORDER BY seq`
        assert.deepStrictEqual(log.map((e) => [e.action, e.name]), [
          ["member.second_factor_on", "totp-owner@example.com"], ["access.refused", "Vera Viewer"],
          ["account.policy_changed", "totp-owner@example.com"], ["member.second_factor_on", "Vera Viewer"]
        ])

        // A member who joins while the policy holds sets up a factor before their first session.
        const second = yield* promise(() => invite(owner, "nia@example.com", "analyst"))
        const { web: newcomer, reply: joined } = yield* promise(() => acceptInvitation(url, invitationLinkIn(second.text), "Nia New", PASSWORD))
        assert.strictEqual(joined.status, 200, joined.text)
        assert.include(joined.text, "Set up a second factor")
        assert.strictEqual((yield* promise(() => newcomer.get("/dashboard"))).status, 303, "no session before the factor")
        const set = yield* recoveryShown(newcomer, yield* secondStep(newcomer, joined.text, codeOf(secretIn(joined.text))))
        assert.strictEqual(recoveryIn(set.text).length, 10, set.text)
        assert.strictEqual((yield* promise(() => newcomer.get("/dashboard"))).status, 200)

        // Wrong codes count against the address's log-in budget (4 here, 3 spent): then even a right code waits.
        const guesser = makeWebClient(url)
        const page = (yield* logIn(guesser, "totp-owner@example.com")).text
        assert.strictEqual((yield* secondStep(guesser, page, "000000" === codeOf(secret, 2) ? "111111" : "000000")).status, 401)
        const held = yield* secondStep(guesser, page, codeOf(secret, 2))
        assert.strictEqual(held.status, 429, held.text)
        assert.isString(held.headers.get("retry-after"))
      }))
  })
})
