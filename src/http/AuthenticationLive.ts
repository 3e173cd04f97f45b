import { HttpServerRequest } from "effect/http"
import { Effect, Layer, Option, Redacted } from "effect"
import { Quota, type QuotaDecision } from "../access/Quota.js"
import { InvalidApiKey } from "../api/errors.js"
import { Authentication } from "../api/security.js"

/**
 * Each request's quota decision, taken with its authentication, for the quota guard and the response's headers (a
 * middleware cannot read another's output). Keyed by the incoming message, which a request keeps when it is modified.
 */
const admissions = new WeakMap<object, QuotaDecision>()

export const admissionOf = (request: HttpServerRequest.HttpServerRequest): QuotaDecision | undefined =>
  typeof request.source === "object" && request.source !== null ? admissions.get(request.source) : undefined

/** What the bearer scheme reads from an Authorization header: what follows `Bearer `. */
const bearerTokenOf = (header: string | undefined) => (header ?? "").slice("Bearer ".length).trim()

const missing = InvalidApiKey.of("An API key is required: send `Authorization: Bearer <key>` or `x-api-key: <key>`.")
const rejected = InvalidApiKey.of("The API key is unknown or has been revoked.")

/** One round trip per request: the key found by its hash and the request counted against its month together. */
export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function*() {
    const quota = yield* Quota
    // Scheme handlers only resolve identity (the builder may try both); database failures are defects so that
    // they surface as 503 instead of making the builder fall through to the next scheme and answer 401.
    const resolve = (secret: Redacted.Redacted<string>) =>
      Effect.gen(function*() {
        if (Redacted.value(secret).trim() === "") return yield* Effect.fail(missing)
        const admitted = yield* quota.admit(secret).pipe(Effect.orDie)
        if (Option.isNone(admitted)) return yield* Effect.fail(rejected)
        const request = yield* HttpServerRequest.HttpServerRequest
        if (typeof request.source === "object" && request.source !== null) admissions.set(request.source, admitted.value.decision)
        return admitted.value.identity
      })
    return Authentication.of({
      bearer: resolve,
      // Tried after the bearer scheme has failed. Without an x-api-key header, a key sent as a bearer token is the
      // one that failed: say it is unknown or revoked, not that no key was sent.
      apiKey: (secret) =>
        Redacted.value(secret).trim() !== ""
          ? resolve(secret)
          : Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
            Effect.fail(bearerTokenOf(request.headers["authorization"]) === "" ? missing : rejected))
    })
  })
)
