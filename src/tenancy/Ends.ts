import { SqlClient } from "effect/sql"
import { Effect, Context, Layer } from "effect"
import { Fence } from "./Fence.js"
import { liveKeyOf } from "./liveKeys.js"

/**
 * What stops when access ends (issue 25), run inside the transaction of the deletion or revocation itself: the
 * account's monitors are deleted, its unfinished batch jobs cancelled (the rows they never verified given back to
 * the month's quota) and its pending deliveries cancelled. The account row is held exclusively first (`Fence.end`):
 * every owned write holds it shared (`Fence.hold`) and event makers and job steps hold their monitor or job, so an
 * end and a write never interleave, and nothing is made for an account after its end commits.
 */
export class Ends extends Context.Service<Ends>()("kyb/Ends", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const fence = yield* Fence

    /** Gives back the units of the rows the cancelled jobs never verified (read after the cancel: a row in flight is done or not). */
    const refundUnverified = (jobIds: ReadonlyArray<string>) =>
      jobIds.length === 0 ? Effect.void : Effect.gen(function*() {
        const refunds = yield* sql<{ account_id: string; key_id: string | null; period: string; day: string; units: number }>`
          WITH unverified AS (
            SELECT j.id, j.account_id, j.key_id, j.charged_period, j.charged_day,
              least(j.charged_units, (SELECT count(*) FROM batch_items i WHERE i.job_id = j.id AND NOT i.done))::int AS units
            FROM batch_jobs j WHERE j.id IN ${sql.in(jobIds)} AND j.charged_period IS NOT NULL AND j.charged_units > 0)
          UPDATE batch_jobs j SET charged_units = j.charged_units - u.units FROM unverified u WHERE j.id = u.id AND u.units > 0
          RETURNING u.account_id, u.key_id, to_char(u.charged_period, 'YYYY-MM-DD') AS period, to_char(u.charged_day, 'YYYY-MM-DD') AS day, u.units`
        for (const refund of refunds) {
          yield* sql`UPDATE account_usage SET used = greatest(0, used - ${refund.units})
            WHERE account_id = ${refund.account_id} AND period = ${refund.period}::date`
          if (refund.key_id !== null) {
            yield* sql`UPDATE usage_daily SET requests = greatest(0, requests - ${refund.units})
              WHERE key_id = ${refund.key_id} AND day = ${refund.day}::date`
          }
        }
      })

    /** Stops what the account runs; the caller's transaction holds the account row exclusively already. */
    const stopRunning = Effect.fnUntraced(function*(accountId: string) {
      yield* sql`UPDATE monitors SET deleted_at = now() WHERE account_id = ${accountId} AND deleted_at IS NULL`
      const cancelled = yield* sql<{ id: string }>`UPDATE batch_jobs SET status = 'cancelled', finished_at = now()
        WHERE account_id = ${accountId} AND status IN ('queued', 'running') RETURNING id`
      yield* refundUnverified(cancelled.map((j) => j.id))
      yield* sql`UPDATE webhook_deliveries SET state = 'cancelled' WHERE account_id = ${accountId} AND state = 'pending'`
    })

    /**
     * After a key of the account was revoked, in the same transaction, which took `Fence.end` before revoking: ends
     * what the account runs when no live key is left.
     */
    const afterRevocation = Effect.fnUntraced(function*(accountId: string) {
      const [left] = yield* sql<{ live: boolean }>`SELECT ${liveKeyOf(sql, accountId)} AS live`
      if (left?.live === true) return false
      yield* stopRunning(accountId)
      yield* Effect.logInfo("last key revoked: monitors, batch jobs and pending deliveries stopped").pipe(Effect.annotateLogs({ account_id: accountId }))
      return true
    })

    /** The account is being deleted (in the same transaction): every key stops, everything it runs ends, its webhooks go. */
    const accountDeleted = Effect.fnUntraced(function*(accountId: string) {
      yield* fence.end(accountId)
      yield* stopRunning(accountId)
      yield* sql`UPDATE api_keys SET revoked_at = now(), end_applied_at = now() WHERE account_id = ${accountId} AND (revoked_at IS NULL OR revoked_at > now())`
      yield* sql`UPDATE webhooks SET deleted_at = now() WHERE account_id = ${accountId} AND deleted_at IS NULL`
    })

    return { afterRevocation, accountDeleted } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([Fence.Default]))
}
