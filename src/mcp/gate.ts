import { Effect, Option, Redacted } from "effect"
import { ApiKeys } from "../access/ApiKeys.js"
import { Quota } from "../access/Quota.js"
import { keyAttribution } from "../access/actor.js"
import { noteCaller } from "../access/requestCaller.js"
import type { QuotaDecision } from "../domain/quotaWindow.js"
import type { ApiKeyIdentity } from "../api/security.js"
import { scopeAllows } from "../domain/keyScope.js"
import { invalidKey, insufficientScope, type McpRefusal, quotaExceeded } from "./errors.js"
import { toolNamed } from "./tools.js"

export interface Admission {
  readonly identity: ApiKeyIdentity
  /** The quota decision of a counted message (a tool call); null for the protocol's own messages. */
  readonly decision: QuotaDecision | null
}

const missing = invalidKey("An API key is required: send `Authorization: Bearer <key>` or `x-api-key: <key>` (stdio: set KYB_API_KEY).")
const rejected = invalidKey("The API key is unknown or has been revoked.")

/** The tool a JSON-RPC message calls, when it is a call of one of ours. */
export const calledTool = (message: unknown) => {
  // A tools/call sent as a notification (no id) runs nothing: it is not counted.
  if (typeof message !== "object" || message === null || (message as { method?: unknown }).method !== "tools/call") return undefined
  if (!("id" in message)) return undefined
  const params = (message as { params?: { name?: unknown } }).params
  return typeof params?.name === "string" ? toolNamed(params.name) : undefined
}

/** The key found, for the request's refusal audit (a no-op over stdio). */
const noteKey = (key: ApiKeyIdentity) => noteCaller({ accountId: key.accountId, by: keyAttribution(key), power: { scope: key.scope } })

/**
 * Every MCP message is authenticated as /v1 requests are (the same keys); a tool call is counted against the quota
 * as one /v1 request, in the same round trip (the protocol's own messages, initialize, tools/list, ping and
 * notifications, are not counted); a tool that changes something needs a `read_write` key.
 */
export const admit = Effect.fnUntraced(function*(secret: Redacted.Redacted<string> | undefined, message: unknown) {
  if (secret === undefined || Redacted.value(secret).trim() === "") return yield* Effect.fail(missing)
  const tool = calledTool(message)
  if (tool === undefined) {
    const identity = yield* (yield* ApiKeys).identify(secret).pipe(Effect.orDie)
    if (Option.isNone(identity)) return yield* Effect.fail(rejected)
    yield* noteKey(identity.value)
    return { identity: identity.value, decision: null } satisfies Admission
  }
  const admitted = yield* (yield* Quota).admit(secret).pipe(Effect.orDie)
  if (Option.isNone(admitted)) return yield* Effect.fail(rejected)
  const { decision, identity } = admitted.value
  yield* noteKey(identity)
  if (!decision.allowed) return yield* Effect.fail(quotaExceeded(decision))
  if (!scopeAllows(identity.scope, tool.writes)) {
    return yield* Effect.fail<McpRefusal>(insufficientScope(
      `This API key is read-only (scope read); ${tool.name} changes something and needs a key with scope read_write.`,
      decision
    ))
  }
  return { identity, decision } satisfies Admission
})
