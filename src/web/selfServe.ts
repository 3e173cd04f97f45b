import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect, Option } from "effect"
import type { Account, Accounts } from "../accounts/Accounts.js"
import type { AccountError } from "../accounts/errors.js"
import type { SessionFlash } from "../accounts/SessionFlash.js"
import { Cases } from "../cases/Cases.js"
import type { Screener } from "../sanctions/Screener.js"
import { can } from "../domain/roles.js"
import type { MenuCounts } from "./html.js"
import { messagePage } from "./pages.js"
import { formFields, htmlResponse, seeOther } from "./responses.js"
import { csrfMatches, csrfOf, currentAccount, withCsrfCookie } from "./session.js"

/** What a self-serve page (sign-up, log-in, keys, the account) may use; `WebRoutesLive` provides it. */
export type SelfServeHandler = Effect.Effect<HttpServerResponse.HttpServerResponse, never, HttpServerRequest.HttpServerRequest | Accounts | Cases | Screener | SessionFlash>
export type SelfServeRoute = readonly ["GET" | "POST", `/${string}`, SelfServeHandler]

export const statusOf = (error: AccountError) => {
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

export const retryAfter = (error: AccountError) =>
  (response: HttpServerResponse.HttpServerResponse) =>
    error._tag === "Throttled" ? HttpServerResponse.setHeader(response, "retry-after", String(error.retryAfterSeconds)) : response

/** A page for anyone: the browser's CSRF token (set as a cookie the first time) and the account if signed in. */
export const openPage = <E, R>(
  build: (context: { readonly csrf: string; readonly account: Option.Option<Account> }) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const csrf = csrfOf(request)
    const account = yield* currentAccount
    return withCsrfCookie(request, csrf)(yield* build({ csrf: csrf.token, account }))
  })

/** A page for a signed-in account; anyone else is sent to the log-in page. */
export const accountPageRoute = <E, R>(
  build: (context: { readonly csrf: string; readonly account: Account }) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
) =>
  openPage(({ account, csrf }) => Option.isNone(account) ? Effect.succeed(seeOther("/login")) : build({ csrf, account: account.value }))

/** A form post: refused (403) without the browser's CSRF token, before anything is read or changed. */
export const formPost = <E, R>(
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

export const accountPost = <E, R>(
  build: (context: { readonly field: (name: string) => string | undefined; readonly csrf: string; readonly account: Account }) =>
    Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
) => formPost(({ account, csrf, field }) => Option.isNone(account) ? Effect.succeed(seeOther("/login")) : build({ field, csrf, account: account.value }))

/** The menu's counts for this member: the open cases, and (for a member who may approve) the proposals waiting for them. */
export const reviewCountOf = (account: Account) =>
  Effect.gen(function*() {
    const cases = yield* Cases
    const reviewCount = String(yield* cases.openCount(account.id))
    return can(account.member.role, "work")
      ? { reviewCount, awaitingCount: String(yield* cases.awaitingCount(account.id, account.member.id)) } satisfies MenuCounts
      : { reviewCount } satisfies MenuCounts
  })
