import { SqlClient, type SqlError } from "effect/sql"
import { Effect, Option, Context, Layer } from "effect"
import { anchorHash, type AuditAnchor, type AuditEntry, GENESIS } from "../domain/auditChain.js"

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

/** SQL of the audit log: appends under the account chain head's lock, anchors, and reads. Nothing here updates or deletes an entry. */
export class AuditRepo extends Context.Service<AuditRepo>()("kyb/AuditRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(entryColumns)

    /** The chain's head, locked to the end of the transaction (made when the account has none yet). */
    const lockHead = Effect.fnUntraced(function*(accountId: string) {
      yield* sql`INSERT INTO audit_heads (account_id, seq, hash) VALUES (${accountId}, 0, '') ON CONFLICT (account_id) DO NOTHING`
      const [head] = yield* sql<{ seq: number; hash: string }>`SELECT seq::float8 AS seq, hash FROM audit_heads WHERE account_id = ${accountId} FOR UPDATE`
      return head!
    })

    const append = Effect.fnUntraced(function*(entry: AuditEntry) {
      yield* sql`INSERT INTO audit_log (account_id, seq, at, actor, action, object_type, object_id, address, client, outcome, details, prev_hash, hash)
        VALUES (${entry.account_id}, ${entry.seq}, ${entry.at}::timestamptz, ${entry.actor === null ? null : JSON.stringify(entry.actor)}::jsonb,
          ${entry.action}, ${entry.object_type}, ${entry.object_id}, ${entry.address}, ${entry.client}, ${entry.outcome},
          ${JSON.stringify(entry.details)}::jsonb, ${entry.prev_hash}, ${entry.hash})`
      yield* sql`UPDATE audit_heads SET seq = ${entry.seq}, hash = ${entry.hash} WHERE account_id = ${entry.account_id}`
    })

    /**
     * Every chain's committed head past the last one anchored for it, appended to the chain of chain heads under that
     * chain's one lock (the end row). Only the anchoring task takes this lock, never an audited write: an account's
     * write waits for nothing but its own account's head. The heads are read after the lock is held, so two
     * instances anchoring at once anchor each head once. Answers how many heads were anchored.
     */
    const anchorPending = sql.withTransaction(Effect.gen(function*() {
      const [end] = yield* sql<{ seq: number; hash: string }>`SELECT seq::float8 AS seq, hash FROM audit_anchor_head WHERE only_row FOR UPDATE`
      const pending = yield* sql<{ account_id: string; seq: number; hash: string }>`SELECT h.account_id, h.seq::float8 AS seq, h.hash FROM audit_heads h
        WHERE h.seq > coalesce((SELECT max(a.head_seq) FROM audit_anchors a WHERE a.account_id = h.account_id), 0) ORDER BY h.account_id`
      let seq = end!.seq
      let prev = seq === 0 ? GENESIS : end!.hash
      for (const head of pending) {
        seq += 1
        const hash = anchorHash(prev, head.account_id, head.seq, head.hash)
        yield* sql`INSERT INTO audit_anchors (seq, account_id, head_seq, head_hash, prev_hash, hash)
          VALUES (${seq}, ${head.account_id}, ${head.seq}, ${head.hash}, ${prev}, ${hash})`
        prev = hash
      }
      if (pending.length > 0) yield* sql`UPDATE audit_anchor_head SET seq = ${seq}, hash = ${prev} WHERE only_row`
      return pending.length
    }))

    /** The anchors in order, a slice at a time, and the anchor chain's recorded end. */
    const anchors = (afterSeq: number, limit: number): Effect.Effect<ReadonlyArray<AuditAnchor>, SqlError.SqlError> =>
      sql<AuditAnchor>`SELECT seq::float8 AS seq, account_id, head_seq::float8 AS head_seq, head_hash, prev_hash, hash FROM audit_anchors
        WHERE seq > ${afterSeq} ORDER BY seq LIMIT ${limit}`
    const anchorEnd = Effect.map(sql<{ seq: number; hash: string }>`SELECT seq::float8 AS seq, hash FROM audit_anchor_head WHERE only_row`,
      (rows) => rows[0] ?? { seq: 0, hash: "" })

    /** Entries by account and sequence number (an export's), for comparing: their stored hashes. */
    const hashesOf = (accountId: string, seqs: ReadonlyArray<number>) =>
      sql<{ seq: number; hash: string }>`SELECT seq::float8 AS seq, hash FROM audit_log WHERE account_id = ${accountId} AND seq IN ${sql.in(seqs)}`

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

    /** An account's entries about any of `objectIds`, or whose details name the case (`case_id`), oldest first, at most `limit`. */
    const concerning = (accountId: string, objectIds: ReadonlyArray<string>, caseId: string, limit: number) =>
      sql<AuditEntry>`SELECT ${columns} FROM audit_log WHERE account_id = ${accountId}
        AND (object_id IN ${sql.in(objectIds)} OR details->>'case_id' = ${caseId}) ORDER BY seq LIMIT ${limit}`

    return {
      lockHead, append, anchorPending, page, chains, slice, actors, anchors, anchorEnd, hashesOf, concerning,
      accountsWithoutHead,
      headOf: (accountId: string) => Effect.map(chains(accountId), (rows) => Option.fromNullishOr(rows[0]))
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
