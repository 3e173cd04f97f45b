import { SqlClient } from "effect/sql"
import { Effect, Option, Context, Layer } from "effect"

export interface FactorRow {
  readonly member_id: string
  readonly account_id: string
  readonly email_lower: string | null
  readonly totp_secret: string | null
  readonly totp_pending: string | null
  readonly enabled: boolean
  readonly totp_last_step: number | null
  readonly required: boolean
  readonly recovery_left: number
}

export interface ChallengeRow extends FactorRow {
  readonly purpose: "verify" | "enrol"
  readonly generation: number
}

/** SQL of members' second factors, recovery codes, log-in challenges and the account's policy. */
export class SecondFactorRepo extends Context.Service<SecondFactorRepo>()("kyb/SecondFactorRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const factorColumns = sql`m.id AS member_id, m.account_id, m.email_lower, m.totp_secret, m.totp_pending, m.totp_enabled_at IS NOT NULL AS enabled,
      m.totp_last_step::float8 AS totp_last_step, a.require_second_factor AS required,
      (SELECT count(*)::int FROM recovery_codes r WHERE r.member_id = m.id AND r.used_at IS NULL) AS recovery_left`

    /** A live member's factor, locked to the end of the transaction (a code is accepted once). */
    const factor = (memberId: string) =>
      sql<FactorRow>`SELECT ${factorColumns} FROM members m JOIN accounts a ON a.id = m.account_id
        WHERE m.id = ${memberId} AND m.removed_at IS NULL AND a.deleted_at IS NULL FOR UPDATE OF m`.pipe(Effect.map((rows) => Option.fromNullishOr(rows[0])))

    const setPending = (memberId: string, sealed: string) => sql`UPDATE members SET totp_pending = ${sealed} WHERE id = ${memberId}`.pipe(Effect.asVoid)

    /** The pending secret becomes the member's factor, with fresh recovery codes (their hashes). */
    const enable = (memberId: string, sealed: string, step: number, codeHashes: ReadonlyArray<string>) =>
      Effect.gen(function*() {
        yield* sql`UPDATE members SET totp_secret = ${sealed}, totp_pending = NULL, totp_enabled_at = now(), totp_last_step = ${step} WHERE id = ${memberId}`
        yield* sql`DELETE FROM recovery_codes WHERE member_id = ${memberId}`
        const [first, ...rest] = codeHashes.map((code_sha256) => ({ member_id: memberId, code_sha256 }))
        if (first !== undefined) yield* sql`INSERT INTO recovery_codes ${sql.insert([first, ...rest])}`
      })

    const disable = (memberId: string) =>
      Effect.gen(function*() {
        yield* sql`UPDATE members SET totp_secret = NULL, totp_pending = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = ${memberId}`
        yield* sql`DELETE FROM recovery_codes WHERE member_id = ${memberId}`
      })

    const markStep = (memberId: string, step: number) => sql`UPDATE members SET totp_last_step = ${step} WHERE id = ${memberId}`.pipe(Effect.asVoid)

    /** Spends an unused recovery code of the member: false when it is not one. */
    const spendRecovery = (memberId: string, codeHash: string) =>
      sql`UPDATE recovery_codes SET used_at = now() WHERE member_id = ${memberId} AND code_sha256 = ${codeHash} AND used_at IS NULL RETURNING 1`.pipe(
        Effect.map((rows) => rows.length > 0)
      )

    /** The policy changes; turned on, the sessions of the account's members without a factor end (they enrol at their next log-in). */
    const setPolicy = (accountId: string, required: boolean) =>
      Effect.gen(function*() {
        yield* sql`UPDATE accounts SET require_second_factor = ${required} WHERE id = ${accountId}`
        if (!required) return 0
        const ended = yield* sql`DELETE FROM account_sessions s USING members m WHERE s.member_id = m.id AND m.account_id = ${accountId}
          AND m.totp_enabled_at IS NULL RETURNING 1`
        return ended.length
      })

    const insertChallenge = (tokenHash: string, row: { readonly accountId: string; readonly memberId: string; readonly generation: number; readonly purpose: "verify" | "enrol"; readonly ttlSeconds: number }) =>
      Effect.gen(function*() {
        yield* sql`DELETE FROM login_challenges WHERE expires_at < now()`
        yield* sql`INSERT INTO login_challenges (token_sha256, account_id, member_id, generation, purpose, expires_at)
          VALUES (${tokenHash}, ${row.accountId}, ${row.memberId}, ${row.generation}, ${row.purpose}, now() + make_interval(secs => ${row.ttlSeconds}))`
      })

    /** An open challenge and its member's factor (member and account live, the password unchanged since), locked. */
    const challenge = (tokenHash: string) =>
      sql<ChallengeRow>`SELECT ${factorColumns}, c.purpose, c.generation FROM login_challenges c
        JOIN members m ON m.id = c.member_id JOIN accounts a ON a.id = m.account_id
        WHERE c.token_sha256 = ${tokenHash} AND c.expires_at > now() AND m.removed_at IS NULL AND a.deleted_at IS NULL
          AND m.session_generation = c.generation
        FOR UPDATE OF m`.pipe(Effect.map((rows) => Option.fromNullishOr(rows[0])))

    const endChallenge = (tokenHash: string) => sql`DELETE FROM login_challenges WHERE token_sha256 = ${tokenHash}`.pipe(Effect.asVoid)

    /** The server's sealing key when none is configured: made once, kept with the other server secrets. */
    const storedKey = (fresh: string) =>
      sql<{ value: string }>`WITH made AS (INSERT INTO server_secrets (name, value) VALUES ('totp_sealing_key', ${fresh})
          ON CONFLICT (name) DO NOTHING RETURNING value)
        SELECT value FROM made UNION ALL SELECT value FROM server_secrets WHERE name = 'totp_sealing_key' LIMIT 1`.pipe(
        Effect.map((rows) => ({ value: rows[0]!.value, made: rows[0]!.value === fresh }))
      )

    return { factor, setPending, enable, disable, markStep, spendRecovery, setPolicy, insertChallenge, challenge, endChallenge, storedKey } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
