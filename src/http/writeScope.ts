import { Effect } from "effect"
import { InsufficientScope } from "../api/errors.js"
import { type ApiKeyIdentity, CurrentApiKey } from "../api/security.js"
import { scopeAllows } from "../domain/keyScope.js"

export const readOnlyKey = InsufficientScope.of(
  "This API key is read-only (scope read); changing something needs a key with scope read_write."
)

/** An operation that changes something: only for keys with scope `read_write` (403 insufficient_scope otherwise). */
export const writing = <A, E, R>(
  operation: (key: ApiKeyIdentity) => Effect.Effect<A, E, R>
): Effect.Effect<A, E | InsufficientScope, R | CurrentApiKey> =>
  Effect.flatMap(CurrentApiKey, (key): Effect.Effect<A, E | InsufficientScope, R> =>
    scopeAllows(key.scope, true) ? operation(key) : Effect.fail(readOnlyKey))
