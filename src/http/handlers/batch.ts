import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { capturingGuarded } from "./capturing.js"
import { QuotaExceeded } from "../../domain/errors.js"
import { CurrentApiKey } from "../../api/security.js"
import { Batches } from "../../batch/Batches.js"
import { reportQuotaUsed, retryAfterQuota } from "../QuotaGuardLive.js"
import { writing } from "../writeScope.js"

export const BatchHandlers = HttpApiBuilder.group(KybApi, "batch", (handlers) =>
  Effect.map(Batches, (batches) =>
    handlers
      .handle("submit", ({ headers, payload }) =>
        writing((key, actor) =>
          batches.submit(actor, payload, headers["idempotency-key"]).pipe(
            Effect.tap((submitted) => reportQuotaUsed(key.monthlyQuota, submitted.used)),
            Effect.map((submitted) => submitted.job),
            Effect.tapError((error) => error instanceof QuotaExceeded ? retryAfterQuota : Effect.void)
          )))
      .handle("list", ({ query }) => Effect.flatMap(CurrentApiKey, (key) => batches.list(key.accountId, query)))
      .handle("get", ({ params }) => Effect.flatMap(CurrentApiKey, (key) => batches.get(key.accountId, params.id)))
      .handle("resultsJsonl", ({ params }) => Effect.flatMap(CurrentApiKey, (key) => batches.jsonLines(key.accountId, params.id)))
      .handle("resultsCsv", ({ params }) => Effect.flatMap(CurrentApiKey, (key) => batches.csv(key.accountId, params.id))))).pipe(capturingGuarded(Batches))
