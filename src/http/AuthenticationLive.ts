import { HttpServerRequest } from "@effect/platform"
import { Effect, Layer, Option, Redacted } from "effect"
import { ApiKeys } from "../access/ApiKeys.js"
import { InvalidApiKey } from "../api/errors.js"
import { Authentication, type ApiKeyIdentity } from "../api/security.js"

/** The identity each request authenticated as, for the quota guard (a middleware cannot read another's output). */
export const authenticatedKeys = new WeakMap<HttpServerRequest.HttpServerRequest, ApiKeyIdentity>()

const missing = InvalidApiKey.of("An API key is required: send `Authorization: Bearer <key>` or `x-api-key: <key>`.")
const rejected = InvalidApiKey.of("The API key is unknown or has been revoked.")

export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function*() {
    const keys = yield* ApiKeys
    // Scheme handlers only resolve identity (the builder may try both); database failures are defects so that
    // they surface as 503 instead of making the builder fall through to the next scheme and answer 401.
    const resolve = (secret: Redacted.Redacted<string>) =>
      Effect.gen(function*() {
        if (Redacted.value(secret).trim() === "") return yield* Effect.fail(missing)
        const identity = yield* keys.lookup(secret).pipe(Effect.orDie)
        if (Option.isNone(identity)) return yield* Effect.fail(rejected)
        authenticatedKeys.set(yield* HttpServerRequest.HttpServerRequest, identity.value)
        return identity.value
      })
    return Authentication.of({ bearer: resolve, apiKey: resolve })
  })
)
