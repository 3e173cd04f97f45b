import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import { call } from "../support/http.js"
import { rawRequest } from "../support/rawHttp.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { makeWebClient, signUpAndLogIn, secretIn } from "../support/webClient.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")
const PASSWORD = "correct horse battery staple"

const signedUp = (url: string, email: string) => promise(() => signUpAndLogIn(url, email, PASSWORD))

const newKey = (web: ReturnType<typeof makeWebClient>, label = "test") =>
  promise(async () => secretIn((await web.submitFollowing("/dashboard", "/dashboard/keys", { label })).text))

const search = (url: string, secret: string) => promise(() => call(`${url}/v1/search?q=acme`, { headers: { authorization: `Bearer ${secret}` } }))

describe("accounts over HTTP (issue 16)", () => {
  // Every sign-up of these tests comes from 127.0.0.1; the per-client sign-up limit has a test of its own below.
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "1000" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("sign-up, then log-in, gives a dashboard; a key made there works at once; only hashes are stored", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const web = yield* signedUp(url, "Ada@Example.com")
        const session = web.cookie("kyb_session") ?? ""
        assert.match(session, /^[A-Za-z0-9_-]{43}$/)
        const dashboard = yield* promise(() => web.get("/dashboard"))
        assert.strictEqual(dashboard.status, 200)
        assert.include(dashboard.text, "Ada@Example.com")
        assert.include(dashboard.headers.get("content-security-policy") ?? "", "default-src 'self'")
        const secret = yield* newKey(web, "first")
        assert.match(secret, /^kyb_live_/)
        assert.strictEqual((yield* search(url, secret)).status, 200)

        const [account] = yield* sql<{ password_hash: string; email_lower: string }>`SELECT password_hash, email_lower FROM members WHERE email_lower = 'ada@example.com'`
        assert.match(account!.password_hash, /^scrypt\$15\$8\$1\$/)
        assert.notInclude(account!.password_hash, PASSWORD)
        const sessions = yield* sql<{ token_sha256: string }>`SELECT token_sha256 FROM account_sessions`
        assert.include(sessions.map((s) => s.token_sha256), sha256(session))
        assert.notInclude(JSON.stringify(sessions), session)
        const keys = yield* sql<{ secret_sha256: string; secret_prefix: string }>`SELECT secret_sha256, secret_prefix FROM api_keys WHERE label = 'first'`
        assert.strictEqual(keys[0]!.secret_prefix, secret.slice(0, 13))
        assert.notInclude(JSON.stringify(keys), secret.slice(13))
        // the address is unique whatever its case (and the answer does not say it is taken)
        const again = yield* promise(() => makeWebClient(url).submitFollowing("/signup", "/signup", { name: "Synthetic Owner", email: "ada@EXAMPLE.com", password: PASSWORD }))
        assert.strictEqual(again.status, 200)
        assert.include(again.text, "Check your e-mail")
        assert.strictEqual(Number((yield* sql<{ n: number }>`SELECT count(*) AS n FROM accounts WHERE email_lower = 'ada@example.com'`)[0]!.n), 1)
      }))

    it.effect("every form without the browser's CSRF token is refused with 403 and changes nothing", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const count = Effect.map(sql<{ n: number }>`SELECT (SELECT count(*) FROM accounts) + (SELECT count(*) FROM api_keys) AS n`, (r) => Number(r[0]!.n))
        const before = yield* count
        const stranger = makeWebClient(url)
        assert.strictEqual((yield* promise(() => stranger.post("/signup", { name: "Synthetic Owner", email: "eve@example.com", password: PASSWORD }))).status, 403)
        const web = yield* signedUp(url, "csrf@example.com")
        const afterSignUp = yield* count
        for (const [path, form] of [["/dashboard/keys", { label: "x" }], ["/dashboard/delete", { password: PASSWORD }], ["/logout", {}]] as const) {
          assert.strictEqual((yield* promise(() => web.post(path, { ...form, _csrf: "not-the-token" }))).status, 403, path)
          assert.strictEqual((yield* promise(() => web.post(path, form))).status, 403, path)
        }
        assert.strictEqual(yield* count, afterSignUp)
        assert.strictEqual(afterSignUp, before + 1)
        assert.strictEqual((yield* promise(() => web.get("/dashboard"))).status, 200, "still signed in")
      }))

    it.effect("wrong passwords are throttled per address (429 with Retry-After, even for the right one next)", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        yield* signedUp(url, "throttle@example.com")
        const web = makeWebClient(url)
        for (let i = 0; i < 5; i++) {
          const reply = yield* promise(() => web.submit("/login", "/login", { email: "throttle@example.com", password: `wrong password ${i}` }))
          assert.strictEqual(reply.status, 401)
          assert.include(reply.text, "The e-mail address or the password is wrong.")
        }
        const blocked = yield* promise(() => web.submit("/login", "/login", { email: "throttle@example.com", password: PASSWORD }))
        assert.strictEqual(blocked.status, 429)
        assert.isAbove(Number(blocked.headers.get("retry-after")), 0)
        assert.isUndefined(web.cookie("kyb_session"))
        // an unknown address answers like a wrong password
        const unknown = yield* promise(() => makeWebClient(url).submit("/login", "/login", { email: "nobody@example.com", password: PASSWORD }))
        assert.strictEqual(unknown.status, 401)
      }))

    it.effect("the session cookie is HttpOnly and SameSite=Lax, Secure except over plain http on loopback", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const web = makeWebClient(url)
        const signup = yield* promise(() => web.submitFollowing("/signup", "/signup", { name: "Synthetic Owner", email: "cookie@example.com", password: PASSWORD }))
        assert.isUndefined(signup.setCookies.find((c) => c.startsWith("kyb_session=")), "sign-up starts no session")
        assert.isUndefined(web.cookie("kyb_session"), "sign-up starts no session")
        const login = yield* promise(() => web.post("/login", { _csrf: web.csrfIn(signup.text), email: "cookie@example.com", password: PASSWORD }))
        const session = login.setCookies.find((c) => c.startsWith("kyb_session="))!
        assert.match(session, /HttpOnly/i)
        assert.match(session, /SameSite=Lax/i)
        assert.match(session, /Path=\//)
        assert.match(session, /Max-Age=\d+/)
        assert.notMatch(session, /Secure/i, "plain http on 127.0.0.1 (development)")
        const port = new URL(url).port
        const proxied = yield* promise(() => rawRequest(Number(port), "GET /login HTTP/1.1\r\nHost: kyb.example.org\r\nConnection: close\r\n\r\n"))
        const proxiedCookie = String(proxied.headers["set-cookie"] ?? "")
        assert.match(proxiedCookie, /^__Host-kyb_csrf=[A-Za-z0-9_-]{43};/)
        assert.match(proxiedCookie, /; Secure/i)
        assert.match(proxiedCookie, /; Path=\//)
        assert.notMatch(proxiedCookie, /Domain=/i)
      }))

    it.effect("the keys of an account share its quota; rotation keeps the old key for the grace period; revoked is 401", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const web = yield* signedUp(url, "keys@example.com")
        const a = yield* newKey(web, "a")
        const b = yield* newKey(web, "b")
        yield* search(url, a)
        yield* search(url, a)
        const third = yield* search(url, b)
        assert.strictEqual(third.headers.get("x-ratelimit-limit"), "100")
        assert.strictEqual(third.headers.get("x-ratelimit-remaining"), "97")
        const dashboard = yield* promise(() => web.get("/dashboard"))
        assert.include(dashboard.text, "<strong id=\"used\">3</strong>")
        assert.include(dashboard.text, "<svg")

        const keyIdOf = (html: string, prefix: string, action = "rotate") =>
          new RegExp(`/dashboard/keys/(key_[0-9a-f]+)/${action}"(?:(?!/dashboard/keys/)[\\s\\S])*?aria-label="\\w+ key ${prefix}"`).exec(html)?.[1] ?? ""
        const rotatedPage = yield* promise(() => web.submitFollowing("/dashboard", `/dashboard/keys/${keyIdOf(dashboard.text, a.slice(0, 13))}/rotate`, { grace: "1h" }))
        const a2 = secretIn(rotatedPage.text)
        assert.notStrictEqual(a2, a)
        assert.strictEqual((yield* search(url, a)).status, 200, "the old secret works during the grace period")
        assert.strictEqual((yield* search(url, a2)).status, 200)
        const now = yield* promise(() => web.get("/dashboard"))
        const bRotated = yield* promise(() => web.submitFollowing("/dashboard", `/dashboard/keys/${keyIdOf(now.text, b.slice(0, 13))}/rotate`, { grace: "immediately" }))
        assert.strictEqual((yield* search(url, b)).status, 401)
        assert.strictEqual((yield* search(url, secretIn(bRotated.text))).status, 200)
        const page = yield* promise(() => web.get("/dashboard"))
        const a2Id = keyIdOf(page.text, a2.slice(0, 13), "revoke")
        assert.strictEqual((yield* promise(() => web.submit("/dashboard", `/dashboard/keys/${a2Id}/revoke`, {}))).status, 200)
        assert.strictEqual((yield* search(url, a2)).status, 401)
        const bad = yield* promise(() => web.submitFollowing("/dashboard", `/dashboard/keys/${a2Id}/rotate`, { grace: "forever" }))
        assert.strictEqual(bad.status, 400)
      }))

    it.effect("a changed password ends the other sessions; a deleted account's keys stop at once and it cannot log in", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const web = yield* signedUp(url, "change@example.com")
        const other = makeWebClient(url)
        assert.strictEqual((yield* promise(() => other.submit("/login", "/login", { email: "change@example.com", password: PASSWORD }))).status, 303)
        const secret = yield* newKey(web)
        const changed = yield* promise(() => web.submit("/dashboard/account", "/dashboard/password", { current: PASSWORD, next: "an even better passphrase" }))
        assert.strictEqual(changed.status, 200)
        assert.strictEqual((yield* promise(() => other.get("/dashboard"))).status, 303, "the other session ended")
        assert.strictEqual((yield* promise(() => web.get("/dashboard"))).status, 200, "this one got a new session")
        const wrong = yield* promise(() => web.submit("/dashboard/account", "/dashboard/delete", { password: PASSWORD }))
        assert.strictEqual(wrong.status, 401)
        assert.strictEqual((yield* search(url, secret)).status, 200)
        const deleted = yield* promise(() => web.submit("/dashboard/account", "/dashboard/delete", { password: "an even better passphrase" }))
        assert.strictEqual(deleted.status, 200)
        assert.strictEqual((yield* search(url, secret)).status, 401)
        const login = yield* promise(() => makeWebClient(url).submit("/login", "/login", { email: "change@example.com", password: "an even better passphrase" }))
        assert.strictEqual(login.status, 401)
      }))

    it.effect("an address deleted this month signs up again with the month's usage, not a second free quota", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const first = yield* signedUp(url, "again@example.com")
        const secret = yield* newKey(first)
        for (let i = 0; i < 3; i++) assert.strictEqual((yield* search(url, secret)).status, 200)
        const deleted = yield* promise(() => first.submit("/dashboard/account", "/dashboard/delete", { password: PASSWORD }))
        assert.strictEqual(deleted.status, 200)
        // Only the address's hash is kept, with the month's count.
        const kept = yield* sql<{ address_sha256: string; used: number }>`SELECT address_sha256, used::int AS used FROM departed_usage`
        assert.deepInclude(kept, { address_sha256: sha256("again@example.com"), used: 3 })
        const [leak] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM departed_usage WHERE address_sha256 LIKE '%again%'`
        assert.strictEqual(leak!.n, 0)

        const again = yield* signedUp(url, "Again@Example.com")
        const reply = yield* search(url, yield* newKey(again))
        assert.strictEqual(reply.headers.get("x-ratelimit-remaining"), "96", "3 used before the deletion, 1 now, of 100")
        const fresh = yield* signedUp(url, "someone-new@example.com")
        assert.strictEqual((yield* search(url, yield* newKey(fresh))).headers.get("x-ratelimit-remaining"), "99")
      }))

    it.effect("the dashboard's key form makes a read-only key: it searches and verifies, and anything that changes something is 403", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const web = yield* signedUp(url, "scoped@example.com")
        const page = yield* promise(() => web.submitFollowing("/dashboard", "/dashboard/keys", { label: "reader", scope: "read" }))
        const reader = secretIn(page.text)
        assert.strictEqual((yield* search(url, reader)).status, 200)
        const monitor = yield* promise(() => call(`${url}/v1/monitors`, {
          method: "POST", headers: { authorization: `Bearer ${reader}`, "content-type": "application/json" }, body: JSON.stringify({ name: "Read Only Trading" })
        }))
        assert.strictEqual(monitor.status, 403, monitor.text)
        assert.include(monitor.text, "insufficient_scope")
        const dashboard = yield* promise(() => web.get("/dashboard"))
        assert.match(dashboard.text, /<td data-label="Label">reader<\/td><td data-label="Access">read only<\/td>/)
        const bad = yield* promise(() => web.submitFollowing("/dashboard", "/dashboard/keys", { label: "x", scope: "admin" }))
        assert.strictEqual(bad.status, 400)
        assert.include(bad.text, "scope: must be read, read_write or audit")
      }))

    it.effect("the same operations as JSON under the session: CSRF header required, keys made, rotated, revoked; usage", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const anonymous = yield* promise(() => call(`${url}/account/api/keys`))
        assert.strictEqual(anonymous.status, 401)
        assert.deepInclude(anonymous.body as object, { error: "not_signed_in" })
        const web = yield* signedUp(url, "api@example.com")
        const cookie = () => ({ cookie: `kyb_session=${web.cookie("kyb_session")}; kyb_csrf=${web.cookie("kyb_csrf")}` })
        const session = (yield* promise(() => call(`${url}/account/api/session`, { headers: cookie() }))).body as { csrf_token: string; account: { email: string } }
        assert.strictEqual(session.account.email, "api@example.com")
        const post = (path: string, body: unknown, csrf = session.csrf_token) =>
          promise(() => call(`${url}${path}`, { method: "POST", headers: { ...cookie(), "content-type": "application/json", "x-csrf-token": csrf }, body: JSON.stringify(body) }))
        const forged = yield* post("/account/api/keys", { label: "forged" }, "wrong")
        assert.strictEqual(forged.status, 403)
        assert.deepInclude(forged.body as object, { error: "csrf_failed" })
        const created = yield* post("/account/api/keys", { label: "automation" })
        assert.strictEqual(created.status, 201, created.text)
        assert.strictEqual((created.body as { scope: string }).scope, "read_write")
        const reader = yield* post("/account/api/keys", { label: "agent", scope: "read" })
        assert.strictEqual((reader.body as { scope: string }).scope, "read")
        assert.deepStrictEqual(yield* post("/account/api/keys", { scope: "admin" }).pipe(Effect.map((r) => [r.status, r.body])), [
          400, { error: "invalid_request", message: "scope: must be read, read_write or audit" }
        ])
        const { id, secret } = created.body as { id: string; secret: string }
        assert.strictEqual((yield* search(url, secret)).status, 200)
        const listed = (yield* promise(() => call(`${url}/account/api/keys`, { headers: cookie() }))).body as { keys: ReadonlyArray<{ id: string; label: string; active: boolean }> }
        assert.deepInclude(listed.keys.map((k) => ({ id: k.id, label: k.label, active: k.active })), { id, label: "automation", active: true })
        const rotated = yield* post(`/account/api/keys/${id}/rotate`, { grace: "immediately" })
        assert.strictEqual(rotated.status, 201)
        assert.strictEqual((yield* search(url, secret)).status, 401)
        const next = rotated.body as { id: string; secret: string; replaced: string }
        assert.strictEqual(next.replaced, id)
        assert.strictEqual((yield* search(url, next.secret)).status, 200)
        assert.strictEqual((yield* post(`/account/api/keys/${next.id}/revoke`, {})).status, 200)
        assert.strictEqual((yield* search(url, next.secret)).status, 401)
        assert.strictEqual((yield* post(`/account/api/keys/${next.id}/revoke`, {})).status, 404)
        assert.strictEqual((yield* post("/account/api/keys", { label: "x".repeat(81) })).status, 400)
        const usage = (yield* promise(() => call(`${url}/account/api/usage`, { headers: cookie() }))).body as { used: number; quota: number; daily: ReadonlyArray<{ requests: number }> }
        assert.strictEqual(usage.quota, 100)
        assert.strictEqual(usage.used, 2)
        assert.lengthOf(usage.daily, 30)
        assert.strictEqual(usage.daily.at(-1)!.requests, 2)
      }))

    it.effect("bad sign-up input is a 400 page naming the problem, nothing stored", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        for (const [email, password, text] of [
          ["not-an-address", PASSWORD, "That is not an e-mail address."],
          ["short@example.com", "short", "at least 10 characters"],
          ["same@example.com", "same@example.com", "must not be the e-mail address"]
        ] as const) {
          const reply = yield* promise(() => makeWebClient(url).submit("/signup", "/signup", { name: "Synthetic Owner", email, password }))
          assert.strictEqual(reply.status, 400, email)
          assert.include(reply.text, text)
        }
      }))
  })
})

describe("sign-ups per client", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "3" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("past the limit a client's sign-ups are refused with 429 and Retry-After, whatever the address", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const statuses: Array<number> = []
        for (const email of ["one@example.com", "two@example.com", "one@example.com", "three@example.com"]) {
          statuses.push((yield* promise(() => makeWebClient(url).submit("/signup", "/signup", { name: "Synthetic Owner", email, password: PASSWORD }))).status)
        }
        assert.deepStrictEqual(statuses, [303, 303, 303, 429])
      }))
  })
})

describe("a burst of sign-ups from one client (issue 41 item 6)", () => {
  layer(makeTestServer({ KYB_SIGNUPS_PER_CLIENT: "5" }), { timeout: "180 seconds", excludeTestServices: true })((it) => {
    it.effect("30 at once: 5 accounts, the rest 429 pages, never a 503; exactly 5 units taken", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const clients = Array.from({ length: 30 }, () => makeWebClient(url))
        const forms = yield* promise(() => Promise.all(clients.map((web) => web.get("/signup"))))
        const replies = yield* promise(() =>
          Promise.all(clients.map((web, i) => web.post("/signup", { _csrf: web.csrfIn(forms[i]!.text), name: "Synthetic Owner", email: `burst${i}@example.com`, password: PASSWORD }))))
        const statuses = replies.map((reply) => reply.status)
        assert.deepStrictEqual([...statuses].sort(), [...Array(5).fill(303), ...Array(25).fill(429)], statuses.join(","))
        for (const reply of replies) {
          if (reply.status === 303) assert.strictEqual(reply.headers.get("location"), "/signup/sent")
          else assert.include(reply.headers.get("content-type") ?? "", "text/html")
        }
        const [accounts] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM accounts WHERE email_lower LIKE 'burst%'`
        assert.strictEqual(accounts!.n, 5)
        const [units] = yield* sql<{ n: number }>`SELECT coalesce(sum(taken), 0)::int AS n FROM auth_throttle WHERE scope = 'signup_client'`
        assert.strictEqual(units!.n, 5)
      }))
  })
})

describe("sign-up closed by the operator", () => {
  layer(makeTestServer({ KYB_SIGNUP_ENABLED: "false" }), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("KYB_SIGNUP_ENABLED=false: the page says so (403) and a posted form creates nothing", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const sql = yield* SqlClient.SqlClient
        const web = makeWebClient(url)
        const page = yield* promise(() => web.get("/signup"))
        assert.strictEqual(page.status, 403)
        assert.include(page.text, "Sign-up is closed")
        const posted = yield* promise(() => web.post("/signup", { _csrf: web.cookie("kyb_csrf") ?? "", name: "Synthetic Owner", email: "closed@example.com", password: PASSWORD }))
        assert.strictEqual(posted.status, 403)
        assert.strictEqual(Number((yield* sql<{ n: number }>`SELECT count(*) AS n FROM accounts`)[0]!.n), 0)
      }))
  })
})
