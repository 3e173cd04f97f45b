import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpMiddleware from "@effect/platform/HttpMiddleware"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect, Option, Redacted } from "effect"
import { type Account, Accounts } from "../accounts/Accounts.js"
import type { AccountError } from "../accounts/errors.js"
import { dashboardCss, dashboardJs } from "./assets.js"
import { faviconIco } from "./favicon.js"
import { Cases } from "../cases/Cases.js"
import { Screener } from "../sanctions/Screener.js"
import { SessionFlash } from "../accounts/SessionFlash.js"
import { staleListWords } from "./console.js"
import { formFields, htmlResponse, queryOf, seeOther } from "./responses.js"
import { challengePage } from "./security/pages.js"
import { accountPage, dashboardPage, homePage, keyCreatedPage, loginPage, messagePage, revokeConfirmPage, signupPage } from "./pages.js"
import {
  clientOf,
  csrfForSession,
  csrfMatches,
  csrfOf,
  currentAccount,
  originOf,
  sessionTokenOf,
  withCsrfCookie,
  withoutSessionCookie,
  withSessionCookie
} from "./session.js"

const statusOf = (error: AccountError) => {
  switch (error._tag) {
    case "SignupDisabled":
      return 403
    case "InvalidAccountInput":
      return 400
    case "InvalidCredentials":
      return 401
    case "Throttled":
      return 429
    case "KeyNotFound":
      return 404
    case "KeyInGrace":
      return 409
    case "AccountEnded":
      return 401
    case "RoleForbids":
      return 403
  }
}

const retryAfter = (error: AccountError) =>
  (response: HttpServerResponse.HttpServerResponse) =>
    error._tag === "Throttled" ? HttpServerResponse.setHeader(response, "retry-after", String(error.retryAfterSeconds)) : response

const baseUrlOf = (request: HttpServerRequest.HttpServerRequest) => {
  const proto = request.headers["x-forwarded-proto"] === "https" ? "https" : "http"
  return `${proto}://${request.headers["host"] ?? "localhost:8080"}`
}

/** A page for anyone: the browser's CSRF token (set as a cookie the first time) and the account if signed in. */
const openPage = <E, R>(
  build: (context: { readonly csrf: string; readonly account: Option.Option<Account> }) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const csrf = csrfOf(request)
    const account = yield* currentAccount
    return withCsrfCookie(request, csrf)(yield* build({ csrf: csrf.token, account }))
  })

/** A page for a signed-in account; anyone else is sent to the log-in page. */
const accountPageRoute = <E, R>(
  build: (context: { readonly csrf: string; readonly account: Account }) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
) =>
  openPage(({ account, csrf }) => Option.isNone(account) ? Effect.succeed(seeOther("/login")) : build({ csrf, account: account.value }))

/** A form post: refused (403) without the browser's CSRF token, before anything is read or changed. */
const formPost = <E, R>(
  build: (context: { readonly field: (name: string) => string | undefined; readonly csrf: string; readonly account: Option.Option<Account> }) =>
    Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const field = yield* formFields
    if (!csrfMatches(request, field("_csrf"))) {
      return htmlResponse(messagePage("Form expired", "This form could not be checked (CSRF). Reload the page and send it again.", false, ""), 403)
    }
    const csrf = csrfOf(request).token
    return yield* build({ field, csrf, account: yield* currentAccount })
  })

const accountPost = <E, R>(
  build: (context: { readonly field: (name: string) => string | undefined; readonly csrf: string; readonly account: Account }) =>
    Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
) => formPost(({ account, csrf, field }) => Option.isNone(account) ? Effect.succeed(seeOther("/login")) : build({ field, csrf, account: account.value }))

const reviewCountOf = (account: Account) => Effect.map(Effect.flatMap(Cases, (cases) => cases.openCount(account.id)), String)

const dashboard = (account: Account, csrf: string, flash: { readonly notice?: string; readonly error?: string } = {}, status = 200) =>
  Effect.gen(function*() {
    const overview = yield* (yield* Accounts).overview(account)
    const reviewCount = String(yield* (yield* Cases).openCount(account.id))
    return htmlResponse(dashboardPage(overview, csrf, { ...flash, reviewCount, staleLists: yield* staleListWords }), status)
  })

/** Revoking asks first (GET shows the question, the form posts the answer). */
const confirmRevoke = accountPageRoute(({ account, csrf }) =>
  Effect.gen(function*() {
    const keyId = yield* keyIdOf
    const overview = yield* (yield* Accounts).overview(account)
    const key = overview.keys.find((k) => k.id === keyId && k.active)
    if (key === undefined) return yield* dashboard(account, csrf, { error: "No active key with this id on your account." }, 404)
    return htmlResponse(revokeConfirmPage(key, csrf, String(yield* (yield* Cases).openCount(account.id))))
  }))

const SIGNED_UP = "Check your e-mail. If this address had no account, it has one now, on the free plan: log in with the " +
  "password you chose. If it already had one, the message tells you how to get in."

/**
 * An accepted sign-up answers 303 to a page that says so, so a reload of that page posts nothing again (and sends no
 * second e-mail). The same answer whether or not the address had an account (the e-mail says which); the address is
 * not carried to that page, so the URL holds nothing about who signed up.
 */
const signUp = formPost(({ csrf, field }) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const accounts = yield* Accounts
    const email = field("email") ?? ""
    return yield* accounts.signUp({ email, password: field("password") ?? "", client: clientOf(request) }).pipe(
      Effect.as(seeOther("/signup/sent")),
      Effect.catchAll((error) =>
        Effect.succeed(retryAfter(error)(htmlResponse(signupPage(csrf, { error: error.message, email, closed: error._tag === "SignupDisabled" }), statusOf(error)))))
    )
  }))

const logIn = formPost(({ csrf, field }) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const accounts = yield* Accounts
    const email = field("email") ?? ""
    return yield* accounts.logIn({ email, password: field("password") ?? "", client: clientOf(request) }).pipe(
      Effect.map((done) => done.kind === "challenge"
        ? htmlResponse(challengePage(csrf, Redacted.value(done.challenge.token), done.challenge.enrolment))
        : withSessionCookie(request, Redacted.value(done.session), accounts.sessionTtl)(seeOther("/dashboard"))),
      Effect.catchAll((error) => Effect.succeed(retryAfter(error)(htmlResponse(loginPage(csrf, { error: error.message, email }), statusOf(error)))))
    )
  }))

const logOut = formPost(() =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    yield* (yield* Accounts).logOut(sessionTokenOf(request))
    return withoutSessionCookie(request)(seeOther("/login?logged_out=1"))
  }))

/** The new secret waits, sealed, for the page the form redirects to (a reload of that page makes no other key). */
const showKeyOnce = (secret: Redacted.Redacted<string>, rotated: boolean) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    yield* (yield* SessionFlash).put(sessionTokenOf(request), { kind: "api_key", secret: Redacted.value(secret), rotated })
    return seeOther("/dashboard/keys/new")
  })

const createKey = accountPost(({ account, csrf, field }) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    return yield* (yield* Accounts).createKey(account, field("label"), field("scope"), originOf(request)).pipe(
      Effect.flatMap((created) => showKeyOnce(created.secret, false)),
      Effect.catchAll((error) => dashboard(account, csrf, { error: error.message }, statusOf(error)))
    )
  }))

const newKeyPage = accountPageRoute(({ account, csrf }) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const flash = yield* (yield* SessionFlash).take(sessionTokenOf(request))
    const reviewCount = yield* reviewCountOf(account)
    return Option.isSome(flash) && flash.value.kind === "api_key"
      ? htmlResponse(keyCreatedPage(flash.value.secret, baseUrlOf(request), csrf, reviewCount, flash.value.rotated ? "Your rotated API key" : undefined))
      : htmlResponse(messagePage("Key already shown", "A key's secret is shown once, on the page after it is made, and is not kept. If you did not " +
        "copy it, revoke that key on the dashboard and make another.", true, csrf, reviewCount))
  }))

const keyIdOf = Effect.map(HttpServerRequest.HttpServerRequest, (request) => /\/dashboard\/keys\/([^/]+)\//.exec(request.url)?.[1] ?? "")

const revokeKey = accountPost(({ account, csrf }) =>
  Effect.gen(function*() {
    const keyId = yield* keyIdOf
    const request = yield* HttpServerRequest.HttpServerRequest
    return yield* (yield* Accounts).revokeKey(account, keyId, originOf(request)).pipe(
      Effect.flatMap(() => dashboard(account, csrf, { notice: "The key is revoked: it stops working now." })),
      Effect.catchAll((error) => dashboard(account, csrf, { error: error.message }, statusOf(error)))
    )
  }))

const rotateKey = accountPost(({ account, csrf, field }) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const keyId = yield* keyIdOf
    return yield* (yield* Accounts).rotateKey(account, keyId, field("grace"), originOf(request)).pipe(
      Effect.flatMap((rotated) => showKeyOnce(rotated.secret, true)),
      Effect.catchAll((error) => dashboard(account, csrf, { error: error.message }, statusOf(error)))
    )
  }))

const changePassword = accountPost(({ account, csrf, field }) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const accounts = yield* Accounts
    const reviewCount = yield* reviewCountOf(account)
    return yield* accounts.changePassword(account, { current: field("current") ?? "", next: field("next") ?? "" }).pipe(
      Effect.map((session) =>
        withSessionCookie(request, Redacted.value(session), accounts.sessionTtl)(
          htmlResponse(accountPage(account, csrfForSession(Redacted.value(session)), reviewCount, { notice: "The password is changed; every other session has ended." }))
        )),
      Effect.catchAll((error) => Effect.succeed(htmlResponse(accountPage(account, csrf, reviewCount, { error: error.message }), statusOf(error))))
    )
  }))

const deleteAccount = accountPost(({ account, csrf, field }) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    return yield* (yield* Accounts).deleteAccount(account, field("password") ?? "").pipe(
      Effect.map(() => withoutSessionCookie(request)(htmlResponse(messagePage("Account deleted", "Your account is deleted and its keys are revoked.", false, csrf)))),
      Effect.catchAll((error) => Effect.map(reviewCountOf(account), (count) => htmlResponse(accountPage(account, csrf, count, { error: error.message }), statusOf(error))))
    )
  }))

/** The link carries a token: this request's access log line is written without its query string. */
const verifyEmail = openPage(({ account, csrf }) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const token = new URL(request.url, "http://x").searchParams.get("token") ?? ""
    const verified = /^[A-Za-z0-9_-]{43}$/.test(token) && (yield* (yield* Accounts).verifyEmail(token))
    return htmlResponse(
      messagePage(verified ? "Address verified" : "Link not valid", verified ? "Your e-mail address is verified." : "This link is not valid or has expired.", Option.isSome(account), csrf),
      verified ? 200 : 404
    )
  })).pipe(
    HttpMiddleware.withLoggerDisabled,
    Effect.tap((response) => Effect.logInfo("Sent HTTP response").pipe(Effect.annotateLogs({ "http.status": response.status, "http.url": "/verify-email" })))
  )

/**
 * The self-serve pages (issue 16), served by the API's own server beside `/v1`: sign-up, log-in, the dashboard
 * (keys and usage) and the account page. Server-rendered HTML, one stylesheet and one small script of our own.
 */
const icon = faviconIco()

export const WebRoutesLive = HttpApiBuilder.Router.use((router) =>
  Effect.flatMap(Effect.all([Accounts, Cases, Screener, SessionFlash]), ([accounts, casesService, screener, sessionFlash]) => {
    const provide = (handler: Handler) =>
      handler.pipe(
        Effect.provideService(Accounts, accounts), Effect.provideService(Cases, casesService), Effect.provideService(Screener, screener),
        Effect.provideService(SessionFlash, sessionFlash)
      )
    const get = (path: `/${string}`, handler: Handler) => router.get(path, provide(handler))
    const post = (path: `/${string}`, handler: Handler) => router.post(path, provide(handler))
    return Effect.all([
      get("/assets/dashboard.css", Effect.succeed(HttpServerResponse.text(dashboardCss, { contentType: "text/css; charset=utf-8" }))),
      get("/favicon.ico", Effect.succeed(HttpServerResponse.uint8Array(icon, {
        contentType: "image/x-icon", headers: { "cache-control": "public, max-age=86400" }
      }))),
      get("/assets/dashboard.js", Effect.succeed(HttpServerResponse.text(dashboardJs, { contentType: "text/javascript; charset=utf-8" }))),
      get("/", openPage(({ account, csrf }) => Effect.succeed(htmlResponse(homePage(Option.isSome(account), csrf))))),
      get("/signup", openPage(({ account, csrf }) =>
        Effect.succeed(
          Option.isSome(account)
            ? seeOther("/dashboard")
            : htmlResponse(signupPage(csrf, { closed: !accounts.signupEnabled }), accounts.signupEnabled ? 200 : 403)
        ))),
      post("/signup", signUp),
      get("/signup/sent", openPage(({ account, csrf }) =>
        Effect.succeed(Option.isSome(account) ? seeOther("/dashboard") : htmlResponse(loginPage(csrf, { notice: SIGNED_UP }))))),
      get("/login", openPage(({ account, csrf }) =>
        Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
          Option.isSome(account)
            ? seeOther("/dashboard")
            : htmlResponse(loginPage(csrf, queryOf(request)("logged_out") === undefined ? {} : { notice: "You are logged out." }))))),
      post("/login", logIn),
      post("/logout", logOut),
      get("/verify-email", verifyEmail),
      get("/dashboard", accountPageRoute(({ account, csrf }) => dashboard(account, csrf))),
      post("/dashboard/keys", createKey),
      get("/dashboard/keys/new", newKeyPage),
      get("/dashboard/keys/:id/revoke", confirmRevoke),
      post("/dashboard/keys/:id/revoke", revokeKey),
      post("/dashboard/keys/:id/rotate", rotateKey),
      get("/dashboard/account", accountPageRoute(({ account, csrf }) => Effect.map(reviewCountOf(account), (count) => htmlResponse(accountPage(account, csrf, count))))),
      post("/dashboard/password", changePassword),
      post("/dashboard/delete", deleteAccount)
    ], { discard: true })
  }))

type Handler = Effect.Effect<HttpServerResponse.HttpServerResponse, never, HttpServerRequest.HttpServerRequest | Accounts | Cases | Screener | SessionFlash>
