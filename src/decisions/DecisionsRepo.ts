import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { DecisionRule } from "../domain/decisions.js"

export interface DecisionRow extends DecisionRule {
  readonly subject: unknown
  readonly note: string | null
  readonly key_id: string
}

/** SQL of reviewers' decisions. */
export class DecisionsRepo extends Effect.Service<DecisionsRepo>()("kyb/DecisionsRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql`id, key_id, subject, list, entry_id, entry_hash, decision, note,
      to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`

    /** Decisions are the account's when the key has one, else the key's own. */
    const ownerOfKey = (keyId: string) =>
      sql`(SELECT coalesce('account:' || k.account_id, 'key:' || k.id) FROM api_keys k WHERE k.id = ${keyId})`

    const ownerOf = (keyId: string) =>
      sql<{ owner: string | null }>`SELECT ${ownerOfKey(keyId)} AS owner`.pipe(
        Effect.map((rows) => rows[0]?.owner ?? `key:${keyId}`)
      )

    const insert = (row: {
      readonly id: string; readonly owner: string; readonly keyId: string; readonly subject: unknown; readonly subjectKey: string
      readonly list: string; readonly entryId: string; readonly entryHash: string; readonly decision: string; readonly note: string | null
    }) =>
      sql<DecisionRow>`INSERT INTO decisions (id, owner, key_id, subject, subject_key, list, entry_id, entry_hash, decision, note)
        VALUES (${row.id}, ${row.owner}, ${row.keyId}, ${JSON.stringify(row.subject)}::jsonb, ${row.subjectKey}, ${row.list},
          ${row.entryId}, ${row.entryHash}, ${row.decision}, ${row.note})
        RETURNING ${columns}`.pipe(Effect.map((rows) => rows[0]!))

    const list = (owner: string, limit: number) =>
      sql<DecisionRow>`SELECT ${columns} FROM decisions WHERE owner = ${owner} ORDER BY created_at DESC, id DESC LIMIT ${limit}`

    /** The decisions of the key's owner on these subjects and entries (one statement: the owner read within). */
    const applicable = (keyId: string, subjectKeys: ReadonlyArray<string>, entryIds: ReadonlyArray<string>) =>
      subjectKeys.length === 0 || entryIds.length === 0
        ? Effect.succeed<ReadonlyArray<DecisionRow>>([])
        : sql<DecisionRow>`SELECT ${columns} FROM decisions
            WHERE owner = ${ownerOfKey(keyId)} AND subject_key IN ${sql.in(subjectKeys)} AND entry_id IN ${sql.in(entryIds)}`

    return { ownerOf, insert, list, applicable } as const
  })
}) {}
