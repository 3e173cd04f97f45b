import { SqlClient, type SqlError } from "effect/sql"
import { Effect, Context, Layer } from "effect"
import type { LimitedResource } from "../domain/limits.js"
import type { Plan } from "../domain/quotaWindow.js"

/** Counts what an account holds, for its limits. */
export class LimitsRepo extends Context.Service<LimitsRepo>()("kyb/LimitsRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const held: Record<LimitedResource, (accountId: string) => Effect.Effect<ReadonlyArray<{ n: number }>, SqlError.SqlError>> = {
      monitors: (a) => sql<{ n: number }>`SELECT count(*)::int AS n FROM monitors WHERE account_id = ${a} AND deleted_at IS NULL`,
      webhooks: (a) => sql<{ n: number }>`SELECT count(*)::int AS n FROM webhooks WHERE account_id = ${a} AND deleted_at IS NULL`,
      decisions: (a) => sql<{ n: number }>`SELECT count(*)::int AS n FROM decisions WHERE account_id = ${a}`,
      jobs_in_flight: (a) => sql<{ n: number }>`SELECT count(*)::int AS n FROM batch_jobs WHERE account_id = ${a} AND status IN ('queued', 'running')`,
      pending_deliveries: (a) => sql<{ n: number }>`SELECT count(*)::int AS n FROM webhook_deliveries WHERE account_id = ${a} AND state = 'pending'`
    }

    /**
     * The account's plan and how many of `resource` it holds, read under a lock on the account's makers (held to the
     * end of the caller's transaction): two concurrent requests cannot both take the last place.
     */
    const hold = Effect.fnUntraced(function*(accountId: string, resource: LimitedResource) {
      yield* sql`SELECT pg_advisory_xact_lock(hashtext(${`limits:${accountId}`}))`
      const [account] = yield* sql<{ plan: Plan }>`SELECT plan FROM accounts WHERE id = ${accountId}`
      const [count] = yield* held[resource](accountId)
      return { plan: account?.plan ?? "free", held: count?.n ?? 0 }
    })

    return { hold } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
