import { SqlClient } from "effect/sql"
import { Effect, Option, Context, Layer } from "effect"
import type { Attribution } from "../access/actor.js"
import type { Role } from "../domain/roles.js"

export interface MemberRow {
  readonly id: string
  readonly email: string | null
  /** How records name them: their display name, or their address while they have none. */
  readonly name: string
  readonly display_name: string | null
  /** A second factor (TOTP) turned on. */
  readonly second_factor: boolean
  /** Their last log-in (the audit log's latest `member.logged_in`); null: never since the log began. */
  readonly last_login_at: string | null
  readonly role: Role
  readonly created_at: string
  readonly removed_at: string | null
}

export interface InvitationRow {
  readonly id: string
  readonly email: string
  readonly role: Role
  readonly invited_by: Attribution
  readonly created_at: string
  readonly expires_at: string
}

/** A key whose secret a member was shown (they made or rotated it), and whether it still works. */
export interface KeyShown {
  readonly id: string
  readonly label: string | null
  readonly member_id: string
  readonly live: boolean
}

const ts = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`

/** SQL of an account's members and invitations. */
export class MembersRepo extends Context.Service<MembersRepo>()("kyb/MembersRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const memberColumns = sql.literal(`id, email, name, display_name, totp_enabled_at IS NOT NULL AS second_factor, role,
      ${ts("created_at")} AS created_at, ${ts("removed_at")} AS removed_at, ${ts(`(SELECT max(l.at) FROM audit_log l WHERE l.account_id = members.account_id
        AND l.action = 'member.logged_in' AND l.actor->>'id' = members.id)`)} AS last_login_at`)
    const invitationColumns = sql.literal(`id, email, role, invited_by, ${ts("created_at")} AS created_at, ${ts("expires_at")} AS expires_at`)

    /** The account's members, live first (oldest first), then the removed. */
    const members = (accountId: string) =>
      sql<MemberRow>`SELECT ${memberColumns} FROM members WHERE account_id = ${accountId}
        ORDER BY removed_at IS NOT NULL, created_at, id`

    /** A live member of the account, locked to the end of the transaction. */
    const liveMember = (accountId: string, memberId: string) =>
      sql<MemberRow>`SELECT ${memberColumns} FROM members WHERE account_id = ${accountId} AND id = ${memberId} AND removed_at IS NULL FOR UPDATE`.pipe(
        Effect.map((rows) => Option.fromNullishOr(rows[0]))
      )

    /** How many live owners the account has, its owners locked (two changes cannot both remove the second-to-last). */
    const owners = (accountId: string) =>
      sql<{ id: string }>`SELECT id FROM members WHERE account_id = ${accountId} AND role = 'owner' AND removed_at IS NULL FOR UPDATE`.pipe(
        Effect.map((rows) => rows.length)
      )

    const addressTaken = (lower: string) =>
      sql`SELECT 1 FROM members WHERE email_lower = ${lower} AND removed_at IS NULL`.pipe(Effect.map((rows) => rows.length > 0))

    /** Held to the end of the transaction: acceptances of one address queue. */
    const lockAddress = (lower: string) => sql`SELECT pg_advisory_xact_lock(hashtextextended(${"member-address:" + lower}, 0))`.pipe(Effect.asVoid)

    const pendingInvitations = (accountId: string) =>
      sql<InvitationRow>`SELECT ${invitationColumns} FROM invitations WHERE account_id = ${accountId}
        AND accepted_at IS NULL AND withdrawn_at IS NULL AND expires_at > now() ORDER BY created_at DESC, id`

    const insertInvitation = (row: {
      readonly id: string; readonly tokenHash: string; readonly accountId: string; readonly email: string; readonly lower: string
      readonly role: Role; readonly invitedBy: Attribution; readonly ttlSeconds: number
    }) =>
      sql`INSERT INTO invitations (id, token_sha256, account_id, email, email_lower, role, invited_by, expires_at)
        VALUES (${row.id}, ${row.tokenHash}, ${row.accountId}, ${row.email}, ${row.lower}, ${row.role}, ${JSON.stringify(row.invitedBy)}::jsonb,
          now() + make_interval(secs => ${row.ttlSeconds}))`.pipe(Effect.asVoid)

    const withdraw = (accountId: string, id: string) =>
      sql<{ id: string; email: string }>`UPDATE invitations SET withdrawn_at = now()
        WHERE account_id = ${accountId} AND id = ${id} AND accepted_at IS NULL AND withdrawn_at IS NULL RETURNING id, email`.pipe(
        Effect.map((rows) => Option.fromNullishOr(rows[0]))
      )

    /** A usable invitation by its token's hash, locked (one acceptance): not accepted, withdrawn or expired; its account live. */
    const openInvitation = (tokenHash: string) =>
      sql<{ id: string; account_id: string; email: string; email_lower: string; role: Role }>`SELECT i.id, i.account_id, i.email, i.email_lower, i.role
        FROM invitations i JOIN accounts a ON a.id = i.account_id
        WHERE i.token_sha256 = ${tokenHash} AND i.accepted_at IS NULL AND i.withdrawn_at IS NULL AND i.expires_at > now() AND a.deleted_at IS NULL
        FOR UPDATE OF i`.pipe(Effect.map((rows) => Option.fromNullishOr(rows[0])))

    const insertMember = (row: {
      readonly id: string; readonly accountId: string; readonly email: string; readonly lower: string; readonly name: string
      readonly role: Role; readonly passwordHash: string
    }) =>
      sql`INSERT INTO members (id, account_id, email, email_lower, name, display_name, role, password_hash)
        VALUES (${row.id}, ${row.accountId}, ${row.email}, ${row.lower}, ${row.name}, ${row.name}, ${row.role}, ${row.passwordHash})`.pipe(Effect.asVoid)

    const markAccepted = (invitationId: string, memberId: string) =>
      sql`UPDATE invitations SET accepted_at = now(), member_id = ${memberId} WHERE id = ${invitationId}`.pipe(Effect.asVoid)

    /** The member's display name given (or changed): records made from now on name them by it. */
    const setDisplayName = (memberId: string, name: string) =>
      sql`UPDATE members SET name = ${name}, display_name = ${name} WHERE id = ${memberId}`.pipe(Effect.asVoid)

    const setRole = (memberId: string, role: Role) => sql`UPDATE members SET role = ${role} WHERE id = ${memberId}`.pipe(Effect.asVoid)

    /** The member can no longer sign in: address and password go, every session ends at once; the name stays. */
    const remove = (memberId: string) =>
      Effect.gen(function*() {
        yield* sql`UPDATE members SET removed_at = now(), email = NULL, email_lower = NULL, password_hash = NULL,
          totp_secret = NULL, totp_pending = NULL, totp_enabled_at = NULL WHERE id = ${memberId}`
        yield* sql`DELETE FROM account_sessions WHERE member_id = ${memberId}`
      })

    /**
     * The keys whose secret the member was shown (made or rotated by them: a secret is shown once, to its maker), and
     * whether each still works.
     */
    const keysShownTo = (accountId: string, memberId: string | null) =>
      sql<KeyShown>`SELECT id, label, created_by->>'id' AS member_id, (revoked_at IS NULL OR revoked_at > now()) AS live FROM api_keys
        WHERE account_id = ${accountId} AND created_by->>'type' = 'member' ${memberId === null ? sql`` : sql`AND created_by->>'id' = ${memberId}`}
        ORDER BY created_at, id`

    /** Stops at once every working key the member was shown; the ids stopped. */
    const revokeKeysShownTo = (accountId: string, memberId: string, by: Attribution) =>
      sql<{ id: string }>`UPDATE api_keys SET revoked_at = now(), end_applied_at = now(), revoked_by = ${JSON.stringify(by)}::jsonb
        WHERE account_id = ${accountId} AND created_by->>'type' = 'member' AND created_by->>'id' = ${memberId}
          AND (revoked_at IS NULL OR revoked_at > now()) RETURNING id`.pipe(Effect.map((rows) => rows.map((r) => r.id)))

    return {
      keysShownTo, revokeKeysShownTo,
      members, liveMember, owners, addressTaken, lockAddress, pendingInvitations, insertInvitation, withdraw, openInvitation, insertMember,
      markAccepted, setRole, setDisplayName, remove
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
