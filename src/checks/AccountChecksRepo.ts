import { SqlClient } from "effect/sql"
import { Effect, Option, Context, Layer } from "effect"
import { type StoredRow, toRow } from "./ChecksRepo.js"

export interface CheckFilters {
  readonly result?: "verified" | "review" | "not_found" | undefined
  readonly from?: Date | undefined
  /** Exclusive. */
  readonly until?: Date | undefined
  readonly keyId?: string | undefined
  /** Part of the name as sent or of the resolved company's legal name (case-insensitive). */
  readonly name?: string | undefined
}

/** The checks an account owns, for its console: filtered and paged listings, one check, the review candidates. */
export class AccountChecksRepo extends Context.Service<AccountChecksRepo>()("kyb/AccountChecksRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql`c.id::text AS id, c.account_id, c.key_id, c.performed_by, c.created_at, c.input, c.input_normalized, c.verdict, c.lists, c.provenance, c.policy_version, c.kind`
    const ownedBy = (accountId: string) => sql`c.account_id = ${accountId}`

    const page = (accountId: string, filters: CheckFilters, after: { readonly at: Date; readonly id: string } | null, limit: number) => {
      const pattern = filters.name === undefined ? null : `%${filters.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      return sql<StoredRow>`SELECT ${columns} FROM checks c WHERE ${ownedBy(accountId)}
        ${filters.result === undefined ? sql`` : sql`AND c.verdict->>'result' = ${filters.result}`}
        ${filters.from === undefined ? sql`` : sql`AND c.created_at >= ${filters.from.toISOString()}::timestamptz`}
        ${filters.until === undefined ? sql`` : sql`AND c.created_at < ${filters.until.toISOString()}::timestamptz`}
        ${filters.keyId === undefined ? sql`` : sql`AND c.key_id = ${filters.keyId}`}
        ${pattern === null ? sql`` : sql`AND (c.input->>'name' ILIKE ${pattern} OR c.verdict->'company'->>'legal_name' ILIKE ${pattern})`}
        ${after === null ? sql`` : sql`AND (c.created_at, c.id) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`}
        ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit}`.pipe(Effect.map((rows) => rows.map(toRow)))
    }

    const find = (accountId: string, id: string) =>
      sql<StoredRow>`SELECT ${columns} FROM checks c WHERE c.id = ${id}::uuid AND ${ownedBy(accountId)}`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toRow))
      )

    /** Verdicts in review with a hit that had no decision when it was answered, oldest first. */
    return { page, find } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
