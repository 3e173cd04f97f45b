import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { Secret, TOTP } from "otpauth"
import { makeTestServer, TestServer } from "../support/server.js"
import { makeWebClient, signUpAndLogIn, type WebClient } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const PASSWORD = "a long enough passphrase"
const LIMIT = 3

/** The page's form posted with `fields` (the CSRF token taken from `from`). */
const post = (web: WebClient, from: string, action: string, fields: Record<string, string>) => promise(() => web.submit(from, action, fields))

/**
 * Issue 52 item 10: a password typed again by a signed-in member is throttled as a log-in is, on its address's budget:
 * after LIMIT wrong ones even the right one is refused (429) until the window ends, and nothing changes.
 */
describe("re-authentication is throttled", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000", KYB_LOGIN_FAILURES_PER_ADDRESS: String(LIMIT), KYB_LOGIN_FAILURES_PER_CLIENT: "1000" }),
    { timeout: "120 seconds", excludeTestServices: true })((it) => {
    const exhaust = (web: WebClient, from: string, action: string, fields: (password: string) => Record<string, string>) =>
      Effect.gen(function*() {
        for (let i = 0; i < LIMIT; i++) assert.strictEqual((yield* post(web, from, action, fields(`wrong guess ${i} of many`))).status, 401)
        const right = yield* post(web, from, action, fields(PASSWORD))
        assert.strictEqual(right.status, 429, right.text)
        assert.match(right.headers.get("retry-after") ?? "", /^\d+$/)
      })

    it.effect("changing the password", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const web = yield* promise(() => signUpAndLogIn(url, "reauth-pw@example.com", PASSWORD))
        yield* exhaust(web, "/dashboard/account", "/dashboard/password", (current) => ({ current, next: "another long passphrase" }))
        // the password did not change, and the budget is the address's: log-in is throttled too
        const login = yield* promise(() => makeWebClient(url).submit("/login", "/login", { email: "reauth-pw@example.com", password: PASSWORD }))
        assert.strictEqual(login.status, 429, login.text)
      }))

    it.effect("deleting the account", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const web = yield* promise(() => signUpAndLogIn(url, "reauth-delete@example.com", PASSWORD))
        yield* exhaust(web, "/dashboard/account", "/dashboard/delete", (password) => ({ password }))
        assert.strictEqual((yield* promise(() => web.get("/dashboard"))).status, 200)
      }))

    it.effect("turning the second factor off", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const web = yield* promise(() => signUpAndLogIn(url, "reauth-2fa@example.com", PASSWORD))
        yield* post(web, "/dashboard/security", "/dashboard/security/start", {})
        const secret = /id="totp-secret">([A-Z2-7]+)</.exec((yield* promise(() => web.get("/dashboard/security"))).text)?.[1] ?? ""
        const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate()
        assert.strictEqual((yield* post(web, "/dashboard/security", "/dashboard/security/confirm", { code })).status, 303)
        yield* exhaust(web, "/dashboard/security", "/dashboard/security/off", (password) => ({ password }))
        assert.include((yield* promise(() => web.get("/dashboard/security"))).text, "is <strong>on</strong>")
      }))
  })
})
