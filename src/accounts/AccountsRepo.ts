import { SqlClient } from "effect/sql"
import { Effect, Option, Context, Layer } from "effect"
import type { Attribution } from "../access/actor.js"
import type { KeyScope } from "../domain/keyScope.js"
import type { Plan } from "../domain/quotaWindow.js"
import type { Role } from "../domain/roles.js"
import { Ends } from "../tenancy/Ends.js"
import { Fence } from "../tenancy/Fence.js"

/** A live member's log-in and its account (`email` and `password_hash` are the member's). */
export interface AccountRow {
  readonly id: string
  readonly email: string
  readonly plan: Plan
  readonly password_hash: string
  readonly email_verified: boolean
  /** Moves on with every password change of the member: a session is valid only with the generation its log-in saw. */
  readonly session_generation: number
  readonly member_id: string
  readonly member_name: string
  readonly member_display_name: string | null
  readonly role: Role
}

export interface AccountKeyRow {
  readonly id: string
  readonly prefix: string | null
  readonly label: string | null
  readonly scope: KeyScope
  readonly created_at: string
  /** When it stopped (or, rotated, will stop) working; null: active. */
  readonly revoked_at: string | null
  readonly active: boolean
  /** The last UTC day it was used; null: never. */
  readonly last_used: string | null
  readonly requests_this_month: number
  /** Who made it and who revoked or rotated it (a member, as of then); null: not recorded, or not revoked. */
  readonly created_by: Attribution | null
  readonly revoked_by: Attribution | null
}

/** A database failure is not the user's: it surfaces as 503 service_unavailable (the error-body layer), not a typed refusal. */
const dieOnSql = <Args extends ReadonlyArray<unknown>, A, E>(f: (...args: Args) => Effect.Effect<A, E>) =>
  (...args: Args): Effect.Effect<A> => Effect.orDie(f(...args))

const ts = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`

/** SQL of accounts, their sessions, verifications, keys and usage. */
export class AccountsRepo extends Context.Service<AccountsRepo>()("kyb/AccountsRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const ends = yield* Ends
    const fence = yield* Fence
    // A member who joined by invitation proved their address by opening the link sent to it: it is verified. The
    // account's own verification is its owner's (the sign-up address).
    const accountColumns = sql`a.id, m.email, a.plan, m.password_hash,
      (a.email_verified_at IS NOT NULL OR EXISTS (SELECT 1 FROM invitations i WHERE i.member_id = m.id)) AS email_verified,
      m.id AS member_id, m.name AS member_name, m.display_name AS member_display_name, m.role, m.session_generation`
    /** A live member of a live account. */
    const liveMember = sql`m.removed_at IS NULL AND a.deleted_at IS NULL AND a.kind = 'self_serve'`

    /** None when the address is taken. */
    /** The key the month's usage of a deleted address is kept under (its SHA-256, never the address). */
    const addressKey = (lower: unknown) => sql`encode(sha256(convert_to(${lower}, 'UTF8')), 'hex')`

    /**
     * A new account and its owner member, starting its month from the usage of an account deleted this month with the
     * same address (no second free quota); false when the address has an account or is a member's log-in.
     */
    const insertAccount = (row: { id: string; memberId: string; email: string; lower: string; name: string | null; passwordHash: string; plan: Plan }, period: string) =>
      sql.withTransaction(Effect.gen(function*() {
        const taken = yield* sql`SELECT 1 FROM members WHERE email_lower = ${row.lower} AND removed_at IS NULL`
        if (taken.length > 0) return false
        const created = yield* sql<{ id: string }>`INSERT INTO accounts (id, email, email_lower, plan)
          VALUES (${row.id}, ${row.email}, ${row.lower}, ${row.plan})
          ON CONFLICT (email_lower) DO NOTHING RETURNING id`
        if (created.length === 0) return false
        yield* sql`INSERT INTO members (id, account_id, email, email_lower, name, display_name, role, password_hash)
          VALUES (${row.memberId}, ${row.id}, ${row.email}, ${row.lower}, ${row.name ?? row.email}, ${row.name}, 'owner', ${row.passwordHash})`
        yield* sql`INSERT INTO account_usage (account_id, period, used)
          SELECT ${row.id}, period, used FROM departed_usage WHERE address_sha256 = ${addressKey(row.lower)} AND period = ${period}::date`
        return true
      }))

    /** The live member whose log-in this address is. */
    const byEmail = (lower: string) =>
      sql<AccountRow>`SELECT ${accountColumns} FROM members m JOIN accounts a ON a.id = m.account_id
        WHERE m.email_lower = ${lower} AND ${liveMember}`.pipe(Effect.map((rows) => Option.fromNullishOr(rows[0])))

    /** A live member, by id. */
    const byMember = (memberId: string) =>
      sql<AccountRow>`SELECT ${accountColumns} FROM members m JOIN accounts a ON a.id = m.account_id
        WHERE m.id = ${memberId} AND ${liveMember}`.pipe(Effect.map((rows) => Option.fromNullishOr(rows[0])))

    /**
     * A session for the member, behind the fence: only while the account and the member are live and the member's
     * session generation is the one their password was checked against (`generation`); false when any moved on
     * meanwhile (the account deleted, the member removed, or the password changed: the log-in was in flight), and
     * nothing is made. The account and member rows are held shared, so an end waits for this insert (and then ends
     * the session) or this insert sees it.
     */
    const insertSession = (tokenHash: string, accountId: string, memberId: string, generation: number, ttlSeconds: number) =>
      sql<{ token_sha256: string }>`
        INSERT INTO account_sessions (token_sha256, account_id, member_id, expires_at, generation)
        SELECT ${tokenHash}, a.id, m.id, now() + make_interval(secs => ${ttlSeconds}), m.session_generation
        FROM members m JOIN accounts a ON a.id = m.account_id
        WHERE a.id = ${accountId} AND m.id = ${memberId} AND ${liveMember} AND m.session_generation = ${generation} FOR SHARE OF a, m
        RETURNING token_sha256`.pipe(Effect.map((rows) => rows.length > 0))

    /** The member of a live session: not expired, the account and the member live, issued in the member's current session generation. */
    const bySession = (tokenHash: string) =>
      sql<AccountRow>`SELECT ${accountColumns} FROM account_sessions s JOIN members m ON m.id = s.member_id JOIN accounts a ON a.id = s.account_id
        WHERE s.token_sha256 = ${tokenHash} AND s.expires_at > now() AND ${liveMember}
          AND s.generation = m.session_generation`.pipe(Effect.map((rows) => Option.fromNullishOr(rows[0])))

    const deleteSession = (tokenHash: string) => sql`DELETE FROM account_sessions WHERE token_sha256 = ${tokenHash}`.pipe(Effect.asVoid)

    /**
     * The member's new password hash and next session generation, and every session of the member gone, in one
     * transaction: a session issued before it commits (a log-in in flight with the old password included) is never
     * valid again. The new generation (None: the member or the account is gone).
     */
    const setPassword = (memberId: string, passwordHash: string) =>
      sql.withTransaction(Effect.gen(function*() {
        const [row] = yield* sql<{ session_generation: number }>`UPDATE members
          SET password_hash = ${passwordHash}, session_generation = session_generation + 1
          WHERE id = ${memberId} AND removed_at IS NULL RETURNING session_generation`
        yield* sql`DELETE FROM account_sessions WHERE member_id = ${memberId} OR expires_at < now()`
        return Option.map(Option.fromNullishOr(row), (r) => r.session_generation)
      }))

    /**
     * In one transaction: its keys stop at once, what it runs ends (`Ends`: monitors, batch jobs, pending deliveries,
     * webhooks), and the person's data goes (address, password hash, sessions, verifications). The row stays, marked
     * deleted and without them, as the owner of what is kept for its retention (checks, events, decisions).
     */
    const deleteAccount = (accountId: string, period: string) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* ends.accountDeleted(accountId)
        yield* sql`DELETE FROM departed_usage WHERE period < ${period}::date`
        yield* sql`INSERT INTO departed_usage (address_sha256, period, used)
          SELECT ${addressKey(sql`a.email_lower`)}, u.period, u.used FROM accounts a
          JOIN account_usage u ON u.account_id = a.id AND u.period = ${period}::date
          WHERE a.id = ${accountId} AND a.email_lower IS NOT NULL
          ON CONFLICT (address_sha256, period) DO UPDATE SET used = greatest(departed_usage.used, excluded.used)`
        yield* sql`DELETE FROM account_sessions WHERE account_id = ${accountId}`
        yield* sql`DELETE FROM email_verifications WHERE account_id = ${accountId}`
        yield* sql`UPDATE members SET email = NULL, email_lower = NULL, password_hash = NULL, removed_at = coalesce(removed_at, now())
          WHERE account_id = ${accountId}`
        yield* sql`UPDATE invitations SET withdrawn_at = now() WHERE account_id = ${accountId} AND accepted_at IS NULL AND withdrawn_at IS NULL`
        yield* sql`UPDATE accounts SET email = NULL, email_lower = NULL, password_hash = NULL, deleted_at = now() WHERE id = ${accountId}`
      }))

    const insertVerification = (tokenHash: string, accountId: string) =>
      sql`INSERT INTO email_verifications (token_sha256, account_id, expires_at)
        VALUES (${tokenHash}, ${accountId}, now() + interval '7 days')`.pipe(Effect.asVoid)

    const verifyEmail = (tokenHash: string) =>
      sql<{ account_id: string }>`
        WITH used AS (DELETE FROM email_verifications WHERE token_sha256 = ${tokenHash} AND expires_at > now() RETURNING account_id)
        UPDATE accounts SET email_verified_at = coalesce(email_verified_at, now()) WHERE id IN (SELECT account_id FROM used)
        RETURNING id AS account_id`.pipe(Effect.map((rows) => rows.length > 0))

    const keysOf = (accountId: string, period: string) =>
      sql<AccountKeyRow>`
        SELECT k.id, k.secret_prefix AS prefix, k.label, k.scope, ${sql.literal(ts("k.created_at"))} AS created_at, k.created_by, k.revoked_by,
          ${sql.literal(ts("k.revoked_at"))} AS revoked_at, (k.revoked_at IS NULL OR k.revoked_at > now()) AS active,
          (SELECT to_char(max(d.day), 'YYYY-MM-DD') FROM usage_daily d WHERE d.key_id = k.id) AS last_used,
          coalesce((SELECT sum(d.requests) FROM usage_daily d WHERE d.key_id = k.id AND d.day >= ${period}::date), 0)::float8
            AS requests_this_month
        FROM api_keys k WHERE k.account_id = ${accountId}
        ORDER BY (k.revoked_at IS NULL OR k.revoked_at > now()) DESC, k.created_at DESC, k.id`

    /**
     * The live key to rotate, held (FOR UPDATE) to the end of the caller's transaction: two rotations of one key
     * queue, and the second sees the first's grace period (`in_grace`: rotated already, stopping at `revoked_at`).
     */
    const holdForRotation = (accountId: string, keyId: string) =>
      sql<{ id: string; label: string | null; plan: Plan; scope: KeyScope; in_grace: boolean; revoked_at: string | null }>`
        SELECT id, label, plan, scope, revoked_at IS NOT NULL AS in_grace, ${sql.literal(ts("revoked_at"))} AS revoked_at FROM api_keys
        WHERE id = ${keyId} AND account_id = ${accountId} AND (revoked_at IS NULL OR revoked_at > now()) FOR UPDATE`.pipe(
        Effect.map((rows) => Option.fromNullishOr(rows[0]))
      )

    /**
     * Stops the key after `afterSeconds` (0: now); false when it is not this account's or already stopped. Stopped now
     * and the account's last live key: what the account runs ends in the same transaction (`Ends`).
     */
    const revokeKey = (accountId: string, keyId: string, afterSeconds: number, by: Attribution) =>
      sql.withTransaction(Effect.gen(function*() {
        if (afterSeconds <= 0) yield* fence.end(accountId)
        const rows = yield* sql<{ id: string }>`UPDATE api_keys SET revoked_at = now() + make_interval(secs => ${afterSeconds}),
            revoked_by = ${JSON.stringify(by)}::jsonb,
            end_applied_at = ${afterSeconds <= 0 ? sql`now()` : sql`NULL`}
          WHERE id = ${keyId} AND account_id = ${accountId} AND (revoked_at IS NULL OR revoked_at > now()) RETURNING id`
        if (rows.length === 0) return false
        if (afterSeconds <= 0) yield* ends.afterRevocation(accountId)
        return true
      }))

    const usedThisMonth = (accountId: string, period: string) =>
      sql<{ used: number }>`SELECT used::float8 AS used FROM account_usage WHERE account_id = ${accountId} AND period = ${period}::date`.pipe(
        Effect.map((rows) => rows[0]?.used ?? 0)
      )

    /** Requests per UTC day over the account's keys, from `since` on (days without requests left out). */
    const daily = (accountId: string, since: string) =>
      sql<{ day: string; requests: number }>`
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day, sum(d.requests)::float8 AS requests
        FROM usage_daily d JOIN api_keys k ON k.id = d.key_id
        WHERE k.account_id = ${accountId} AND d.day >= ${since}::date GROUP BY d.day ORDER BY d.day`

    return {
      insertAccount: dieOnSql(insertAccount),
      byEmail: dieOnSql(byEmail),
      byMember: dieOnSql(byMember),
      insertSession: dieOnSql(insertSession),
      bySession: dieOnSql(bySession),
      deleteSession: dieOnSql(deleteSession),
      setPassword: dieOnSql(setPassword),
      deleteAccount: dieOnSql(deleteAccount),
      insertVerification: dieOnSql(insertVerification),
      verifyEmail: dieOnSql(verifyEmail),
      keysOf: dieOnSql(keysOf),
      holdForRotation: dieOnSql(holdForRotation),
      revokeKey: dieOnSql(revokeKey),
      usedThisMonth: dieOnSql(usedThisMonth),
      daily: dieOnSql(daily)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([Ends.Default, Fence.Default]))
}
