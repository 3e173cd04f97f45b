import { SqlClient } from "effect/sql"
import type { Attribution } from "../access/actor.js"
import { Effect, Option, Context, Layer } from "effect"

export interface CheckRow {
  readonly id: string
  readonly account_id: string
  readonly key_id: string | null
  /** Who asked for it (stored on insert only; null: not recorded). */
  readonly performed_by?: Attribution | null
  readonly created_at: Date
  readonly input: Readonly<Record<string, string>>
  readonly input_normalized: Readonly<Record<string, string>>
  readonly verdict: unknown
  readonly lists: unknown
  /** Per field of the company: source, source_url, checked_at, confidence (the record route's `provenance`); null: none. */
  readonly provenance: unknown
  readonly policy_version: string
  /** A verification (default) or a screening of one name (`verdict` then holds the screening). */
  readonly kind?: "verify" | "screen"
}

export interface StoredRow extends Omit<CheckRow, "input" | "input_normalized" | "created_at"> {
  readonly created_at: Date | string
  readonly input: unknown
  readonly input_normalized: unknown
}

const parsed = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) as unknown : value)

export const toRow = (row: StoredRow): CheckRow => ({
  ...row,
  created_at: new Date(row.created_at),
  input: parsed(row.input) as Record<string, string>,
  input_normalized: parsed(row.input_normalized) as Record<string, string>,
  verdict: parsed(row.verdict),
  lists: parsed(row.lists),
  provenance: row.provenance === undefined || row.provenance === null ? null : parsed(row.provenance)
})

/** The `checks` table: written once per verification, read by its key, deleted by retention. */
export class ChecksRepo extends Context.Service<ChecksRepo>()("kyb/ChecksRepo", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const insert = (row: CheckRow) =>
      sql`INSERT INTO checks (id, account_id, key_id, performed_by, created_at, input, input_normalized, verdict, lists, provenance, policy_version, kind)
        VALUES (${row.id}::uuid, ${row.account_id}, ${row.key_id}, ${row.performed_by == null ? null : JSON.stringify(row.performed_by)}::jsonb, ${row.created_at.toISOString()}::timestamptz, ${JSON.stringify(row.input)}::jsonb,
          ${JSON.stringify(row.input_normalized)}::jsonb, ${JSON.stringify(row.verdict)}::jsonb,
          ${JSON.stringify(row.lists)}::jsonb, ${row.provenance === null ? null : JSON.stringify(row.provenance)}::jsonb, ${row.policy_version}, ${row.kind ?? "verify"})`.pipe(Effect.asVoid)

    /** The check, only when this account owns it. */
    const find = (accountId: string, id: string) =>
      sql<StoredRow>`SELECT id::text AS id, account_id, key_id, performed_by, created_at, input, input_normalized, verdict, lists, provenance, policy_version, kind
        FROM checks WHERE id = ${id}::uuid AND account_id = ${accountId}`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toRow))
      )

    /**
     * The account's checks of `ids` (UUIDs), in that order, each with the case it joined (null: none): one statement
     * for a case file's checks, not one per check.
     */
    const findMany = (accountId: string, ids: ReadonlyArray<string>) =>
      ids.length === 0 ? Effect.succeed<ReadonlyArray<{ readonly row: CheckRow; readonly caseId: string | null }>>([])
        : sql<StoredRow & { case_id: string | null }>`SELECT k.id::text AS id, k.account_id, k.key_id, k.performed_by, k.created_at, k.input, k.input_normalized,
            k.verdict, k.lists, k.provenance, k.policy_version, k.kind, c.id AS case_id
          FROM checks k LEFT JOIN case_checks cc ON cc.check_id = k.id LEFT JOIN cases c ON c.id = cc.case_id AND c.account_id = k.account_id
          WHERE k.id IN (${sql.join(", ", false)(ids.map((id) => sql`${id}::uuid`))}) AND k.account_id = ${accountId}`.pipe(
          Effect.map((rows) => {
            const found = new Map(rows.map(({ case_id, ...row }) => [row.id, { row: toRow(row), caseId: case_id }]))
            return ids.flatMap((id) => found.get(id) ?? [])
          })
        )

    /**
     * An account's checks (those one key made, with `keyId`), newest first, after the (created_at, id) position `after`
     * when given, from `since` on.
     */
    const page = (accountId: string, options: {
      readonly keyId: string | null; readonly since: Date | null; readonly after: { at: Date; id: string } | null; readonly limit: number
    }) =>
      sql<StoredRow>`SELECT id::text AS id, account_id, key_id, performed_by, created_at, input, input_normalized, verdict, lists, policy_version, kind
        FROM checks WHERE account_id = ${accountId}
        ${options.keyId === null ? sql`` : sql`AND key_id = ${options.keyId}`}
        ${options.since === null ? sql`` : sql`AND created_at >= ${options.since.toISOString()}::timestamptz`}
        ${options.after === null ? sql`` : sql`AND (created_at, id) < (${options.after.at.toISOString()}::timestamptz, ${options.after.id}::uuid)`}
        ORDER BY created_at DESC, id DESC LIMIT ${options.limit}`.pipe(Effect.map((rows) => rows.map(toRow)))

    /** Deletes the checks made before `cutoff`; returns how many. */
    const deleteBefore = (cutoff: Date) =>
      sql<{ n: string }>`WITH gone AS (DELETE FROM checks WHERE created_at < ${cutoff.toISOString()}::timestamptz RETURNING 1)
        SELECT count(*)::text AS n FROM gone`.pipe(Effect.map((rows) => Number(rows[0]?.n ?? 0)))

    return { insert, find, findMany, page, deleteBefore } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
