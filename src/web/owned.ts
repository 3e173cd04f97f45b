import { Effect } from "effect"
import type { ApiKeyIdentity } from "../api/security.js"
import { planQuota } from "../domain/quotaWindow.js"
import type { Console } from "./console.js"

/** Every key of the account (revoked ones too: what they made is still the account's), as the services take them. */
export const accountKeys = (c: Console): ReadonlyArray<ApiKeyIdentity> =>
  c.keys.map((k) => ({ id: k.id, plan: c.account.plan, monthlyQuota: planQuota[c.account.plan] }))

/**
 * The first answer of `f` over the account's keys (what one of them made); with no key, or when none owns it, the
 * last refusal (`none` when the account has no key).
 */
export const acrossKeys = <A, E>(c: Console, f: (key: ApiKeyIdentity) => Effect.Effect<A, E>, none: E): Effect.Effect<A, E> => {
  const keys = accountKeys(c)
  return keys.length === 0 ? Effect.fail(none) : Effect.firstSuccessOf(keys.map(f))
}

/** What each of the account's keys holds, together. */
export const allKeys = <A, E>(c: Console, f: (key: ApiKeyIdentity) => Effect.Effect<ReadonlyArray<A>, E>) =>
  Effect.map(Effect.forEach(accountKeys(c), f), (lists) => lists.flat())
