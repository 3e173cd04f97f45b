import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect, Option, Ref } from "effect"
import { type Caller, RequestCaller } from "../access/requestCaller.js"
import { Audit } from "../audit/Audit.js"

/** Answers that refuse someone known: a role or a scope without the power (403), a rule of the state (409). */
const REFUSALS: ReadonlySet<number> = new Set([403, 409])

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
 * share one with): who, from where, the method, path, status and error code. Who is the caller the request's own
 * authentication found (the /v1 key scheme, the MCP gate, the console's session: each notes it in RequestCaller,
 * which this middleware provides per request), not a second look-up of the key or session. A caller the service did
 * not know (no key, an unknown one, no session, a failed CSRF check, which is refused before the session is read) is
 * recorded nowhere: there is no account whose chain it belongs in, and a stranger must not be able to fill one. A
 * known caller is bounded by their key's quota or their own account.
 */
export const RefusalAuditLive = HttpRouter.middleware(
  Effect.gen(function*() {
    const audit = yield* Audit

    const recordRefusal = Effect.fnUntraced(function*(caller: Caller, response: HttpServerResponse.HttpServerResponse) {
      const request = yield* HttpServerRequest.HttpServerRequest
      const origin = { address: Option.getOrNull(request.remoteAddress), client: request.headers["user-agent"]?.slice(0, 200) ?? null }
      yield* audit.record({ accountId: caller.accountId, by: caller.by, origin }, {
        action: "access.refused",
        outcome: "refused",
        details: { method: request.method, path: new URL(request.url, "http://x").pathname.slice(0, 200), status: response.status, error: errorCodeOf(response), ...caller.power }
      })
    })

    return (app) =>
      Effect.gen(function*() {
        const caller = yield* Ref.make(Option.none<Caller>())
        const response = yield* Effect.provideService(app, RequestCaller, caller)
        if (REFUSALS.has(response.status)) {
          const known = yield* Ref.get(caller)
          if (Option.isSome(known)) yield* recordRefusal(known.value, response)
        }
        return response
      })
  }),
  { global: true }
)
