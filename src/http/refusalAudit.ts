import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect, Option } from "effect"
import { Accounts, memberAttribution } from "../accounts/Accounts.js"
import { ApiKeys } from "../access/ApiKeys.js"
import { keyAttribution } from "../access/actor.js"
import { Audit, type AuditActor } from "../audit/Audit.js"
import { secretOf } from "../mcp/http.js"
import { sessionTokenOf } from "../web/session.js"

/** Answers that refuse someone known: a role or a scope without the power (403), a rule of the state (409). */
const REFUSALS: ReadonlySet<number> = new Set([403, 409])

/** Who was refused, and the power they had: a key's scope or a member's role. */
interface Refused {
  readonly actor: AuditActor
  readonly power: { readonly scope: string } | { readonly role: string }
}

/** The `error` code of a JSON answer (`{error}` or a JSON-RPC `{error: {data: {error}}}`), when there is one. */
const errorCodeOf = (response: HttpServerResponse.HttpServerResponse): string | null => {
  const body = response.body
  if (body._tag !== "Uint8Array" || !body.contentType.includes("json") || body.contentLength > 4096) return null
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body.body)) as { error?: unknown }
    if (typeof parsed.error === "string") return parsed.error.slice(0, 64)
    const data = (parsed.error as { data?: { error?: unknown } } | undefined)?.data
    return typeof data?.error === "string" ? data.error.slice(0, 64) : null
  } catch {
    return null
  }
}

/**
 * Every refusal of a caller the service knows goes into their account's audit log (issue 52 item 5), whichever door
 * and whichever service refused: a key's (`/v1`, `/mcp`) or a signed-in member's (the console, `/account/api`).
 * Recorded after the answer is made, in a transaction of its own (a refusal changes nothing, so there is no change to
 * share one with): who, from where, the method, path, status and error code. A caller the service does not know
 * (no key, an unknown one, no session, a failed CSRF check) is recorded nowhere: there is no account whose chain it
 * belongs in, and a stranger must not be able to fill one. A known caller is bounded by their key's quota or their
 * own account.
 */
export const RefusalAuditLive = HttpRouter.middleware(
  Effect.gen(function*() {
    const audit = yield* Audit
    const keys = yield* ApiKeys
    const accounts = yield* Accounts

    const actorOf = (request: HttpServerRequest.HttpServerRequest): Effect.Effect<Option.Option<Refused>> =>
      Effect.gen(function*() {
        const origin = { address: Option.getOrNull(request.remoteAddress), client: request.headers["user-agent"]?.slice(0, 200) ?? null }
        const secret = secretOf(request.headers)
        if (secret !== undefined) {
          const key = yield* keys.identify(secret).pipe(Effect.orElseSucceed(() => Option.none()))
          return Option.map(key, (k) => ({ actor: { accountId: k.accountId, by: keyAttribution(k), origin }, power: { scope: k.scope } }))
        }
        const member = yield* accounts.fromSession(sessionTokenOf(request)).pipe(Effect.orElseSucceed(() => Option.none()))
        return Option.map(member, (m) => ({ actor: { accountId: m.id, by: memberAttribution(m), origin }, power: { role: m.member.role } }))
      })

    const recordRefusal = (response: HttpServerResponse.HttpServerResponse) =>
      Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        const found = yield* actorOf(request)
        if (Option.isNone(found)) return
        yield* audit.record(found.value.actor, {
          action: "access.refused",
          outcome: "refused",
          details: { method: request.method, path: new URL(request.url, "http://x").pathname.slice(0, 200), status: response.status, error: errorCodeOf(response), ...found.value.power }
        })
      })

    return (app) => Effect.tap(app, (response) => (REFUSALS.has(response.status) ? recordRefusal(response) : Effect.void))
  }),
  { global: true }
)
