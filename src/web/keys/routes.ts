import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { Effect, Option, Redacted } from "effect"
import { type Account, Accounts } from "../../accounts/Accounts.js"
import { SessionFlash } from "../../accounts/SessionFlash.js"
import { staleListWords } from "../console.js"
import { dashboardPage, keyCreatedPage, messagePage, revokeConfirmPage } from "../pages.js"
import { htmlResponse, seeOther } from "../responses.js"
import { accountPageRoute, accountPost, reviewCountOf, type SelfServeRoute, statusOf } from "../selfServe.js"
import { originOf, sessionTokenOf } from "../session.js"

const baseUrlOf = (request: HttpServerRequest.HttpServerRequest) => {
  const proto = request.headers["x-forwarded-proto"] === "https" ? "https" : "http"
  return `${proto}://${request.headers["host"] ?? "localhost:8080"}`
}

const dashboard = (account: Account, csrf: string, flash: { readonly notice?: string; readonly error?: string } = {}, status = 200) =>
  Effect.gen(function*() {
    const overview = yield* (yield* Accounts).overview(account)
    const counts = yield* reviewCountOf(account)
    return htmlResponse(dashboardPage(overview, csrf, { ...flash, counts, staleLists: yield* staleListWords }), status)
  })

const keyIdOf = Effect.map(HttpServerRequest.HttpServerRequest, (request) => /\/dashboard\/keys\/([^/]+)\//.exec(request.url)?.[1] ?? "")

/** Revoking asks first (GET shows the question, the form posts the answer). */
const confirmRevoke = accountPageRoute(({ account, csrf }) =>
  Effect.gen(function*() {
    const keyId = yield* keyIdOf
    const overview = yield* (yield* Accounts).overview(account)
    const key = overview.keys.find((k) => k.id === keyId && k.active)
    if (key === undefined) return yield* dashboard(account, csrf, { error: "No active key with this id on your account." }, 404)
    return htmlResponse(revokeConfirmPage(key, csrf, yield* reviewCountOf(account)))
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
      Effect.catch((error) => dashboard(account, csrf, { error: error.message }, statusOf(error)))
    )
  }))

const newKeyPage = accountPageRoute(({ account, csrf }) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const flash = yield* (yield* SessionFlash).take(sessionTokenOf(request))
    const counts = yield* reviewCountOf(account)
    return Option.isSome(flash) && flash.value.kind === "api_key"
      ? htmlResponse(keyCreatedPage(flash.value.secret, baseUrlOf(request), csrf, counts, flash.value.rotated ? "Your rotated API key" : undefined))
      : htmlResponse(messagePage("Key already shown", "A key's secret is shown once, on the page after it is made, and is not kept. If you did not " +
        "copy it, revoke that key on the dashboard and make another.", true, csrf, counts))
  }))

const revokeKey = accountPost(({ account, csrf }) =>
  Effect.gen(function*() {
    const keyId = yield* keyIdOf
    const request = yield* HttpServerRequest.HttpServerRequest
    return yield* (yield* Accounts).revokeKey(account, keyId, originOf(request)).pipe(
      Effect.flatMap(() => dashboard(account, csrf, { notice: "The key is revoked: it stops working now." })),
      Effect.catch((error) => dashboard(account, csrf, { error: error.message }, statusOf(error)))
    )
  }))

const rotateKey = accountPost(({ account, csrf, field }) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const keyId = yield* keyIdOf
    return yield* (yield* Accounts).rotateKey(account, keyId, field("grace"), originOf(request)).pipe(
      Effect.flatMap((rotated) => showKeyOnce(rotated.secret, true)),
      Effect.catch((error) => dashboard(account, csrf, { error: error.message }, statusOf(error)))
    )
  }))

/** The dashboard (keys and usage) and the keys' forms: make, show once, revoke (asked first), rotate. */
export const keysRoutes: ReadonlyArray<SelfServeRoute> = [
  ["GET", "/dashboard", accountPageRoute(({ account, csrf }) => dashboard(account, csrf))],
  ["POST", "/dashboard/keys", createKey],
  ["GET", "/dashboard/keys/new", newKeyPage],
  ["GET", "/dashboard/keys/:id/revoke", confirmRevoke],
  ["POST", "/dashboard/keys/:id/revoke", revokeKey],
  ["POST", "/dashboard/keys/:id/rotate", rotateKey]
]
