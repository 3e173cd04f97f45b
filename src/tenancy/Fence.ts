import { SqlClient, type SqlError } from "effect/sql"
import { Context, Data, Effect, Option, Layer } from "effect"
import type { Role } from "../domain/roles.js"
import { liveKeyOf } from "./liveKeys.js"

/** Who makes something an account owns: the account, and the key acting for it (null: a console session). */
export interface Owner {
  readonly accountId: string
  readonly keyId: string | null
  /** The member acting from a session, with the role their request was admitted with: held too (removal, a role change). */
  readonly member?: MemberHeld | undefined
}

/** A signed-in member as their request was admitted: still a member, in that role, when the write holds the fence. */
export interface MemberHeld {
  readonly id: string
  readonly role: Role
}

/**
 * What a write needs of its owner: `account`, a live (not deleted) account and, when a key acts, that key live;
 * `running`, also a live key of the account (what runs on its own: monitors, batch jobs, test events stop with the
 * account's last key, whichever door makes them).
 */
export type Need = "account" | "running"

/** The owner ended (account deleted, key revoked, last key gone) before the write could hold the fence: nothing made. */
export class AccessEnded extends Data.TaggedError("AccessEnded")<{ readonly message: string; readonly reason: "account" | "key" | "no_live_key" | "member" }> {}

export const memberEnded = () =>
  new AccessEnded({ reason: "member", message: "You were removed from this account, or your role changed, while the request was on its way; nothing was made." })

/**
 * A test's pause between the checks a request made earlier (its key's admission, a password) and its fenced write:
 * a race made deterministic. Absent in a server: nothing pauses.
 */
export class FenceProbe extends Context.Service<FenceProbe, {
  readonly before: (point: string, accountId: string) => Effect.Effect<void>
}>()("kyb/FenceProbe") {}

/**
 * Ends are fences (issue 41), one mechanism for every owned row and every end. A write that makes something an
 * account owns first takes `hold`: the account row `FOR SHARE`, refused unless the account is live (and the acting
 * key, and for `running` a live key of the account), in the write's own transaction. An end (account deletion, key
 * revocation, a rotated key's grace running out) first takes `end`: the same row `FOR NO KEY UPDATE`. So a write either
 * commits before the end starts (and the end, reading after it, stops what it made) or waits and sees the end (and
 * makes nothing); no interleaving leaves a survivor. A member's removal and a change of their role are ends too
 * (`end`, then the change): a write from that member's session holds their membership and role with the account row.
 */
export class Fence extends Context.Service<Fence>()("kyb/Fence", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const probe = yield* Effect.serviceOption(FenceProbe)

    /**
     * After the account row is held (shared or exclusively), in a statement of its own: the member still in the
     * account with the role their request was admitted with. Member removal and role change take `end` first, so
     * either they commit before this reads, or they wait for this write's transaction to end.
     */
    const heldMember = (accountId: string, member: MemberHeld) =>
      Effect.flatMap(
        sql`SELECT 1 FROM members WHERE id = ${member.id} AND account_id = ${accountId} AND removed_at IS NULL AND role = ${member.role}`,
        (rows) => (rows.length === 0 ? Effect.fail(memberEnded()) : Effect.void)
      )

    /** In the caller's transaction: the owner held live to its end, or AccessEnded. */
    const hold = (owner: Owner, need: Need = "account"): Effect.Effect<void, AccessEnded | SqlError.SqlError> =>
      Effect.gen(function*() {
        // The lock first, then the keys in a statement of their own: a statement that waited for the lock still reads
        // other tables as they were when it began (READ COMMITTED), before the end it waited for had committed.
        const held = yield* sql`SELECT a.id FROM accounts a WHERE a.id = ${owner.accountId} AND a.deleted_at IS NULL FOR SHARE OF a`
        if (held.length === 0) return yield* new AccessEnded({ reason: "account", message: "This account has been deleted; nothing was made." })
        const [row] = yield* sql<{ key_live: boolean; any_live: boolean }>`
          SELECT ${owner.keyId === null ? sql`true` : sql`EXISTS (SELECT 1 FROM api_keys k WHERE k.id = ${owner.keyId}
              AND k.account_id = a.id AND (k.revoked_at IS NULL OR k.revoked_at > statement_timestamp()))`} AS key_live,
            ${need === "running" ? liveKeyOf(sql, sql`a.id`) : sql`true`} AS any_live
          FROM accounts a WHERE a.id = ${owner.accountId}`
        if (row === undefined) return yield* new AccessEnded({ reason: "account", message: "This account has been deleted; nothing was made." })
        if (!row.key_live) {
          return yield* new AccessEnded({ reason: "key", message: "This API key was revoked while the request was on its way; nothing was made." })
        }
        if (owner.member !== undefined) yield* heldMember(owner.accountId, owner.member)
        if (!row.any_live) {
          return yield* new AccessEnded({
            reason: "no_live_key",
            message: "This account has no live API key: monitors, batch jobs and test events stopped with its last key. Create a key first."
          })
        }
      })

    /**
     * In the end's transaction, before anything else: the account row held against every fenced write (FOR SHARE
     * waits). FOR NO KEY UPDATE, not FOR UPDATE: a foreign key's check (FOR KEY SHARE, e.g. a batch row keeping its
     * check while the end waits for that row's job) must not wait for the end, or the two deadlock.
     */
    const end = (accountId: string) => sql`SELECT id FROM accounts WHERE id = ${accountId} FOR NO KEY UPDATE`.pipe(Effect.asVoid)

    /** A test's pause point (no-op in a server): call it before the transaction that holds the fence. */
    const pause = (point: string, accountId: string) => Option.match(probe, { onNone: () => Effect.void, onSome: (p) => p.before(point, accountId) })

    /** `write` in a transaction that holds the fence first (after the test's pause point, if any). */
    const guarded = <A, E, R>(point: string, owner: Owner, need: Need, write: Effect.Effect<A, E, R>) =>
      Effect.andThen(pause(point, owner.accountId), sql.withTransaction(Effect.andThen(hold(owner, need), write)))

    return { hold, heldMember, end, pause, guarded } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
