import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { Effect } from "effect"
import { Members } from "../../members/Members.js"
import { accountPage } from "../pages.js"
import { htmlResponse } from "../responses.js"
import { accountPost, reviewCountOf, statusOf } from "../selfServe.js"
import { originOf } from "../session.js"

/** The member's display name given or changed: the Account page again, with the new name (a reload sends the same name: no change). */
const rename = accountPost(({ account, csrf, field }) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const reviewCount = yield* reviewCountOf(account)
    return yield* (yield* Members).rename(account, field("name"), originOf(request)).pipe(
      Effect.map((name) => htmlResponse(accountPage({ ...account, member: { ...account.member, name, displayName: name } }, csrf, reviewCount,
        { notice: `Your name is saved: what you do from now on is recorded as ${name}.` }))),
      Effect.catch((error) => Effect.succeed(htmlResponse(accountPage(account, csrf, reviewCount, { error: error.message }), statusOf(error))))
    )
  }))

/** Served with the console (it needs Members). */
export const displayNameRoutes = [["POST", "/dashboard/name", rename]] as const
