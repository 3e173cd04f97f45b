import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { Effect, Redacted } from "effect"
import { Accounts } from "../../accounts/Accounts.js"
import { accountPage, messagePage } from "../pages.js"
import { htmlResponse } from "../responses.js"
import { accountPageRoute, accountPost, reviewCountOf, retryAfter, type SelfServeRoute, statusOf } from "../selfServe.js"
import { csrfForSession, withoutSessionCookie, withSessionCookie } from "../session.js"

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
      Effect.catch((error) => Effect.succeed(retryAfter(error)(htmlResponse(accountPage(account, csrf, reviewCount, { error: error.message }), statusOf(error)))))
    )
  }))

const deleteAccount = accountPost(({ account, csrf, field }) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    return yield* (yield* Accounts).deleteAccount(account, field("password") ?? "").pipe(
      Effect.map(() => withoutSessionCookie(request)(htmlResponse(messagePage("Account deleted", "Your account is deleted and its keys are revoked.", false, csrf)))),
      Effect.catch((error) => Effect.map(reviewCountOf(account), (count) => retryAfter(error)(htmlResponse(accountPage(account, csrf, count, { error: error.message }), statusOf(error)))))
    )
  }))

/** The account page: the password changed, the account deleted. */
export const accountRoutes: ReadonlyArray<SelfServeRoute> = [
  ["GET", "/dashboard/account", accountPageRoute(({ account, csrf }) => Effect.map(reviewCountOf(account), (count) => htmlResponse(accountPage(account, csrf, count))))],
  ["POST", "/dashboard/password", changePassword],
  ["POST", "/dashboard/delete", deleteAccount]
]
