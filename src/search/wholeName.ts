import type { SqlClient } from "effect/sql"
import { Effect } from "effect"
import { companyColumns, type CompanyRow } from "../companies/companyRow.js"
import type { MatchType } from "../domain/schemas/Search.js"
import { scores } from "./ranking.js"
import type { SearchQuery } from "./searchQuery.js"

/** A company whose whole name, or one whole alias, is the given name after normalisation. */
export interface WholeNameRow extends CompanyRow {
  readonly name_lower: string
  /** The alias kind when the alias matched; null when the legal name did. */
  readonly alias_kind: string | null
}

/** A whole-name score at or above which the cascade cannot change the outcome. */
export const WHOLE_NAME_SETTLES = scores.normalizedEqual

/**
 * Enough rows per part to tell one whole-name match from several (two whole names are always within the ambiguity
 * margin of each other, so which ones come back does not change the outcome).
 */
const PER_PART = 4

/**
 * Whole-name matches in one round trip, on the text_pattern_ops btrees of `companies.name_norm` and
 * `company_aliases.name_norm` (written as `~>=~ x AND ~<=~ x`: with a plain `=` the planner may pick the trigram
 * GiST index, 250 ms on a common name of a 2,000,000-company store instead of 0.3 ms),
 * scored as the search cascade scores them (`scores`): the legal name literally starting with the query 1, normalised
 * equal 0.98, a whole stated alias 0.95, a whole initialism 0.92. When the best of these is
 * 0.98 or more, nothing else the cascade could find comes within the ambiguity margin (partial names are capped at
 * 0.85, fuzzy at 0.90 and alias prefixes below 0.90), so the verifier need not run it.
 */
export const wholeNameCandidates = (sql: SqlClient.SqlClient, q: SearchQuery) => {
  const scope = q.country === undefined ? sql`` : sql` AND c.country = ${q.country}`
  return sql<WholeNameRow>`
    (SELECT ${sql.literal(companyColumns)}, c.name_lower, NULL::text AS alias_kind FROM companies c
      WHERE c.name_norm ~>=~ ${q.normalized} AND c.name_norm ~<=~ ${q.normalized}${scope} LIMIT ${PER_PART})
    UNION ALL
    (SELECT ${sql.literal(companyColumns)}, c.name_lower, a.kind AS alias_kind
      FROM company_aliases a JOIN companies c ON c.id = a.company_id
      WHERE a.name_norm ~>=~ ${q.normalized} AND a.name_norm ~<=~ ${q.normalized}${scope} LIMIT ${PER_PART})`.pipe(
    Effect.map((rows) => {
      const best = new Map<string, { row: WholeNameRow; score: number; matchType: Extract<MatchType, "prefix" | "normalized" | "alias"> }>()
      for (const row of rows) {
        const scored = row.alias_kind === null
          ? row.name_lower.startsWith(q.lower)
            ? { row, score: scores.literal, matchType: "prefix" as const }
            : { row, score: scores.normalizedEqual, matchType: "normalized" as const }
          : { row, score: row.alias_kind === "initialism" ? scores.initialismEqual : scores.aliasEqual, matchType: "alias" as const }
        const held = best.get(row.id)
        if (held === undefined || held.score < scored.score) best.set(row.id, scored)
      }
      return [...best.values()].sort((a, b) => b.score - a.score)
    })
  )
}
