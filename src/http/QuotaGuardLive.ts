import * as HttpEffect from "effect/http/HttpEffect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Clock, Effect, Layer } from "effect"
import type { QuotaDecision } from "../domain/quotaWindow.js"
import { QuotaExceeded } from "../domain/errors.js"
import { QuotaAdmission, QuotaGuard } from "../api/security.js"
import { retryAfterSeconds, rfc3339 } from "../domain/quotaWindow.js"
import { countQuotaRefusal } from "../metrics/series.js"

// Unlimited keys still get integer headers, so clients that parse them keep working.
const UNLIMITED = 2_147_483_647

export const quotaHeaders = (decision: QuotaDecision): Record<string, string> => ({
  "x-ratelimit-limit": String(decision.limit ?? UNLIMITED),
  "x-ratelimit-remaining": String(decision.remaining ?? UNLIMITED),
  "x-ratelimit-reset": rfc3339(decision.resetAt),
  ...(decision.allowed ? {} : { "retry-after": String(retryAfterSeconds(decision.now)) })
})

/**
 * Refuses with 429 when the decision taken with the authentication (same round trip) says so. Its X-RateLimit-*
 * headers are set on every answer once the key is admitted, success or error (a body refused by its schema too).
 */
export const QuotaGuardLive = Layer.succeed(QuotaGuard)((operation) =>
  Effect.gen(function*() {
    const decision = yield* QuotaAdmission
    yield* HttpEffect.appendPreResponseHandler((_request, response) =>
      Effect.succeed(HttpServerResponse.setHeaders(response, quotaHeaders(decision))))
    if (decision.allowed) return yield* operation
    countQuotaRefusal()
    return yield* Effect.fail(QuotaExceeded.of(
      `The monthly quota of ${decision.limit} requests is used up; it renews at ${rfc3339(decision.resetAt)}.`
    ))
  }))

/** After a request took more of the quota than its own unit (a batch): the remaining count its answer reports. */
export const reportQuotaUsed = (limit: number | null, used: number | null) =>
  limit === null || used === null
    ? Effect.void
    : HttpEffect.appendPreResponseHandler((_request, response) =>
      Effect.succeed(HttpServerResponse.setHeader(response, "x-ratelimit-remaining", String(Math.max(0, limit - used)))))

/** A request refused for the quota by its handler (a batch too large for what is left) says when it renews. */
export const retryAfterQuota = Effect.flatMap(Clock.currentTimeMillis, (now) =>
  HttpEffect.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", String(retryAfterSeconds(new Date(now)))))))
