import { SqlClient } from "@effect/sql"
import { Effect, Option, Redacted } from "effect"
import type { ApiKeyIdentity } from "../api/security.js"
import { createHash, randomBytes } from "node:crypto"
import { DEFAULT_KEY_SCOPE, type KeyScope } from "../domain/keyScope.js"
import { monthlyQuota, type Plan } from "../domain/quotaWindow.js"

const SECRET_PREFIX = "kyb_live_"

/** What the dashboard shows of a key: its scheme and four characters of its random part. */
export const secretPrefix = (secret: string) => secret.slice(0, SECRET_PREFIX.length + 4)

export const hashSecret = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex")

/** Well-formed secrets only reach the database: anything else cannot be a key we issued. */
export const looksLikeSecret = (secret: string) => /^kyb_live_[A-Za-z0-9_-]{43}$/.test(secret)

export interface ApiKeySummary {
  readonly id: string
  readonly label: string | null
  readonly plan: Plan
  readonly scope: KeyScope
  readonly quota_override: number | null
  readonly created_at: string
  readonly revoked_at: string | null
  readonly used_this_month: number
}

export class ApiKeys extends Effect.Service<ApiKeys>()("kyb/ApiKeys", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** Issues a key: the secret is returned once and never stored, only its SHA-256 and its first characters. */
    const create = (options: {
      readonly plan: Plan
      readonly quota: number | null
      readonly label: string | null
      readonly accountId?: string
      readonly scope?: KeyScope
    }) =>
      Effect.gen(function*() {
        const secret = SECRET_PREFIX + randomBytes(32).toString("base64url")
        const id = "key_" + randomBytes(6).toString("hex")
        yield* sql`INSERT INTO api_keys (id, secret_sha256, secret_prefix, label, plan, quota_override, account_id, scope)
          VALUES (${id}, ${hashSecret(secret)}, ${secretPrefix(secret)}, ${options.label}, ${options.plan}, ${options.quota},
            ${options.accountId ?? null}, ${options.scope ?? DEFAULT_KEY_SCOPE})`
        return { id, secret: Redacted.make(secret), scope: options.scope ?? DEFAULT_KEY_SCOPE }
      }).pipe(Effect.withSpan("ApiKeys.create"))

    const revoke = (id: string) =>
      sql<{ id: string }>`UPDATE api_keys SET revoked_at = now() WHERE id = ${id} AND revoked_at IS NULL RETURNING id`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.withSpan("ApiKeys.revoke")
      )

    const list = sql<ApiKeySummary>`
      SELECT k.id, k.label, k.plan, k.scope, k.quota_override::float8 AS quota_override,
             to_char(k.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
             to_char(k.revoked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS revoked_at,
             coalesce(u.used, 0)::float8 AS used_this_month
      FROM api_keys k
      LEFT JOIN quota_usage u ON u.key_id = k.id AND u.period = date_trunc('month', now() AT TIME ZONE 'UTC')::date
      ORDER BY k.created_at, k.id`.pipe(Effect.withSpan("ApiKeys.list"))

    /** The key of this secret (active, or rotated and in its grace period), without counting a request. */
    const identify = (secret: Redacted.Redacted<string>) =>
      Effect.gen(function*() {
        const value = Redacted.value(secret).trim()
        if (!looksLikeSecret(value)) return Option.none<ApiKeyIdentity>()
        const rows = yield* sql<{ id: string; plan: Plan; scope: KeyScope; quota_override: string | null }>`
          SELECT id, plan, scope, quota_override::text AS quota_override FROM api_keys
          WHERE secret_sha256 = ${hashSecret(value)} AND (revoked_at IS NULL OR revoked_at > now())`
        return Option.map(Option.fromNullable(rows[0]), (row): ApiKeyIdentity => ({
          id: row.id,
          plan: row.plan,
          scope: row.scope,
          monthlyQuota: monthlyQuota(row.plan, row.quota_override === null ? null : Number(row.quota_override))
        }))
      }).pipe(Effect.withSpan("ApiKeys.identify"))

    return { create, revoke, list, identify } as const
  })
}) {}
