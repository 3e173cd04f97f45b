import { Effect, Option, Ref, Context } from "effect"
import type { Attribution } from "./actor.js"

/** Who a request's own authentication found: the account, who to credit, and the power they had (a key's scope or a member's role). */
export interface Caller {
  readonly accountId: string
  readonly by: Attribution
  readonly power: { readonly scope: string } | { readonly role: string }
}

/**
 * One request's caller, as its authentication found them (a key at /v1 and /mcp, a session in the console), for what
 * runs after the answer is made: the refusal audit (src/http/refusalAudit.ts) records a refusal under this caller
 * instead of identifying them a second time. Provided per request by that middleware; absent elsewhere (a job, the
 * MCP stdio server, a test calling a service), where noting is a no-op.
 */
export class RequestCaller extends Context.Service<RequestCaller, Ref.Ref<Option.Option<Caller>>>()("kyb/RequestCaller") {}

export const noteCaller = (caller: Caller) =>
  Effect.flatMap(Effect.serviceOption(RequestCaller), Option.match({ onNone: () => Effect.void, onSome: (ref) => Ref.set(ref, Option.some(caller)) }))
