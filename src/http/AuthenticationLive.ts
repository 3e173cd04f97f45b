import * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect, Layer, Option, Redacted } from "effect"
import type { Types } from "effect"
import { Quota } from "../access/Quota.js"
import { keyAttribution } from "../access/actor.js"
import { noteCaller } from "../access/requestCaller.js"
import { InvalidApiKey } from "../domain/errors.js"
import { Authentication, CurrentApiKey, QuotaAdmission } from "../api/security.js"

/** What the bearer scheme reads from an Authorization header: what follows `Bearer `. */
const bearerTokenOf = (header: string | undefined) => (header ?? "").slice("Bearer ".length).trim()

const missing = InvalidApiKey.of("An API key is required: send `Authorization: Bearer <key>` or `x-api-key: <key>`.")
const rejected = InvalidApiKey.of("The API key is unknown or has been revoked.")

type Guarded = Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled, CurrentApiKey | QuotaAdmission>

/**
 * One round trip per request: the key found by its hash and the request counted against its month together. The
 * operation runs with the key and the quota decision taken with it (the quota guard reads the decision).
 */
export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function*() {
    const quota = yield* Quota
    // Scheme handlers fail only for the key itself (the builder then tries the next scheme); database failures are
    // defects so that they surface as 503 instead of making the builder fall through to the next scheme and answer 401.
    // Made once (docs/development.md, "Generator functions are made once").
    const authenticated = Effect.fnUntraced(function*(secret: Redacted.Redacted<string>, operation: Guarded) {
      if (Redacted.value(secret).trim() === "") return yield* Effect.fail(missing)
      const admitted = yield* quota.admit(secret).pipe(Effect.orDie)
      if (Option.isNone(admitted)) return yield* Effect.fail(rejected)
      const key = admitted.value.identity
      yield* noteCaller({ accountId: key.accountId, by: keyAttribution(key), power: { scope: key.scope } })
      return yield* operation.pipe(
        Effect.provideService(CurrentApiKey, admitted.value.identity),
        Effect.provideService(QuotaAdmission, admitted.value.decision)
      )
    })
    return Authentication.of({
      bearer: (operation, { credential }) => authenticated(credential, operation),
      // Tried after the bearer scheme has failed. Without an x-api-key header, a key sent as a bearer token is the
      // one that failed: say it is unknown or revoked, not that no key was sent.
      apiKey: (operation, { credential }) =>
        Redacted.value(credential).trim() !== ""
          ? authenticated(credential, operation)
          : Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
            Effect.fail(bearerTokenOf(request.headers["authorization"]) === "" ? missing : rejected))
    })
  })
)
