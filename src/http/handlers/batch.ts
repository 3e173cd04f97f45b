import { HttpApiBuilder } from "effect/http-api"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { QuotaExceeded } from "../../api/errors.js"
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
      .handle("list", ({ urlParams }) => Effect.flatMap(CurrentApiKey, (key) => batches.list(key.accountId, urlParams)))
      .handle("get", ({ path }) => Effect.flatMap(CurrentApiKey, (key) => batches.get(key.accountId, path.id)))
      .handle("resultsJsonl", ({ path }) => Effect.flatMap(CurrentApiKey, (key) => batches.jsonLines(key.accountId, path.id)))
      .handle("resultsCsv", ({ path }) => Effect.flatMap(CurrentApiKey, (key) => batches.csv(key.accountId, path.id)))))
