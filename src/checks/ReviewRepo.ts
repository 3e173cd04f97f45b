import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export interface ReviewCandidate {
  readonly id: string
  readonly created_at: Date
  readonly input: Readonly<Record<string, string>>
  readonly verdict: unknown
}

const parsed = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) as unknown : value)

/** The checks a review queue is made of: an account's checks answered `review` with a hit undecided when made, oldest first. */
export class ReviewRepo extends Effect.Service<ReviewRepo>()("kyb/ReviewRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const candidates = (accountId: string, options: {
      readonly since: Date | null; readonly keyId: string | null; readonly after: { at: Date; id: string } | null; readonly limit: number
    }) =>
      sql<{ id: string; created_at: Date | string; input: unknown; verdict: unknown }>`
        SELECT id::text AS id, created_at, input, verdict FROM checks
        WHERE account_id = ${accountId} AND verdict->>'result' = 'review'
          AND EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(verdict->'sanctions'->'hits', '[]'::jsonb)) h WHERE h->'decision' = 'null'::jsonb)
        ${options.since === null ? sql`` : sql`AND created_at >= ${options.since.toISOString()}::timestamptz`}
        ${options.keyId === null ? sql`` : sql`AND key_id = ${options.keyId}`}
        ${options.after === null ? sql`` : sql`AND (created_at, id) > (${options.after.at.toISOString()}::timestamptz, ${options.after.id}::uuid)`}
        ORDER BY created_at, id LIMIT ${options.limit}`.pipe(
        Effect.map((rows) =>
          rows.map((row): ReviewCandidate => ({
            id: row.id,
            created_at: new Date(row.created_at),
            input: parsed(row.input) as Record<string, string>,
            verdict: parsed(row.verdict)
          }))
        )
      )

    return { candidates } as const
  })
}) {}
