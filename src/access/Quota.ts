import { SqlClient } from "@effect/sql"
import { Clock, Effect, Option, Redacted } from "effect"
import type { ApiKeyIdentity } from "../api/security.js"
import { dayOf, periodOf, planQuota, resetOf } from "../domain/quotaWindow.js"
import { hashSecret, looksLikeSecret } from "./ApiKeys.js"
import { identityOf, keyIdentityColumns, type KeyIdentityRow } from "./keyIdentity.js"

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
    /** The monthly ceiling of the row's `plan` column (a key's or an account's; null: unlimited), as `planQuota` gives it. */
    const planCeiling = sql`CASE plan WHEN 'free' THEN ${planQuota.free}::bigint
      WHEN 'starter' THEN ${planQuota.starter}::bigint WHEN 'growth' THEN ${planQuota.growth}::bigint END`
    /** A key row's monthly ceiling (null: unlimited), as `monthlyQuota` computes it. */
    const ceiling = sql`coalesce(quota_override, ${planCeiling})`

    /**
     * Authentication and admission in one round trip: finds the key by the SHA-256 of the secret (not revoked, or
     * rotated and still in its grace period) and counts the request against its month, and its day for the
     * dashboard's chart, in the same statement. Every key counts against its account's month
     * (the keys of an account share one quota; an operator's key made alone has an account of its own). None: unknown, revoked or malformed (nothing
     * counted). The counting and durability described above.
     */
    const admit = (secret: Redacted.Redacted<string>) =>
      Effect.gen(function*() {
        const value = Redacted.value(secret).trim()
        if (!looksLikeSecret(value)) return Option.none<{ identity: ApiKeyIdentity; decision: QuotaDecision }>()
        const now = new Date(yield* Clock.currentTimeMillis)
        const rows = yield* sql<KeyIdentityRow & { readonly used: string | null }>`
          WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true)),
          k AS (
            SELECT id, account_id, plan, scope, quota_override,
              ${ceiling} AS ceiling
            FROM api_keys WHERE secret_sha256 = ${hashSecret(value)} AND (revoked_at IS NULL OR revoked_at > ${now})),
          counted AS (
            INSERT INTO account_usage (account_id, period, used)
            SELECT k.account_id, ${periodOf(now)}::date, 1 FROM k, async_commit
            WHERE k.ceiling IS NULL OR k.ceiling > 0
            ON CONFLICT (account_id, period) DO UPDATE SET used = account_usage.used + 1
            WHERE account_usage.used < coalesce((SELECT ceiling FROM k), ${Number.MAX_SAFE_INTEGER}::bigint)
            RETURNING used),
          daily AS (
            INSERT INTO usage_daily (key_id, day, requests)
            SELECT k.id, ${dayOf(now)}::date, 1 FROM k WHERE EXISTS (SELECT 1 FROM counted)
            ON CONFLICT (key_id, day) DO UPDATE SET requests = usage_daily.requests + 1)
          SELECT ${keyIdentityColumns(sql)}, (SELECT used FROM counted)::text AS used FROM k`
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
     * Takes `extra` more units for a request already admitted (a batch: one unit per row verified), all or none, on
     * the counter of the key's account; not taken when the month's quota has not that many
     * left (the request is then refused whole, and its own unit given back with `refund`). `used`: the month's count
     * after it (null when not taken, or when `extra` is 0).
     */
    const reserve = (keyId: string, extra: number) =>
      Effect.gen(function*() {
        if (extra <= 0) return { taken: true, used: null }
        const now = new Date(yield* Clock.currentTimeMillis)
        const period = periodOf(now)
        const rows = yield* sql<{ used: string | null }>`
          WITH k AS (
            SELECT id, account_id,
              coalesce(${ceiling}, ${Number.MAX_SAFE_INTEGER}::bigint) AS ceiling
            FROM api_keys WHERE id = ${keyId}),
          by_account AS (
            UPDATE account_usage a SET used = a.used + ${extra} FROM k
            WHERE a.account_id = k.account_id AND a.period = ${period}::date AND a.used + ${extra} <= k.ceiling
            RETURNING a.used),
          daily AS (
            UPDATE usage_daily d SET requests = d.requests + ${extra}
            WHERE d.key_id = ${keyId} AND d.day = ${dayOf(now)}::date
              AND EXISTS (SELECT 1 FROM by_account))
          SELECT (SELECT used FROM by_account)::text AS used`
        const used = rows[0]?.used ?? null
        if (used !== null) return { taken: true, used: Number(used) }
        return { taken: false, used: null }
      }).pipe(Effect.withSpan("Quota.reserve"))

    /** Gives back the unit an admitted request took, when its handler refuses it whole (a batch too large). */
    const refund = (keyId: string) =>
      Effect.gen(function*() {
        const now = new Date(yield* Clock.currentTimeMillis)
        const period = periodOf(now)
        yield* sql`
          WITH k AS (SELECT id, account_id FROM api_keys WHERE id = ${keyId}),
          account_refund AS (UPDATE account_usage a SET used = a.used - 1 FROM k
            WHERE a.account_id = k.account_id AND a.period = ${period}::date AND a.used > 0)
          UPDATE usage_daily SET requests = requests - 1 WHERE key_id = ${keyId} AND day = ${dayOf(now)}::date AND requests > 0`
      }).pipe(Effect.withSpan("Quota.refund"))

    /**
     * One unit of the account's month for what the console does itself (verify again): the same counter its keys
     * share, and the same ceiling, its plan's; false when the month has none left (nothing counted).
     */
    const admitAccount = (accountId: string) =>
      Effect.gen(function*() {
        const now = new Date(yield* Clock.currentTimeMillis)
        const rows = yield* sql<{ used: string }>`
          WITH a AS (
            SELECT id, ${planCeiling} AS ceiling
            FROM accounts WHERE id = ${accountId})
          INSERT INTO account_usage (account_id, period, used)
          SELECT a.id, ${periodOf(now)}::date, 1 FROM a WHERE a.ceiling IS NULL OR a.ceiling > 0
          ON CONFLICT (account_id, period) DO UPDATE SET used = account_usage.used + 1
          WHERE account_usage.used < coalesce((SELECT ceiling FROM a), ${Number.MAX_SAFE_INTEGER}::bigint)
          RETURNING used::text AS used`
        return rows.length > 0
      }).pipe(Effect.withSpan("Quota.admitAccount"))

    return { admit, reserve, refund, admitAccount } as const
  })
}) {}
