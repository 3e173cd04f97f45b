import type { SqlError, Statement } from "effect/sql"
import { Effect } from "effect"
import type { Sql } from "./sqlText.js"
import { bindMarked, compileMarked, flatValues, type MarkedStatement, markedValues } from "../db/markedStatement.js"
import { literalTiers, type NamedStatement, tierStatementsOf, type TierRow } from "./statements.js"
import type { TierInputs } from "./tierInputs.js"
import { type CandidateRow, wordCandidates } from "./wordStatements.js"

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

/** What the fuzzy tier's first look asks of the word index: its clauses (`candidateClauses`) and its limits. */
export interface FuzzyInputs {
  readonly clauses: ReadonlyArray<string>
  readonly scan: number
  readonly keep: number
}

/** The first look of one shape, compiled (null: it asks nothing), with the tiers it reads (`partOf` each). */
export interface CompiledFirstLook {
  readonly marked: MarkedStatement | null
  readonly parts: ReadonlyArray<Pick<NamedStatement, "tier" | "field">>
}

export interface FirstLook {
  readonly tiers: ReadonlyArray<TierRow>
  readonly candidates: ReadonlyArray<CandidateRow>
  /** The tiers read (`partOf` each), in the order of `tierStatementsOf`. */
  readonly parts: ReadonlyArray<Pick<NamedStatement, "tier" | "field">>
}

/** What the first look's text depends on: the tiers' shape and how many fuzzy clauses, with the limits. */
export const firstLookShape = (tiers: TierInputs, fuzzy: FuzzyInputs | null) =>
  `${Object.values(tiers.shape).join()}|${fuzzy === null ? "" : `${fuzzy.clauses.length},${fuzzy.scan},${fuzzy.keep}`}`

/** The values the first look binds, by the names of their markers. */
export const firstLookValues = (tiers: TierInputs, fuzzy: FuzzyInputs | null) =>
  flatValues({ ...tiers.values, clauses: fuzzy?.clauses ?? [] })

/** The first look of the shape of `tiers` and `fuzzy`, built with markers for its values and compiled. */
export const compileFirstLook = (sql: Sql, tiers: TierInputs, fuzzy: FuzzyInputs | null): CompiledFirstLook => {
  const marked = markedValues({ ...tiers.values, clauses: fuzzy?.clauses ?? [] })
  const statements = tierStatementsOf(sql, { shape: tiers.shape, values: marked })
  const candidates = fuzzy === null ? null : wordCandidates(
    sql,
    { normalized: marked.normalized, country: tiers.shape.scoped ? marked.country : undefined },
    marked.clauses,
    fuzzy
  )
  const statement = candidates === null
    ? (statements.length === 0 ? null : literalTiers(sql, statements))
    : (statements.length === 0 ? candidates : firstLookStatement(sql, statements, candidates))
  return {
    marked: statement === null ? null : compileMarked(statement, Object.keys(firstLookValues(tiers, fuzzy)), true),
    parts: statements.map(({ tier, field }) => ({ tier, field }))
  }
}

/** The most shapes kept compiled (one per combination of tiers, key counts and fuzzy clauses a query has asked). */
const SHAPES_KEPT = 256

/**
 * The literal tiers' rows and the fuzzy tier's first candidates in one round trip on one connection
 * (`firstLookStatement`), where two statements at once cost a second connection and a fiber per search. The
 * statement's text depends on the query's shape only (`firstLookShape`): it is built with markers and compiled once
 * per shape (src/db/markedStatement.ts), then each query binds its values (issue 56: building and compiling it was a
 * quarter of a search's allocations).
 */
export const makeFirstLook = (sql: Sql) => {
  const compiled = new Map<string, CompiledFirstLook>()
  return (tiers: TierInputs, fuzzy: FuzzyInputs | null): Effect.Effect<FirstLook, SqlError.SqlError> => {
    const key = firstLookShape(tiers, fuzzy)
    let shape = compiled.get(key)
    if (shape === undefined) {
      shape = compileFirstLook(sql, tiers, fuzzy)
      if (compiled.size >= SHAPES_KEPT) compiled.delete(compiled.keys().next().value!)
      compiled.set(key, shape)
    }
    const { marked, parts } = shape
    if (marked === null) return Effect.succeed({ tiers: [], candidates: [], parts })
    const params = bindMarked(marked, firstLookValues(tiers, fuzzy))
    // The fuzzy candidates' own statement when no tier applies: its rows in its order.
    if (parts.length === 0) return Effect.map(sql.unsafe<CandidateRow>(marked.text, params), (candidates) => ({ tiers: [], candidates, parts }))
    return Effect.map(sql.unsafe<FirstLookRow>(marked.text, params), (rows) => {
      const tierRows: Array<TierRow> = []
      const fuzzyRows: Array<CandidateRow> = []
      for (const row of rows) {
        if (row.tier === "fuzzy") fuzzyRows.push({ ...row, name_norm: row.norm })
        else tierRows.push(row)
      }
      return { tiers: tierRows, candidates: fuzzyRows.sort(candidateOrder), parts }
    })
  }
}
