import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { Effect, Option } from "effect"
import { actorOf, type KeyActor } from "../access/actor.js"
import { InsufficientScope } from "../domain/errors.js"
import { type ApiKeyIdentity, CurrentApiKey } from "../api/security.js"
import { scopeAllows, scopeReadsAudit } from "../domain/keyScope.js"

export const readOnlyKey = InsufficientScope.of(
  "This API key is read-only (scope read or audit); changing something needs a key with scope read_write."
)

/**
 * An operation that changes something: only for keys with scope `read_write` (403 insufficient_scope otherwise).
 * It is given the key and the key as the actor, with the request's address and user agent for the audit log.
 */
export const writing = <A, E, R>(
  operation: (key: ApiKeyIdentity, actor: KeyActor) => Effect.Effect<A, E, R>
): Effect.Effect<A, E | InsufficientScope, R | CurrentApiKey | HttpServerRequest.HttpServerRequest> =>
  Effect.flatMap(Effect.all([CurrentApiKey, HttpServerRequest.HttpServerRequest]), ([key, request]): Effect.Effect<A, E | InsufficientScope, R> =>
    scopeAllows(key.scope, true)
      ? operation(key, actorOf(key, { address: Option.getOrNull(request.remoteAddress), client: request.headers["user-agent"]?.slice(0, 200) ?? null }))
      : Effect.fail(readOnlyKey))

/** An operation that reads and is recorded (an evidence read): any scope, given the key as the actor with the request's origin. */
export const reading = <A, E, R>(
  operation: (key: ApiKeyIdentity, actor: KeyActor) => Effect.Effect<A, E, R>
): Effect.Effect<A, E, R | CurrentApiKey | HttpServerRequest.HttpServerRequest> =>
  Effect.flatMap(Effect.all([CurrentApiKey, HttpServerRequest.HttpServerRequest]), ([key, request]) =>
    operation(key, actorOf(key, { address: Option.getOrNull(request.remoteAddress), client: request.headers["user-agent"]?.slice(0, 200) ?? null })))

export const noAuditScope = InsufficientScope.of(
  "Reading the audit log needs an API key with scope audit (made by an admin or an owner on the dashboard)."
)

/** Reading the account's audit log: only for keys with scope `audit` (403 insufficient_scope otherwise). */
export const auditing = <A, E, R>(operation: (key: ApiKeyIdentity) => Effect.Effect<A, E, R>): Effect.Effect<A, E | InsufficientScope, R | CurrentApiKey> =>
  Effect.flatMap(CurrentApiKey, (key): Effect.Effect<A, E | InsufficientScope, R> => scopeReadsAudit(key.scope) ? operation(key) : Effect.fail(noAuditScope))
