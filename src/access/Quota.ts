import { SqlClient } from "effect/sql"
import { Clock, Effect, Option, Redacted, Context, Layer } from "effect"
import { QuotaExceeded } from "../domain/errors.js"
import type { ApiKeyIdentity } from "../domain/apiKeyIdentity.js"
import { dayOf, periodOf, planQuota, type QuotaDecision, resetOf } from "../domain/quotaWindow.js"
import { hashSecret, looksLikeSecret } from "./ApiKeys.js"
import { identityOf, keyIdentityColumns, type KeyIdentityRow } from "./keyIdentity.js"
import { traced } from "../metrics/span.js"
import { bindMarked, compileMarked, marker } from "../db/markedStatement.js"

/**
 * Monthly request counting, exact across any number of instances sharing the database: one conditional
 * upsert per request, serialised by the row lock, so no two instances can both take the last unit.
 *
 * Durability trade-off: the counting statement commits with `synchronous_commit = off`, so a request never
 * waits for a WAL flush. Atomicity and isolation are unchanged (no over-admission); only a crash of the
 * database server itself can lose the increments of the last moments before it (at most 3 x wal_writer_delay,
 * 600 ms with the default settings), which can only under-count, never block a paying customer.
 */
export class Quota extends Context.Service<Quota>()("kyb/Quota", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    /** The monthly ceiling of the row's `plan` column (a key's or an account's; null: unlimited), as `planQuota` gives it. */
    const planCeiling = sql`CASE plan WHEN 'free' THEN ${planQuota.free}::bigint
      WHEN 'starter' THEN ${planQuota.starter}::bigint WHEN 'growth' THEN ${planQuota.growth}::bigint END`
    /** A key row's monthly ceiling (null: unlimited), as `monthlyQuota` computes it. */
    const ceiling = sql`coalesce(quota_override, ${planCeiling})`

    /** `admit`'s statement, compiled once: only the key's hash and the time change between requests. */
    const admission = compileMarked(
      sql`
          WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true)),
          k AS (
            SELECT id, label, account_id, plan, scope, quota_override,
              ${ceiling} AS ceiling
            FROM api_keys WHERE secret_sha256 = ${marker("hash")} AND (revoked_at IS NULL OR revoked_at > ${marker("now")})
              AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = api_keys.account_id AND a.deleted_at IS NULL)),
          counted AS (
            INSERT INTO account_usage (account_id, period, used)
            SELECT k.account_id, ${marker("period")}::date, 1 FROM k, async_commit
            WHERE k.ceiling IS NULL OR k.ceiling > 0
            ON CONFLICT (account_id, period) DO UPDATE SET used = account_usage.used + 1
            WHERE account_usage.used < coalesce((SELECT ceiling FROM k), ${Number.MAX_SAFE_INTEGER}::bigint)
            RETURNING used),
          daily AS (
            INSERT INTO usage_daily (key_id, day, requests)
            SELECT k.id, ${marker("day")}::date, 1 FROM k WHERE EXISTS (SELECT 1 FROM counted)
            ON CONFLICT (key_id, day) DO UPDATE SET requests = usage_daily.requests + 1)
          SELECT ${keyIdentityColumns(sql)}, (SELECT used FROM counted)::text AS used FROM k`,
      ["hash", "now", "period", "day"]
    )

    /**
     * Authentication and admission in one round trip: finds the key by the SHA-256 of the secret (not revoked, or
     * rotated and still in its grace period) and counts the request against its month, and its day for the
     * dashboard's chart, in the same statement (compiled once: `admission`). Every key counts against its account's month
     * (the keys of an account share one quota; an operator's key made alone has an account of its own). None: unknown, revoked or malformed (nothing
     * counted). The counting and durability described above.
     */
    const admit = Effect.fnUntraced(function*(secret: Redacted.Redacted<string>) {
      const value = Redacted.value(secret).trim()
      if (!looksLikeSecret(value)) return Option.none<{ identity: ApiKeyIdentity; decision: QuotaDecision }>()
      const now = new Date(yield* Clock.currentTimeMillis)
      const rows = yield* sql.unsafe<KeyIdentityRow & { readonly used: string | null }>(
        admission.text,
        bindMarked(admission, { hash: hashSecret(value), now, period: periodOf(now), day: dayOf(now) })
      )
      const row = rows[0]
      if (row === undefined) return Option.none()
      const identity = identityOf(row)
      const limit = identity.monthlyQuota
      const used = row.used === null ? null : Number(row.used)
      return Option.some({
        identity,
        decision: {
          allowed: used !== null,
          limit,
          remaining: limit === null ? null : used === null ? 0 : Math.max(0, limit - used),
          resetAt: resetOf(now),
          now
        } satisfies QuotaDecision
      })
    })

    /**
     * The one quota path for what is not a `/v1` request's own unit (issue 41): a batch's rows, and every console
     * door (the monitor form and its CSV, verify again, the single verification form, a batch from the console).
     * Takes `units` of the account's month, all or none, under the ceiling of the acting key (its plan or override)
     * or, for a console session (`keyId` null), of the account's plan; the key's day counts them too. Not taken when
     * the month has not that many left. `used`: the month's count after it (null when nothing was taken).
     */
    const charge = Effect.fnUntraced(function*(owner: { readonly accountId: string; readonly keyId: string | null }, units: number) {
      if (units <= 0) return { taken: true, used: null }
      const now = new Date(yield* Clock.currentTimeMillis)
      const rows = yield* sql<{ used: string }>`
        WITH c AS (
          SELECT coalesce(${owner.keyId === null
            ? sql`(SELECT ${planCeiling} FROM accounts WHERE id = ${owner.accountId})`
            : sql`(SELECT ${ceiling} FROM api_keys WHERE id = ${owner.keyId} AND account_id = ${owner.accountId})`},
            ${Number.MAX_SAFE_INTEGER}::bigint) AS ceiling),
        taken AS (
          INSERT INTO account_usage (account_id, period, used)
          SELECT ${owner.accountId}, ${periodOf(now)}::date, ${units} FROM c WHERE ${units} <= c.ceiling
          ON CONFLICT (account_id, period) DO UPDATE SET used = account_usage.used + ${units}
          WHERE account_usage.used + ${units} <= (SELECT ceiling FROM c)
          RETURNING used),
        daily AS (
          INSERT INTO usage_daily (key_id, day, requests)
          SELECT ${owner.keyId}, ${dayOf(now)}::date, ${units} WHERE ${owner.keyId}::text IS NOT NULL AND EXISTS (SELECT 1 FROM taken)
          ON CONFLICT (key_id, day) DO UPDATE SET requests = usage_daily.requests + ${units})
        SELECT used::text AS used FROM taken`
      const used = rows[0]?.used
      return used === undefined ? { taken: false, used: null } : { taken: true, used: Number(used) }
    }, traced("Quota.charge"))

    /**
     * `charge`, or 429 quota_exceeded naming `what` (nothing taken, nothing to be done): what every console door calls
     * before it verifies (`units`: one per verification it will make).
     */
    const spend = (owner: { readonly accountId: string; readonly keyId: string | null }, units: number, what: string) =>
      Effect.flatMap(Effect.orDie(charge(owner, units)), (result) =>
        result.taken ? Effect.succeed(result.used) : Effect.fail(QuotaExceeded.of(
          `This account's monthly quota has fewer than ${units} request${units === 1 ? "" : "s"} left: ${what} counts against it like any verification; nothing was done.`
        )))

    /** Gives back `units` taken this month by `charge` (or by a request's admission) for what was not done. */
    const giveBack = Effect.fnUntraced(function*(owner: { readonly accountId: string; readonly keyId: string | null }, units: number) {
      if (units <= 0) return
      const now = new Date(yield* Clock.currentTimeMillis)
      yield* sql`UPDATE account_usage SET used = greatest(0, used - ${units}) WHERE account_id = ${owner.accountId} AND period = ${periodOf(now)}::date`
      if (owner.keyId !== null) {
        yield* sql`UPDATE usage_daily SET requests = greatest(0, requests - ${units}) WHERE key_id = ${owner.keyId} AND day = ${dayOf(now)}::date`
      }
    }, traced("Quota.giveBack"))

    /** Gives back the unit an admitted request took, when its handler refuses it whole (a batch too large). */
    const refund = (key: { readonly accountId: string; readonly keyId: string }) => giveBack(key, 1)

    return { admit, charge, spend, giveBack, refund } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
