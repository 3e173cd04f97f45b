import * as HttpEffect from "effect/http/HttpEffect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect } from "effect"
import { ServiceUnavailable } from "../domain/errors.js"

/** 503 service_unavailable with Retry-After, for a dependency that could not be consulted. */
export const asServiceUnavailable = (failure: { readonly message: string; readonly retryAfterSeconds: number }) =>
  HttpEffect.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", String(Math.max(1, Math.ceil(failure.retryAfterSeconds)))))
  ).pipe(Effect.andThen(Effect.fail(ServiceUnavailable.of(failure.message))))
