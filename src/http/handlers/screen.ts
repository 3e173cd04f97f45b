import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect } from "effect"
import { actorOf } from "../../access/actor.js"
import { KybApi } from "../../api/Api.js"
import { capturingGuarded } from "./capturing.js"
import { QuotaExceeded } from "../../domain/errors.js"
import { CurrentApiKey } from "../../api/security.js"
import { Batches } from "../../batch/Batches.js"
import { Screening } from "../../screening/Screening.js"
import { reportQuotaUsed, retryAfterQuota } from "../QuotaGuardLive.js"
import { writing } from "../writeScope.js"

/** Every screening answered over the API is kept as a check (`check_id`); a batch of them is a job like a verification batch. */
export const ScreenHandlers = HttpApiBuilder.group(KybApi, "screen", (handlers) =>
  Effect.gen(function*() {
    const screening = yield* Screening
    const batches = yield* Batches
    return handlers
      .handle("screen", ({ payload }) => Effect.flatMap(CurrentApiKey, (key) => screening.screen(payload, actorOf(key))))
      .handle("screenBatch", ({ headers, payload }) =>
        writing((key, actor) =>
          batches.submit(actor, payload, headers["idempotency-key"], "api", "screen").pipe(
            Effect.tap((submitted) => reportQuotaUsed(key.monthlyQuota, submitted.used)),
            Effect.map((submitted) => submitted.job),
            Effect.tapError((error) => error instanceof QuotaExceeded ? retryAfterQuota : Effect.void)
          )))
  })).pipe(capturingGuarded(Screening, Batches))
