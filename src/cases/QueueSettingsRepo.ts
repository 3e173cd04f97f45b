import { SqlClient } from "effect/sql"
import { Effect, Context, Layer } from "effect"
import { randomBytes } from "node:crypto"

export interface SavedFilterRow {
  readonly id: string
  readonly name: string
  readonly query: string
}

/** SQL of a member's saved queue filters (sql/0430_case_queue.sql). */
export class QueueSettingsRepo extends Context.Service<QueueSettingsRepo>()("kyb/QueueSettingsRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const savedFilters = (accountId: string, memberId: string) =>
      sql<SavedFilterRow>`SELECT id, name, query FROM case_saved_filters WHERE account_id = ${accountId} AND member_id = ${memberId} ORDER BY name, id`

    /** Saves it under its name (a filter of the same name is replaced). */
    const saveFilter = (accountId: string, memberId: string, name: string, query: string) =>
      sql`INSERT INTO case_saved_filters (id, account_id, member_id, name, query)
        VALUES (${`flt_${randomBytes(8).toString("hex")}`}, ${accountId}, ${memberId}, ${name}, ${query})
        ON CONFLICT (member_id, name) DO UPDATE SET query = excluded.query, created_at = now()`.pipe(Effect.asVoid)

    /** Removes one of the member's own filters; true when there was one. */
    const removeFilter = (accountId: string, memberId: string, id: string) =>
      sql<{ id: string }>`DELETE FROM case_saved_filters WHERE account_id = ${accountId} AND member_id = ${memberId} AND id = ${id} RETURNING id`.pipe(
        Effect.map((rows) => rows.length > 0)
      )

    return { savedFilters, saveFilter, removeFilter } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
