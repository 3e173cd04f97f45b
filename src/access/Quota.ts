import { SqlClient } from "@effect/sql"
import { Clock, Effect } from "effect"
import type { ApiKeyIdentity } from "../api/security.js"
import { periodOf, resetOf } from "../domain/quotaWindow.js"

export interface QuotaDecision {
  readonly allowed: boolean
  /** null for unlimited keys. */
  readonly limit: number | null
  readonly remaining: number | null
  readonly resetAt: Date
  readonly now: Date
}

/**
 * Monthly request counting, exact across any number of instances sharing the database: one conditional
 * upsert per request, serialised by the row lock, so no two instances can both take the last unit.
 *
 * Durability trade-off: the counting statement commits with `synchronous_commit = off`, so a request never
 * waits for a WAL flush. Atomicity and isolation are unchanged (no over-admission); only a crash of the
 * database server itself can lose the increments of the last moments before it (at most 3 x wal_writer_delay,
 * 600 ms with the default settings), which can only under-count, never block a paying customer.
 */
export class Quota extends Effect.Service<Quota>()("kyb/Quota", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const consume = (key: ApiKeyIdentity) =>
      Effect.gen(function*() {
        const now = new Date(yield* Clock.currentTimeMillis)
        const resetAt = resetOf(now)
        const limit = key.monthlyQuota
        if (limit !== null && limit <= 0) {
          return { allowed: false, limit, remaining: 0, resetAt, now } satisfies QuotaDecision
        }
        const period = periodOf(now)
        const ceiling = limit ?? Number.MAX_SAFE_INTEGER
        // One statement, one round trip: the transaction-local setting made in the CTE is still in force when
        // the statement's implicit transaction commits, so this commit does not wait for the WAL flush.
        const rows = yield* sql<{ used: string }>`
          WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
          INSERT INTO quota_usage (key_id, period, used)
          SELECT ${key.id}, ${period}::date, 1 FROM async_commit
          ON CONFLICT (key_id, period) DO UPDATE SET used = quota_usage.used + 1
          WHERE quota_usage.used < ${ceiling}::bigint
          RETURNING used::text AS used`
        const used = rows[0] === undefined ? null : Number(rows[0].used)
        return {
          allowed: used !== null,
          limit,
          remaining: limit === null ? null : used === null ? 0 : Math.max(0, limit - used),
          resetAt,
          now
        } satisfies QuotaDecision
      }).pipe(Effect.withSpan("Quota.consume"))

    return { consume } as const
  })
}) {}
