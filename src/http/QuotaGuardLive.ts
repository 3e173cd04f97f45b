import { HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { Quota, type QuotaDecision } from "../access/Quota.js"
import { QuotaExceeded } from "../api/errors.js"
import { QuotaGuard } from "../api/security.js"
import { retryAfterSeconds, rfc3339 } from "../domain/quotaWindow.js"
import { authenticatedKeys } from "./AuthenticationLive.js"

// Unlimited keys still get integer headers, so clients that parse them keep working.
const UNLIMITED = 2_147_483_647

const quotaHeaders = (decision: QuotaDecision): Record<string, string> => ({
  "x-ratelimit-limit": String(decision.limit ?? UNLIMITED),
  "x-ratelimit-remaining": String(decision.remaining ?? UNLIMITED),
  "x-ratelimit-reset": rfc3339(decision.resetAt),
  ...(decision.allowed ? {} : { "retry-after": String(retryAfterSeconds(decision.now)) })
})

export const QuotaGuardLive = Layer.effect(
  QuotaGuard,
  Effect.gen(function*() {
    const quota = yield* Quota
    return Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const key = authenticatedKeys.get(request)
      if (key === undefined) return yield* Effect.dieMessage("quota guard ran before authentication")
      const decision = yield* quota.consume(key).pipe(Effect.orDie)
      const headers = quotaHeaders(decision)
      // Applied on the success and on the error path, so 4xx answers carry the headers too.
      yield* HttpApp.appendPreResponseHandler((_request, response) =>
        Effect.succeed(HttpServerResponse.setHeaders(response, headers))
      )
      if (!decision.allowed) {
        return yield* Effect.fail(QuotaExceeded.of(
          `The monthly quota of ${decision.limit} requests is used up; it renews at ${headers["x-ratelimit-reset"]}.`
        ))
      }
    })
  })
)
