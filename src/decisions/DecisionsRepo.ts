import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Attribution } from "../access/actor.js"
import type { DecisionRule } from "../domain/decisions.js"

export interface DecisionRow extends DecisionRule {
  readonly subject: unknown
  readonly note: string | null
  readonly account_id: string
  readonly key_id: string | null
  readonly decided_by: Attribution | null
  readonly superseded_by: string | null
}

/** SQL of reviewers' decisions. */
export class DecisionsRepo extends Effect.Service<DecisionsRepo>()("kyb/DecisionsRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql`id, account_id, key_id, decided_by, subject, list, entry_id, entry_hash, decision, note, scope_country, superseded_by,
      to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`

    const insert = (row: {
      readonly id: string; readonly accountId: string; readonly keyId: string | null; readonly decidedBy: Attribution | null; readonly subject: unknown; readonly subjectKey: string
      readonly list: string; readonly entryId: string; readonly entryHash: string; readonly decision: string; readonly note: string | null
      readonly scopeCountry: string | null
    }) =>
      Effect.gen(function*() {
        const [inserted] = yield* sql<DecisionRow>`INSERT INTO decisions (id, account_id, key_id, decided_by, subject, subject_key, list, entry_id, entry_hash,
            decision, note, scope_country)
          VALUES (${row.id}, ${row.accountId}, ${row.keyId}, ${row.decidedBy === null ? null : JSON.stringify(row.decidedBy)}::jsonb, ${JSON.stringify(row.subject)}::jsonb, ${row.subjectKey}, ${row.list},
            ${row.entryId}, ${row.entryHash}, ${row.decision}, ${row.note}, ${row.scopeCountry})
          RETURNING ${columns}`
        // the one in force on the same subject, scope and entry is superseded (kept, as history)
        yield* sql`UPDATE decisions SET superseded_by = ${row.id}
          WHERE account_id = ${row.accountId} AND subject_key = ${row.subjectKey} AND scope_country IS NOT DISTINCT FROM ${row.scopeCountry}
            AND list = ${row.list} AND entry_id = ${row.entryId} AND superseded_by IS NULL AND id <> ${row.id}`
        return inserted!
      })

    /** An account's decisions (one key's, with `keyId`), newest first, after the decision `afterId`. */
    const list = (accountId: string, options: {
      readonly keyId: string | null; readonly inForce: boolean; readonly afterId: string | null; readonly limit: number
    }) =>
      sql<DecisionRow>`SELECT ${columns} FROM decisions WHERE account_id = ${accountId}
        ${options.inForce ? sql`AND superseded_by IS NULL` : sql``}
        ${options.keyId === null ? sql`` : sql`AND key_id = ${options.keyId}`}
        ${options.afterId === null ? sql`` : sql`AND (decisions.created_at, id) < (SELECT p.created_at, p.id FROM decisions p WHERE p.id = ${options.afterId})`}
        ORDER BY decisions.created_at DESC, id DESC LIMIT ${options.limit}`

    /** The account's decisions in force on these subjects and entries, for a verification in `country` (null: none given). */
    const applicable = (accountId: string, subjectKeys: ReadonlyArray<string>, entryIds: ReadonlyArray<string>, country: string | null) =>
      subjectKeys.length === 0 || entryIds.length === 0
        ? Effect.succeed<ReadonlyArray<DecisionRow>>([])
        : sql<DecisionRow>`SELECT ${columns} FROM decisions
            WHERE account_id = ${accountId} AND subject_key IN ${sql.in(subjectKeys)} AND entry_id IN ${sql.in(entryIds)}
              AND superseded_by IS NULL AND (scope_country IS NULL OR scope_country = ${country})`

    return { insert, list, applicable } as const
  })
}) {}
