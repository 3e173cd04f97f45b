import { Config, Effect, Context, Layer, Schema, SchemaIssue } from "effect"
import { LimitReached } from "../domain/errors.js"
import { defaultLimits, type LimitedResource, limitedResources, limitVariable, parseLimits, type PlanLimits, refusal } from "../domain/limits.js"
import type { Plan } from "../domain/quotaWindow.js"
import { LimitsRepo } from "./LimitsRepo.js"

const limitsConfig = (resource: LimitedResource) =>
  Config.String(limitVariable(resource)).pipe(
    Config.withDefault(""),
    Config.mapEffect((text) => {
      if (text.trim() === "") return Effect.succeed(defaultLimits[resource])
      const parsed = parseLimits(text, defaultLimits[resource])
      return parsed.ok ? Effect.succeed(parsed.value) : Effect.fail(new Config.ConfigError(new Schema.SchemaError(
        new SchemaIssue.Pointer([limitVariable(resource)], new SchemaIssue.InvalidValue({ message: parsed.problem }))
      )))
    })
  )

/**
 * Per-account limits by plan (issue 25): monitors, webhooks, decisions, batch jobs in flight and pending deliveries,
 * each set per plan with KYB_LIMIT_<RESOURCE> (`free=100,growth=5000`, or one number for every plan).
 */
export class Limits extends Context.Service<Limits>()("kyb/Limits", {
  make: Effect.gen(function*() {
    const repo = yield* LimitsRepo
    const table = {} as Record<LimitedResource, PlanLimits>
    for (const resource of limitedResources) table[resource] = yield* limitsConfig(resource)

    const limitOf = (plan: Plan, resource: LimitedResource) => table[resource][plan]

    /** In the caller's transaction, before it makes one more: 409 limit_reached when the account is at its limit. */
    const admit = (accountId: string, resource: LimitedResource) =>
      Effect.gen(function*() {
        const { plan, held } = yield* repo.hold(accountId, resource)
        const message = refusal(resource, plan, held, limitOf(plan, resource))
        if (message !== null) return yield* Effect.fail(LimitReached.of(message))
      })

    return { admit, limitOf } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([LimitsRepo.Default]))
}
