import { Config, Effect, Context, Layer } from "effect"
import type { Plan } from "../domain/quotaWindow.js"
import { Limits } from "../tenancy/Limits.js"
import { WebhooksRepo } from "./WebhooksRepo.js"

/**
 * Queuing an event for delivery, without the delivery loop (`Webhooks` runs that): what a service that raises events
 * needs (monitors, decisions), also in processes that deliver nothing themselves (the MCP stdio server).
 */
export class WebhookEvents extends Context.Service<WebhookEvents>()("kyb/WebhookEvents", {
  make: Effect.gen(function*() {
    const repo = yield* WebhooksRepo
    const limits = yield* Limits
    const retryHours = yield* Config.Number("KYB_WEBHOOK_RETRY_HOURS").pipe(Config.withDefault(24))

    /**
     * Queues the event for every endpoint of the account that takes its type (in the caller's transaction), up to the
     * plan's pending deliveries; past it the event is only listed (GET /v1/events), and a warning logged.
     */
    const enqueue = Effect.fnUntraced(function*(event: { readonly id: string; readonly accountId: string; readonly plan: Plan; readonly type: string }) {
      const { dropped } = yield* repo.enqueue(event.id, event.accountId, event.type, retryHours * 3600, limits.limitOf(event.plan, "pending_deliveries"))
      if (dropped > 0) {
        yield* Effect.logWarning("pending deliveries at the account's limit: event not queued for delivery").pipe(
          Effect.annotateLogs({ account_id: event.accountId, event_id: event.id, not_queued: dropped })
        )
      }
    })

    return { enqueue } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([WebhooksRepo.Default, Limits.Default]))
}
