import { SqlClient } from "effect/sql"
import { Effect, Option, Context, Layer } from "effect"
import type { AuditEntry } from "../domain/auditChain.js"

/** Filters of an account's audit log; every one optional. */
export interface AuditFilters {
  /** A member's or an API key's id (their ids never meet: mem_..., key_...). */
  readonly actorId?: string | undefined
  readonly action?: string | undefined
  readonly objectId?: string | undefined
  /** UTC day, YYYY-MM-DD. */
  readonly day?: string | undefined
}

const entryColumns = `account_id, seq::float8 AS seq, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, actor, action,
  object_type, object_id, address, client, outcome, details, prev_hash, hash`

/** SQL of the audit log: appends under the chain head's lock, and reads. Nothing here updates or deletes an entry. */
export class AuditRepo extends Context.Service<AuditRepo>()("kyb/AuditRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(entryColumns)

    /** The chain's head, locked to the end of the transaction (made when the account has none yet). */
    const lockHead = (accountId: string) =>
      Effect.gen(function*() {
        yield* sql`INSERT INTO audit_heads (account_id, seq, hash) VALUES (${accountId}, 0, '') ON CONFLICT (account_id) DO NOTHING`
        const [head] = yield* sql<{ seq: number; hash: string }>`SELECT seq::float8 AS seq, hash FROM audit_heads WHERE account_id = ${accountId} FOR UPDATE`
        return head!
      })

    const append = (entry: AuditEntry) =>
      Effect.gen(function*() {
        yield* sql`INSERT INTO audit_log (account_id, seq, at, actor, action, object_type, object_id, address, client, outcome, details, prev_hash, hash)
          VALUES (${entry.account_id}, ${entry.seq}, ${entry.at}::timestamptz, ${entry.actor === null ? null : JSON.stringify(entry.actor)}::jsonb,
            ${entry.action}, ${entry.object_type}, ${entry.object_id}, ${entry.address}, ${entry.client}, ${entry.outcome},
            ${JSON.stringify(entry.details)}::jsonb, ${entry.prev_hash}, ${entry.hash})`
        yield* sql`UPDATE audit_heads SET seq = ${entry.seq}, hash = ${entry.hash} WHERE account_id = ${entry.account_id}`
      })

    const where = (accountId: string, filters: AuditFilters) =>
      sql`account_id = ${accountId}
        ${filters.actorId === undefined ? sql`` : sql`AND actor->>'id' = ${filters.actorId}`}
        ${filters.action === undefined ? sql`` : sql`AND action = ${filters.action}`}
        ${filters.objectId === undefined ? sql`` : sql`AND object_id = ${filters.objectId}`}
        ${filters.day === undefined ? sql`` : sql`AND at >= ${filters.day}::date AND at < ${filters.day}::date + 1`}`

    /** A page of an account's entries, oldest first, after sequence number `afterSeq` (0: from the start). */
    const page = (accountId: string, filters: AuditFilters, afterSeq: number, limit: number) =>
      sql<AuditEntry>`SELECT ${columns} FROM audit_log WHERE ${where(accountId, filters)} AND seq > ${afterSeq}
        ORDER BY seq LIMIT ${limit}`

    /** The accounts that have a chain (every one, or the one named). */
    const chains = (accountId: string | null) =>
      sql<{ account_id: string; seq: number; hash: string }>`SELECT account_id, seq::float8 AS seq, hash FROM audit_heads
        ${accountId === null ? sql`` : sql`WHERE account_id = ${accountId}`} ORDER BY account_id`

    /** An account's whole chain in order, a slice at a time. */
    const slice = (accountId: string, afterSeq: number, limit: number) =>
      sql<AuditEntry>`SELECT ${columns} FROM audit_log WHERE account_id = ${accountId} AND seq > ${afterSeq} ORDER BY seq LIMIT ${limit}`

    const accountsWithoutHead = sql<{ account_id: string }>`SELECT DISTINCT l.account_id FROM audit_log l
      WHERE NOT EXISTS (SELECT 1 FROM audit_heads h WHERE h.account_id = l.account_id)`

    const actors = (accountId: string) =>
      sql<{ id: string; name: string }>`SELECT DISTINCT ON (actor->>'id') actor->>'id' AS id, actor->>'name' AS name FROM audit_log
        WHERE account_id = ${accountId} AND actor->>'type' = 'member' ORDER BY actor->>'id', seq DESC`

    return {
      lockHead, append, page, chains, slice, actors,
      accountsWithoutHead,
      headOf: (accountId: string) => Effect.map(chains(accountId), (rows) => Option.fromNullishOr(rows[0]))
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
