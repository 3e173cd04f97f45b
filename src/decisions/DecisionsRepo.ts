import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { DecisionRule } from "../domain/decisions.js"

export interface DecisionRow extends DecisionRule {
  readonly subject: unknown
  readonly note: string | null
  readonly account_id: string
  readonly key_id: string | null
}

/** SQL of reviewers' decisions. */
export class DecisionsRepo extends Effect.Service<DecisionsRepo>()("kyb/DecisionsRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql`id, account_id, key_id, subject, list, entry_id, entry_hash, decision, note,
      to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`

    const insert = (row: {
      readonly id: string; readonly accountId: string; readonly keyId: string | null; readonly subject: unknown; readonly subjectKey: string
      readonly list: string; readonly entryId: string; readonly entryHash: string; readonly decision: string; readonly note: string | null
    }) =>
      sql<DecisionRow>`INSERT INTO decisions (id, account_id, key_id, subject, subject_key, list, entry_id, entry_hash, decision, note)
        VALUES (${row.id}, ${row.accountId}, ${row.keyId}, ${JSON.stringify(row.subject)}::jsonb, ${row.subjectKey}, ${row.list},
          ${row.entryId}, ${row.entryHash}, ${row.decision}, ${row.note})
        RETURNING ${columns}`.pipe(Effect.map((rows) => rows[0]!))

    /** An account's decisions (one key's, with `keyId`), newest first, after the decision `afterId`. */
    const list = (accountId: string, options: { readonly keyId: string | null; readonly afterId: string | null; readonly limit: number }) =>
      sql<DecisionRow>`SELECT ${columns} FROM decisions WHERE account_id = ${accountId}
        ${options.keyId === null ? sql`` : sql`AND key_id = ${options.keyId}`}
        ${options.afterId === null ? sql`` : sql`AND (decisions.created_at, id) < (SELECT p.created_at, p.id FROM decisions p WHERE p.id = ${options.afterId})`}
        ORDER BY decisions.created_at DESC, id DESC LIMIT ${options.limit}`

    /** The account's decisions on these subjects and entries. */
    const applicable = (accountId: string, subjectKeys: ReadonlyArray<string>, entryIds: ReadonlyArray<string>) =>
      subjectKeys.length === 0 || entryIds.length === 0
        ? Effect.succeed<ReadonlyArray<DecisionRow>>([])
        : sql<DecisionRow>`SELECT ${columns} FROM decisions
            WHERE account_id = ${accountId} AND subject_key IN ${sql.in(subjectKeys)} AND entry_id IN ${sql.in(entryIds)}`

    return { insert, list, applicable } as const
  })
}) {}
