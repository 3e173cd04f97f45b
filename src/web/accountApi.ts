import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect, Option, Redacted } from "effect"
import { type Account, Accounts, memberAttribution } from "../accounts/Accounts.js"
import type { AccountError } from "../accounts/errors.js"
import { readChoice } from "../screeningLists/choice.js"
import { ScreeningLists } from "../screeningLists/ScreeningLists.js"
import { can, refusalOf } from "../domain/roles.js"
import { dailySeries } from "./usageChart.js"
import { csrfMatches, csrfOf, currentAccount, originOf, withCsrfCookie } from "./session.js"

/**
 * The dashboard's operations as JSON, for automation from a signed-in browser session (issue 16 item 3): the
 * session cookie authenticates, and every call that changes something carries the CSRF token (`x-csrf-token`) that
 * `GET /account/api/session` returns. Kept out of the OpenAPI document on purpose (docs/accounts.md): `/v1` is authenticated
 * by API keys only, and a key must never be able to mint or revoke keys.
 */
const json = (body: unknown, status = 200) => HttpServerResponse.jsonUnsafe(body, { status })
const refusal = (status: number, error: string, message: string) => json({ error, message }, status)

const errorCode: Readonly<Record<AccountError["_tag"], readonly [number, string]>> = {
  SignupDisabled: [403, "signup_disabled"],
  InvalidAccountInput: [400, "invalid_request"],
  InvalidCredentials: [401, "invalid_credentials"],
  Throttled: [429, "too_many_attempts"],
  KeyNotFound: [404, "key_not_found"],
  KeyInGrace: [409, "key_in_grace"],
  AccountEnded: [401, "not_signed_in"],
  RoleForbids: [403, "forbidden"]
}

const failed = (error: AccountError) => {
  const [status, code] = errorCode[error._tag]
  const response = refusal(status, code, error.message)
  return error._tag === "Throttled" ? HttpServerResponse.setHeader(response, "retry-after", String(error.retryAfterSeconds)) : response
}

type Handler = Effect.Effect<HttpServerResponse.HttpServerResponse, never, HttpServerRequest.HttpServerRequest | Accounts>

const signedIn = (build: (account: Account) => Handler): Handler =>
  Effect.flatMap(currentAccount, Option.match({
    onNone: () => Effect.succeed(refusal(401, "not_signed_in", "Sign in first: this API uses the dashboard's session cookie.")),
    onSome: build
  }))

/** A call that changes something: signed in, and the CSRF header matches the browser's token. */
const changing = (build: (account: Account, body: Record<string, unknown>) => Handler): Handler =>
  signedIn((account) =>
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      if (!csrfMatches(request, request.headers["x-csrf-token"])) {
        return refusal(403, "csrf_failed", "Send the x-csrf-token header that GET /account/api/session returns.")
      }
      const body = yield* request.json.pipe(Effect.orElseSucceed(() => null))
      if (body !== null && (typeof body !== "object" || Array.isArray(body))) {
        return refusal(400, "invalid_request", "The body must be a JSON object.")
      }
      return yield* build(account, (body ?? {}) as Record<string, unknown>)
    }))

const text = (value: unknown) => (typeof value === "string" ? value : undefined)

const keyIdOf = Effect.map(HttpServerRequest.HttpServerRequest, (request) => /\/account\/api\/keys\/([^/]+)\//.exec(request.url)?.[1] ?? "")

const session: Handler = signedIn((account) =>
  Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
    const csrf = csrfOf(request)
    return withCsrfCookie(request, csrf)(json({
      account: { id: account.id, email: account.email, plan: account.plan, email_verified: account.emailVerified },
      // the member signed in: the name records give them (null: an owner from before display names, named by address)
      member: { id: account.member.id, display_name: account.member.displayName, role: account.member.role },
      csrf_token: csrf.token
    }))
  }))

const listKeys: Handler = signedIn((account) =>
  Effect.map(Effect.flatMap(Accounts, (a) => a.overview(account)), (o) => json({ keys: o.keys })))

const usage: Handler = signedIn((account) =>
  Effect.map(Effect.flatMap(Accounts, (a) => a.overview(account)), (o) =>
    json({
      plan: o.account.plan,
      quota: o.quota,
      used: o.used,
      resets_at: o.resetsAt.toISOString(),
      daily: dailySeries(o.chartFrom, o.chartDays, o.daily)
    })))

const createKey: Handler = changing((account, body) =>
  Effect.flatMap(Effect.all([Accounts, HttpServerRequest.HttpServerRequest]), ([a, request]) => a.createKey(account, text(body["label"]), body["scope"], originOf(request))).pipe(
    Effect.map((created) => json({ id: created.id, secret: Redacted.value(created.secret), scope: created.scope }, 201)),
    Effect.catch((error) => Effect.succeed(failed(error)))
  ))

const revokeKey: Handler = changing((account) =>
  Effect.gen(function*() {
    const keyId = yield* keyIdOf
    const request = yield* HttpServerRequest.HttpServerRequest
    return yield* (yield* Accounts).revokeKey(account, keyId, originOf(request)).pipe(
      Effect.as(json({ revoked: keyId })),
      Effect.catch((error) => Effect.succeed(failed(error)))
    )
  }))

const rotateKey: Handler = changing((account, body) =>
  Effect.gen(function*() {
    const keyId = yield* keyIdOf
    const request = yield* HttpServerRequest.HttpServerRequest
    return yield* (yield* Accounts).rotateKey(account, keyId, text(body["grace"]), originOf(request)).pipe(
      Effect.map((rotated) => json({ id: rotated.id, secret: Redacted.value(rotated.secret), replaced: rotated.replaced, grace: rotated.grace }, 201)),
      Effect.catch((error) => Effect.succeed(failed(error)))
    )
  }))

/** The lists the account screens against (GET), and its choice (PUT `{ "lists": [...] }`, or `null`: every list). */
const screeningListsApi = (service: ScreeningLists["Service"]) => ({
  get: signedIn((account) => Effect.map(service.forAccount(account.id), (lists) => json(lists))),
  put: changing((account, body) => {
    if (!can(account.member.role, "manage")) return Effect.succeed(refusal(403, "forbidden", refusalOf(account.member.role, "manage")))
    const choice = readChoice(body["lists"])
    return "error" in choice
      ? Effect.succeed(refusal(400, "invalid_request", choice.error))
      : Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => Effect.map(service.set({ accountId: account.id, by: memberAttribution(account), origin: originOf(request) }, choice.lists), (lists) => json(lists)))
  })
})

export const AccountApiLive = HttpRouter.use((router) =>
  Effect.flatMap(Effect.all([Accounts, ScreeningLists]), ([accounts, screeningLists]) => {
    const provide = (handler: Handler) => Effect.provideService(handler, Accounts, accounts)
    const lists = screeningListsApi(screeningLists)
    return Effect.all([
      router.add("GET", "/account/api/lists", provide(lists.get)),
      router.add("PUT", "/account/api/lists", provide(lists.put)),
      router.add("GET", "/account/api/session", provide(session)),
      router.add("GET", "/account/api/keys", provide(listKeys)),
      router.add("POST", "/account/api/keys", provide(createKey)),
      router.add("POST", "/account/api/keys/:id/revoke", provide(revokeKey)),
      router.add("POST", "/account/api/keys/:id/rotate", provide(rotateKey)),
      router.add("GET", "/account/api/usage", provide(usage))
    ], { discard: true })
  }))
