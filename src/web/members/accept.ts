import * as HttpMiddleware from "effect/http/HttpMiddleware"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { Effect, Option, Redacted } from "effect"
import { Accounts } from "../../accounts/Accounts.js"
import { Members } from "../../members/Members.js"
import { SecondFactor } from "../../secondFactor/SecondFactor.js"
import { challengePage } from "../security/pages.js"
import { csrfField } from "../console.js"
import { html, page } from "../html.js"
import { formFields, htmlResponse, queryOf, seeOther } from "../responses.js"
import { csrfMatches, csrfOf, originOf, withCsrfCookie, withSessionCookie } from "../session.js"

const TOKEN = /^[A-Za-z0-9_-]{43}$/

const acceptPage = (csrf: string, token: string, error?: string) =>
  page("Join the account", html`${error === undefined ? "" : html`<p class="error" role="alert">${error}</p>`}
<p>You were invited to an account on KYB Africa. Choose the name your colleagues will see on what you do, and a password.</p>
<form method="post" action="/invitations/accept">${csrfField(csrf)}<input type="hidden" name="token" value="${token}">
<label for="name">Your name</label><input id="name" name="name" type="text" required maxlength="120" autocomplete="name">
<label for="password">Password (at least 10 characters)</label><input id="password" name="password" type="password" required minlength="10" autocomplete="new-password">
<p><button type="submit" class="primary">Join</button></p></form>`, { csrf })

/** The link carries a token: this request's access log line is written without its query string. */
const show = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const csrf = csrfOf(request)
  const token = queryOf(request)("token") ?? ""
  return withCsrfCookie(request, csrf)(
    TOKEN.test(token)
      ? htmlResponse(acceptPage(csrf.token, token))
      : htmlResponse(page("Link not valid", html`<p>This invitation link is not valid.</p>`, { csrf: csrf.token }), 404)
  )
}).pipe(
  HttpMiddleware.withLoggerDisabled,
  Effect.tap((response) => Effect.logInfo("Sent HTTP response").pipe(Effect.annotateLogs({ "http.status": response.status, "http.url": "/invitations/accept" })))
)

/** Accepting signs the new member in: their dashboard follows (first their second factor, when the account requires one). */
const accept = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const field = yield* formFields
  const csrf = csrfOf(request).token
  if (!csrfMatches(request, field("_csrf"))) {
    return htmlResponse(page("Form expired", html`<p>This form could not be checked (CSRF). Reload the page and send it again.</p>`), 403)
  }
  const token = field("token") ?? ""
  if (!TOKEN.test(token)) return htmlResponse(page("Link not valid", html`<p>This invitation link is not valid.</p>`, { csrf }), 404)
  const accounts = yield* Accounts
  const factor = yield* SecondFactor
  return yield* (yield* Members).accept(token, { name: field("name"), password: field("password") }, originOf(request)).pipe(
    Effect.flatMap((joined) =>
      Effect.flatMap(factor.challengeFor({ ...joined, generation: 0 }), Option.match({
        onSome: (challenge) => Effect.succeed(htmlResponse(challengePage(csrf, Redacted.value(challenge.token), challenge.enrolment))),
        // None from startSession: the account ended while the invitation was accepted; the member must log in (and will be refused).
        onNone: () => Effect.map(accounts.startSession(joined.accountId, joined.memberId, 0), Option.match({
          onNone: () => seeOther("/login"),
          onSome: (session) => withSessionCookie(request, Redacted.value(session), accounts.sessionTtl)(seeOther("/dashboard"))
        }))
      }))),
    Effect.catch((error) => Effect.succeed(htmlResponse(acceptPage(csrf, token, error.message), 400)))
  )
})

export const acceptRoutes = [
  ["GET", "/invitations/accept", show],
  ["POST", "/invitations/accept", accept]
] as const
