import * as HttpServer from "effect/http/HttpServer"
import { SqlClient } from "effect/sql"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, type Scope, References } from "effect"
import { Mailer } from "../../src/accounts/Mailer.js"
import { createKybServer } from "../../src/http/edge/nodeServer.js"
import { HttpAppLive } from "../../src/http/Server.js"
import { call } from "../support/http.js"
import { rawRequest } from "../support/rawHttp.js"
import { testConfig } from "../support/server.js"
import { TestDatabase } from "../support/testDatabase.js"
import { makeWebClient } from "../support/webClient.js"

const PASSWORD = "correct horse battery staple"

interface Mail {
  readonly kind: "verification" | "exists"
  readonly to: string
}

/** A real server on loopback whose mailer records what it would send. */
const serverWithMailbox = (config: Readonly<Record<string, string>> = {}) =>
  Effect.gen(function*() {
    const mails: Array<Mail> = []
    const mailer = Layer.succeed(Mailer, Mailer.of({
      sendVerification: ({ to }) => Effect.sync(() => void mails.push({ kind: "verification", to })),
      sendAccountExists: ({ to }) => Effect.sync(() => void mails.push({ kind: "exists", to })),
      sendInvitation: () => Effect.void,
      delivers: true
    }))
    const runtime = yield* Layer.build(
      HttpAppLive.pipe(
        Layer.provideMerge(NodeHttpServer.layer(createKybServer, { port: 0, host: "127.0.0.1" })),
        Layer.provide(mailer),
        Layer.provideMerge(TestDatabase.layer),
        Layer.provide(Layer.succeed(References.MinimumLogLevel, "Error")),
        // Counting is what is tested, not speed: a busy machine must not turn slow statements into 503s.
        Layer.provide(testConfig({ DATABASE_QUERY_TIMEOUT_MS: "120000", DATABASE_ACQUIRE_TIMEOUT_MS: "120000", ...config }))
      )
    )
    const server = yield* HttpServer.HttpServer.pipe(Effect.provide(runtime))
    if (server.address._tag === "UnixPathAddress") return yield* Effect.die(new Error("expected TCP"))
    const sql = yield* SqlClient.SqlClient.pipe(Effect.provide(runtime))
    return { url: `http://127.0.0.1:${server.address.port}`, port: server.address.port, mails, sql }
  })

const live = <A, E>(name: string, effect: () => Effect.Effect<A, E, Scope.Scope>) => it.live(name, () => Effect.scoped(effect()), { timeout: 240_000 })
const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const count = (sql: SqlClient.SqlClient, text: string) => Effect.map(sql.unsafe<{ n: number }>(text), (rows) => Number(rows[0]!.n)).pipe(Effect.orDie)

/** Signs up and logs in; the client is signed in. */
const account = (url: string, email: string) =>
  promise(async () => {
    const web = makeWebClient(url)
    const signup = await web.submitFollowing("/signup", "/signup", { name: "Synthetic Owner", email, password: PASSWORD })
    const login = await web.post("/login", { _csrf: web.csrfIn(signup.text), email, password: PASSWORD })
    if (login.status !== 303) throw new Error(`log-in: ${login.status}`)
    return web
  })

describe("log-in and sign-up counters are exact under concurrency (issue 25 item 5)", () => {
  live("30 concurrent wrong passwords for one address: exactly 5 checked, then even the right one is throttled; 200 guesses: 5 checked", () =>
    Effect.gen(function*() {
      const { url } = yield* serverWithMailbox({ KYB_SIGNUPS_PER_CLIENT: "1000", KYB_LOGIN_FAILURES_PER_CLIENT: "1000" })
      yield* account(url, "target@example.com")
      const guess = (email: string, password: string) =>
        promise(async () => {
          const web = makeWebClient(url)
          const page = await web.get("/login")
          return (await web.post("/login", { _csrf: web.csrfIn(page.text), email, password })).status
        })
      const statuses = yield* Effect.all(Array.from({ length: 30 }, (_, i) => guess("target@example.com", `wrong guess number ${i}`)), { concurrency: "unbounded" })
      assert.strictEqual(statuses.filter((s) => s === 401).length, 5, JSON.stringify(statuses))
      assert.strictEqual(statuses.filter((s) => s === 429).length, 25)
      assert.strictEqual(yield* guess("target@example.com", PASSWORD), 429, "the right password after the limit is throttled too")

      yield* account(url, "other@example.com")
      const many = yield* Effect.all(Array.from({ length: 200 }, (_, i) => guess("Other@Example.com", `guess ${i} of many`)), { concurrency: "unbounded" })
      assert.strictEqual(many.filter((s) => s === 401).length, 5, "exactly the limit checked")
      assert.strictEqual(many.filter((s) => s === 429).length, 195)
    }))

  live("a client's failures are counted across addresses in one statement; a successful log-in gives its units back", () =>
    Effect.gen(function*() {
      const { url } = yield* serverWithMailbox({ KYB_SIGNUPS_PER_CLIENT: "1000", KYB_LOGIN_FAILURES_PER_CLIENT: "8" })
      yield* account(url, "fine@example.com")
      const login = (email: string, password: string) =>
        promise(async () => {
          const web = makeWebClient(url)
          const page = await web.get("/login")
          return (await web.post("/login", { _csrf: web.csrfIn(page.text), email, password })).status
        })
      // Successes do not use the client's budget up.
      for (let i = 0; i < 10; i++) assert.strictEqual(yield* login("fine@example.com", PASSWORD), 303)
      const statuses = yield* Effect.all(Array.from({ length: 40 }, (_, i) => login(`nobody${i % 20}@example.com`, "not the password at all")), { concurrency: "unbounded" })
      assert.strictEqual(statuses.filter((s) => s === 401).length, 8, JSON.stringify(statuses))
      assert.strictEqual(statuses.filter((s) => s === 429).length, 32)
    }))

  live("20 concurrent sign-ups from one client make exactly 5 accounts", () =>
    Effect.gen(function*() {
      const { sql, url } = yield* serverWithMailbox()
      const statuses = yield* Effect.all(Array.from({ length: 20 }, (_, i) =>
        promise(async () => (await makeWebClient(url).submit("/signup", "/signup", { name: "Synthetic Owner", email: `burst${i}@example.com`, password: PASSWORD })).status)), { concurrency: "unbounded" })
      assert.strictEqual(statuses.filter((s) => s === 303).length, 5, JSON.stringify(statuses))
      assert.strictEqual(statuses.filter((s) => s === 429).length, 15)
      assert.strictEqual(yield* count(sql, "SELECT count(*) AS n FROM accounts"), 5)
    }))
})

describe("the dashboard's session (issue 25 item 6)", () => {
  live("another browser's CSRF cookie and token with the victim's session cookie are refused, forms and JSON alike", () =>
    Effect.gen(function*() {
      const { sql, url } = yield* serverWithMailbox({ KYB_SIGNUPS_PER_CLIENT: "1000" })
      const victim = yield* account(url, "victim@example.com")
      const attacker = yield* account(url, "attacker@example.com")
      const attackerPage = yield* promise(() => attacker.get("/dashboard"))
      const attackerToken = attacker.csrfIn(attackerPage.text)
      assert.match(attackerToken, /^[A-Za-z0-9_-]{43}$/)
      const keys = () => count(sql, "SELECT count(*) AS n FROM api_keys")
      const before = yield* keys()
      // The attacker's own CSRF cookie and token, the victim's session cookie.
      const forged = makeWebClient(url)
      forged.setCookie("kyb_session", victim.cookie("kyb_session")!)
      forged.setCookie("kyb_csrf", attacker.cookie("kyb_csrf")!)
      assert.strictEqual((yield* promise(() => forged.post("/dashboard/keys", { _csrf: attackerToken, label: "forged" }))).status, 403)
      const json = yield* promise(() => call(`${url}/account/api/keys`, {
        method: "POST",
        headers: {
          cookie: `kyb_session=${victim.cookie("kyb_session")}; kyb_csrf=${attacker.cookie("kyb_csrf")}`,
          "content-type": "application/json",
          "x-csrf-token": attackerToken
        },
        body: "{\"label\":\"forged\"}"
      }))
      assert.strictEqual(json.status, 403)
      // A token from before sign-in is not one of the session either.
      const anonymous = makeWebClient(url)
      const preSession = anonymous.csrfIn((yield* promise(() => anonymous.get("/login"))).text)
      forged.setCookie("kyb_csrf", anonymous.cookie("kyb_csrf")!)
      assert.strictEqual((yield* promise(() => forged.post("/dashboard/keys", { _csrf: preSession, label: "forged" }))).status, 403)
      assert.strictEqual(yield* keys(), before)
      // The victim's own page token works (the cookie jar holds no CSRF cookie of another browser).
      const own = yield* promise(() => victim.submitFollowing("/dashboard", "/dashboard/keys", { label: "mine" }))
      assert.strictEqual(own.status, 200)
      assert.strictEqual(yield* keys(), before + 1)
      // A new session (the password changed) has a new token: the page answering the change carries it.
      const changed = yield* promise(() => victim.submit("/dashboard/account", "/dashboard/password", { current: PASSWORD, next: "an even better passphrase" }))
      assert.strictEqual(changed.status, 200)
      assert.strictEqual((yield* promise(() => victim.post("/dashboard/keys", { _csrf: victim.csrfIn(changed.text), label: "after" }))).status, 303)
      assert.strictEqual((yield* promise(() => victim.post("/dashboard/keys", { _csrf: victim.csrfIn(own.text), label: "stale" }))).status, 403)
    }))

  live("served over https, the cookies are __Host- cookies, and the forms work with them", () =>
    Effect.gen(function*() {
      const { port } = yield* serverWithMailbox()
      const https = (request: string, cookies: string, body = "") =>
        promise(() =>
          rawRequest(
            port,
            `${request} HTTP/1.1\r\nHost: kyb.example.org\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n${cookies === "" ? "" : `Cookie: ${cookies}\r\n`}` +
              (body === "" ? "\r\n" : `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
          )
        )
      const page = yield* https("GET /signup", "")
      const csrfCookie = /^(__Host-kyb_csrf=[A-Za-z0-9_-]{43});/.exec(page.headers["set-cookie"] ?? "")?.[1]
      assert.isDefined(csrfCookie, page.headers["set-cookie"])
      assert.match(page.headers["set-cookie"]!, /; Secure/i)
      const token = /name="_csrf" value="([^"]*)"/.exec(page.body)?.[1] ?? ""
      const form = (fields: Record<string, string>) => new URLSearchParams({ _csrf: token, ...fields }).toString()
      // The plain name is not read over https: a cookie tossed in by a sibling or a plain-http page does nothing.
      assert.strictEqual((yield* https("POST /signup", csrfCookie!.replace("__Host-", ""), form({ name: "Synthetic Owner", email: "h@example.com", password: PASSWORD }))).status, 403)
      assert.strictEqual((yield* https("POST /signup", csrfCookie!, form({ name: "Synthetic Owner", email: "h@example.com", password: PASSWORD }))).status, 303)
      const login = yield* https("POST /login", csrfCookie!, form({ email: "h@example.com", password: PASSWORD }))
      assert.strictEqual(login.status, 303)
      const session = /^(__Host-kyb_session=[A-Za-z0-9_-]{43});/.exec(login.headers["set-cookie"] ?? "")?.[1]
      assert.isDefined(session, login.headers["set-cookie"])
      assert.match(login.headers["set-cookie"]!, /; Secure/i)
      assert.notMatch(login.headers["set-cookie"]!, /Domain=/i)
      assert.strictEqual((yield* https("GET /dashboard", session!)).status, 200)
      assert.strictEqual((yield* https("GET /dashboard", session!.replace("__Host-", ""))).status, 303, "the plain name is not a session over https")
    }))

  live("sign-up answers the same whether or not the address has an account; the e-mail says the rest", () =>
    Effect.gen(function*() {
      const { mails, sql, url } = yield* serverWithMailbox({ KYB_SIGNUPS_PER_CLIENT: "1000" })
      const signUp = (email: string, password: string) =>
        promise(async () => {
          const web = makeWebClient(url)
          const page = await web.get("/signup")
          const reply = await web.post("/signup", { _csrf: web.csrfIn(page.text), name: "Synthetic Owner", email, password })
          const location = reply.headers.get("location") ?? ""
          const shown = await web.get(location)
          // The answer and the page it leads to as the browser sees them, its own CSRF token taken out.
          return { status: reply.status, location, cookies: reply.setCookies, text: reply.text, shown: shown.status, page: shown.text.replace(web.csrfIn(shown.text), "TOKEN") }
        })
      const first = yield* signUp("someone@example.com", PASSWORD)
      const again = yield* signUp("someone@example.com", "a different long passphrase")
      const sameCase = yield* signUp("SomeOne@Example.com", PASSWORD)
      assert.strictEqual(first.status, 303)
      assert.strictEqual(first.location, "/signup/sent", "nothing about the address in the URL")
      assert.strictEqual(first.shown, 200)
      assert.include(first.page, "Check your e-mail")
      assert.deepStrictEqual(again, first)
      assert.deepStrictEqual(sameCase, first)
      assert.notInclude(first.page.toLowerCase(), "someone@example.com")
      assert.notInclude(first.page.toLowerCase(), "exists")
      assert.deepStrictEqual(mails, [
        { kind: "verification", to: "someone@example.com" },
        { kind: "exists", to: "someone@example.com" },
        { kind: "exists", to: "someone@example.com" }
      ])
      assert.strictEqual(yield* count(sql, "SELECT count(*) AS n FROM accounts"), 1)
      // The first password holds; the second sign-up changed nothing.
      const web = makeWebClient(url)
      const page = yield* promise(() => web.get("/login"))
      const login = yield* promise(() => web.post("/login", { _csrf: web.csrfIn(page.text), email: "someone@example.com", password: "a different long passphrase" }))
      assert.strictEqual(login.status, 401)
    }))

  live("sign-up is POST, 303, GET: reloading the page it leads to creates nothing and sends no second e-mail (issue 42 item 4)", () =>
    Effect.gen(function*() {
      const { mails, sql, url } = yield* serverWithMailbox({ KYB_SIGNUPS_PER_CLIENT: "1000" })
      const web = makeWebClient(url)
      const posted = yield* promise(() => web.submit("/signup", "/signup", { name: "Synthetic Owner", email: "reload@example.com", password: PASSWORD }))
      assert.strictEqual(posted.status, 303, posted.text)
      const location = posted.headers.get("location") ?? ""
      assert.strictEqual(location, "/signup/sent")
      for (let reload = 0; reload < 3; reload++) {
        const shown = yield* promise(() => web.get(location))
        assert.strictEqual(shown.status, 200)
        assert.include(shown.text, "Check your e-mail")
      }
      assert.deepStrictEqual(mails, [{ kind: "verification", to: "reload@example.com" }])
      assert.strictEqual(yield* count(sql, "SELECT count(*) AS n FROM accounts"), 1)
      // The page it leads to is the log-in form: the new account logs in from it.
      const shown = yield* promise(() => web.get(location))
      const login = yield* promise(() => web.post("/login", { _csrf: web.csrfIn(shown.text), email: "reload@example.com", password: PASSWORD }))
      assert.strictEqual(login.status, 303)
    }))

  live("passwords a strength estimator finds easy are refused with a clear message, nothing stored", () =>
    Effect.gen(function*() {
      const { mails, sql, url } = yield* serverWithMailbox()
      for (const password of ["aaaaaaaaaa", "1234567890", "password12"]) {
        const reply = yield* promise(() => makeWebClient(url).submit("/signup", "/signup", { name: "Synthetic Owner", email: "weak@example.com", password }))
        assert.strictEqual(reply.status, 400, password)
        assert.include(reply.text, "The password is too easy to guess.", password)
      }
      assert.strictEqual(yield* count(sql, "SELECT count(*) AS n FROM accounts"), 0)
      assert.lengthOf(mails, 0)
    }))
})
