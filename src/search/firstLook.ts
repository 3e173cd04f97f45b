import type { SqlError, Statement } from "effect/sql"
import { Effect } from "effect"
import type { Sql } from "./sqlText.js"
import { literalTiers, type NamedStatement, type TierRow } from "./statements.js"
import type { CandidateRow } from "./wordStatements.js"

/**
 * A row of `firstLook`: a literal, normalised or alias tier's row, or one of the word index's fuzzy candidates (its
 * name_norm in the first part's column, `norm`).
 */
type FirstLookRow = TierRow | (Omit<CandidateRow, "name_norm"> & { readonly tier: "fuzzy"; readonly norm: string })

/** `wordCandidates`' order (sim, quality, id as text): the order kept whatever order the database returned them in. */
const candidateOrder = (a: CandidateRow, b: CandidateRow) =>
  Number(b.sim) - Number(a.sim) || Number(b.quality) - Number(a.quality) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/**
 * The literal tiers' rows (`literalTiers`) and the fuzzy tier's first candidates (a `wordCandidates` statement) as one
 * statement: each part keeps its own statement (its plan and its LIMITs) as a subquery of a UNION ALL.
 */
export const firstLookStatement = (
  sql: Sql,
  statements: ReadonlyArray<NamedStatement>,
  candidates: Statement.Statement<CandidateRow>
) =>
  sql<FirstLookRow>`SELECT t.id, t.tier, t.quality, t.listed, t.norm, t.target, t.field, t.kind, t.share_class,
      t.primary_id, NULL::text AS legal_name, NULL::text AS country, NULL::text AS registration_no,
      NULL::text AS reference_id, NULL::real AS sim
    FROM (${literalTiers(sql, statements)}) AS t
    UNION ALL
    SELECT f.id, 'fuzzy', f.quality, f.listed, f.name_norm, NULL, NULL, NULL, NULL, f.primary_id, f.legal_name, f.country,
      f.registration_no, f.reference_id, f.sim
    FROM (${candidates}) AS f`

/**
 * The literal tiers' rows and the fuzzy tier's first candidates in one round trip on one connection
 * (`firstLookStatement`), where two statements at once cost a second connection and a fiber per search.
 */
export const firstLook = (
  sql: Sql,
  statements: ReadonlyArray<NamedStatement>,
  candidates: Statement.Statement<CandidateRow> | null
): Effect.Effect<{ readonly tiers: ReadonlyArray<TierRow>; readonly candidates: ReadonlyArray<CandidateRow> }, SqlError.SqlError> => {
  if (candidates === null) {
    return statements.length === 0
      ? Effect.succeed({ tiers: [], candidates: [] })
      : Effect.map(literalTiers(sql, statements), (tiers) => ({ tiers, candidates: [] }))
  }
  if (statements.length === 0) return Effect.map(candidates, (rows) => ({ tiers: [], candidates: rows }))
  return Effect.map(firstLookStatement(sql, statements, candidates), (rows) => {
    const tiers: Array<TierRow> = []
    const fuzzy: Array<CandidateRow> = []
    for (const row of rows) {
      if (row.tier === "fuzzy") fuzzy.push({ ...row, name_norm: row.norm })
      else tiers.push(row)
    }
    return { tiers, candidates: fuzzy.sort(candidateOrder) }
  })
}
