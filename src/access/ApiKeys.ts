import { SqlClient } from "effect/sql"
import { Effect, Option, Redacted, Context, Layer } from "effect"
import type { ApiKeyIdentity } from "../domain/apiKeyIdentity.js"
import { hash, randomBytes } from "node:crypto"
import { DEFAULT_KEY_SCOPE, type KeyScope } from "../domain/keyScope.js"
import type { Plan } from "../domain/quotaWindow.js"
import { Ends } from "../tenancy/Ends.js"
import { Fence, type MemberHeld } from "../tenancy/Fence.js"
import type { Attribution } from "./actor.js"
import { identityOf, keyIdentityColumns, type KeyIdentityRow } from "./keyIdentity.js"
import { traced } from "../metrics/span.js"

const SECRET_PREFIX = "kyb_live_"

/** What the dashboard shows of a key: its scheme and four characters of its random part. */
export const secretPrefix = (secret: string) => secret.slice(0, SECRET_PREFIX.length + 4)

export const hashSecret = (secret: string) => hash("sha256", secret, "hex")

/** Well-formed secrets only reach the database: anything else cannot be a key we issued. */
export const looksLikeSecret = (secret: string) => /^kyb_live_[A-Za-z0-9_-]{43}$/.test(secret)

export interface ApiKeySummary {
  readonly id: string
  readonly account_id: string
  /** The account's address, or its name for an operator's account. */
  readonly account: string | null
  readonly label: string | null
  readonly plan: Plan
  readonly scope: KeyScope
  readonly quota_override: number | null
  readonly created_at: string
  readonly revoked_at: string | null
  /** The month's requests of the key's account (the counter every key of the account counts against). */
  readonly used_this_month: number
}

export class ApiKeys extends Context.Service<ApiKeys>()("kyb/ApiKeys", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const ends = yield* Ends
    const fence = yield* Fence

    /**
     * Issues a key for an account: the one named (held live by the fence: never for a deleted account), or (an
     * operator's key) one made for it. The secret is returned once and never stored, only its SHA-256 and its first
     * characters. In the caller's transaction when there is one (a rotation).
     */
    const create = (options: {
      readonly plan: Plan
      readonly quota: number | null
      readonly label: string | null
      readonly accountId?: string
      readonly scope?: KeyScope
      /** Who made it (a member, from the dashboard); absent: the operator's CLI. */
      readonly createdBy?: Attribution
      /** The member making it from a session, held (still a member, in this role) with the account. */
      readonly member?: MemberHeld
    }) =>
      sql.withTransaction(Effect.gen(function*() {
        const secret = SECRET_PREFIX + randomBytes(32).toString("base64url")
        const id = "key_" + randomBytes(6).toString("hex")
        const accountId = options.accountId ?? "acc_" + randomBytes(8).toString("hex")
        if (options.accountId === undefined) {
          // an operator's key account has no members: nobody to give a second look, so no four-eyes policy
          yield* sql`INSERT INTO accounts (id, kind, plan, name, four_eyes) VALUES (${accountId}, 'operator', ${options.plan}, ${options.label}, false)`
        } else {
          yield* fence.hold({ accountId, keyId: null, member: options.member })
        }
        const scope = options.scope ?? DEFAULT_KEY_SCOPE
        yield* sql`INSERT INTO api_keys (id, secret_sha256, secret_prefix, label, plan, quota_override, account_id, scope, created_by)
          VALUES (${id}, ${hashSecret(secret)}, ${secretPrefix(secret)}, ${options.label}, ${options.plan}, ${options.quota},
            ${accountId}, ${scope}, ${options.createdBy === undefined ? null : JSON.stringify(options.createdBy)}::jsonb)`
        return { id, accountId, secret: Redacted.make(secret), scope }
      })).pipe(traced("ApiKeys.create"))

    /** A live account named by its id or its e-mail address. */
    const findAccount = (ref: string) =>
      sql<{ id: string; plan: Plan }>`SELECT id, plan FROM accounts
        WHERE (id = ${ref} OR email_lower = ${ref.trim().toLowerCase()}) AND deleted_at IS NULL`.pipe(
        Effect.map((rows) => Option.fromNullishOr(rows[0])),
        traced("ApiKeys.findAccount")
      )

    /** Stops the key at once; when it was its account's last live key, what the account runs ends with it (`Ends`). */
    const revoke = (id: string) =>
      sql.withTransaction(Effect.gen(function*() {
        const [owner] = yield* sql<{ account_id: string }>`SELECT account_id FROM api_keys WHERE id = ${id}`
        if (owner === undefined) return false
        yield* fence.end(owner.account_id)
        const rows = yield* sql<{ account_id: string }>`UPDATE api_keys SET revoked_at = now(), end_applied_at = now()
          WHERE id = ${id} AND (revoked_at IS NULL OR revoked_at > now()) RETURNING account_id`
        const revoked = rows[0]
        if (revoked === undefined) return false
        yield* ends.afterRevocation(revoked.account_id)
        return true
      })).pipe(traced("ApiKeys.revoke"))

    const list = sql<ApiKeySummary>`
      SELECT k.id, k.account_id, coalesce(a.email, a.name) AS account, k.label, k.plan, k.scope,
             k.quota_override::float8 AS quota_override,
             to_char(k.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
             to_char(k.revoked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS revoked_at,
             coalesce(u.used, 0)::float8 AS used_this_month
      FROM api_keys k JOIN accounts a ON a.id = k.account_id
      LEFT JOIN account_usage u ON u.account_id = k.account_id AND u.period = date_trunc('month', now() AT TIME ZONE 'UTC')::date
      ORDER BY k.created_at, k.id`.pipe(traced("ApiKeys.list"))

    /** The key of this secret (active, or rotated and in its grace period), without counting a request. */
    const identify = Effect.fnUntraced(function*(secret: Redacted.Redacted<string>) {
      const value = Redacted.value(secret).trim()
      if (!looksLikeSecret(value)) return Option.none<ApiKeyIdentity>()
      const rows = yield* sql<KeyIdentityRow>`SELECT ${keyIdentityColumns(sql)} FROM api_keys k
        WHERE k.secret_sha256 = ${hashSecret(value)} AND (k.revoked_at IS NULL OR k.revoked_at > now())
          AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = k.account_id AND a.deleted_at IS NULL)`
      return Option.map(Option.fromNullishOr(rows[0]), identityOf)
    }, traced("ApiKeys.identify"))

    return { create, findAccount, revoke, list, identify } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([Ends.Default, Fence.Default]))
}
