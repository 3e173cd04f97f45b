import * as HttpMiddleware from "effect/http/HttpMiddleware"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { Effect, Option, Redacted } from "effect"
import { Accounts } from "../../accounts/Accounts.js"
import { homePage, loginPage, messagePage, signupPage } from "../pages.js"
import { htmlResponse, queryOf, seeOther } from "../responses.js"
import { challengePage } from "../security/pages.js"
import { formPost, openPage, retryAfter, type SelfServeRoute, statusOf } from "../selfServe.js"
import { clientOf, originOf, sessionTokenOf, withoutSessionCookie, withSessionCookie } from "../session.js"

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
    return yield* accounts.signUp({ email, name: field("name"), password: field("password") ?? "", client: clientOf(request) }).pipe(
      Effect.as(seeOther("/signup/sent")),
      Effect.catch((error) =>
        Effect.succeed(retryAfter(error)(htmlResponse(signupPage(csrf, { error: error.message, email, name: field("name") ?? "", closed: error._tag === "SignupDisabled" }), statusOf(error)))))
    )
  }))

const logIn = formPost(({ csrf, field }) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const accounts = yield* Accounts
    const email = field("email") ?? ""
    return yield* accounts.logIn({ email, password: field("password") ?? "", client: clientOf(request), origin: originOf(request) }).pipe(
      Effect.map((done) => done.kind === "challenge"
        ? htmlResponse(challengePage(csrf, Redacted.value(done.challenge.token), done.challenge.enrolment))
        : withSessionCookie(request, Redacted.value(done.session), accounts.sessionTtl)(seeOther("/dashboard"))),
      Effect.catch((error) => Effect.succeed(retryAfter(error)(htmlResponse(loginPage(csrf, { error: error.message, email }), statusOf(error)))))
    )
  }))

const logOut = formPost(() =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    yield* (yield* Accounts).logOut(sessionTokenOf(request), originOf(request))
    return withoutSessionCookie(request)(seeOther("/login?logged_out=1"))
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

/** The home page, sign-up, log-in and log-out, and the e-mail verification link. */
export const signinRoutes: ReadonlyArray<SelfServeRoute> = [
  ["GET", "/", openPage(({ account, csrf }) => Effect.succeed(htmlResponse(homePage(Option.isSome(account), csrf))))],
  ["GET", "/signup", openPage(({ account, csrf }) =>
    Effect.map(Accounts, (accounts) =>
      Option.isSome(account)
        ? seeOther("/dashboard")
        : htmlResponse(signupPage(csrf, { closed: !accounts.signupEnabled }), accounts.signupEnabled ? 200 : 403)
    ))],
  ["POST", "/signup", signUp],
  ["GET", "/signup/sent", openPage(({ account, csrf }) =>
    Effect.succeed(Option.isSome(account) ? seeOther("/dashboard") : htmlResponse(loginPage(csrf, { notice: SIGNED_UP }))))],
  ["GET", "/login", openPage(({ account, csrf }) =>
    Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
      Option.isSome(account)
        ? seeOther("/dashboard")
        : htmlResponse(loginPage(csrf, queryOf(request)("logged_out") === undefined ? {} : { notice: "You are logged out." }))))],
  ["POST", "/login", logIn],
  ["POST", "/logout", logOut],
  ["GET", "/verify-email", verifyEmail]
]
