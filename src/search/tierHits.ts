import { compactKey } from "../domain/searchKeys.js"
import { type Hit, scores } from "./ranking.js"
import type { SearchQuery } from "./searchQuery.js"
import { charLength } from "./sqlText.js"
import type { TierRow } from "./statements.js"

/** The statement a row came from: its tier and matched field (the id tier has one statement per field). */
export const partOf = (x: { readonly tier: string; readonly field: string }) => `${x.tier}/${x.field}`

/** A literal, normalised or alias tier's row as a hit, scored by how it met the query. */
export const hitOfTierRow = (q: SearchQuery, row: TierRow): Hit => {
  const base = {
    id: row.id,
    quality: Number(row.quality),
    listed: row.listed,
    shareClass: row.share_class === true,
    field: row.field,
    primary: row.primary_id
  }
  switch (row.tier) {
    case "id":
      return { ...base, matchType: "id", score: scores.literal, exact: true }
    case "prefix":
    case "contains":
      return { ...base, matchType: row.tier, score: scores.literal, exact: row.target === q.lower || row.norm === q.normalized }
    case "normalized":
      return row.target === q.normalized
        ? { ...base, matchType: "normalized", score: scores.normalizedEqual, exact: true }
        : {
          ...base,
          matchType: "normalized",
          score: scores.normalizedPrefix(charLength(q.normalized) / charLength(row.target)),
          exact: false
        }
    case "compact":
      return row.target === q.compact
        ? { ...base, matchType: "normalized", score: scores.compactEqual, exact: true, respaced: true }
        : { ...base, matchType: "normalized", score: scores.compactPrefix, exact: false, respaced: true }
    case "alias":
      if (row.target !== q.normalized && compactKey(row.target) === q.compact) {
        return {
          ...base,
          matchType: "alias",
          score: row.kind === "initialism" ? scores.initialismCompactEqual : scores.aliasCompactEqual,
          exact: true,
          respaced: true,
          alias: row.target
        }
      }
      return row.target === q.normalized
        ? {
          ...base,
          matchType: "alias",
          score: row.kind === "initialism" ? scores.initialismEqual : scores.aliasEqual,
          exact: true,
          alias: row.target
        }
        : {
          ...base,
          matchType: "alias",
          score: scores.aliasPrefix(charLength(q.normalized) / charLength(row.target)),
          exact: false,
          alias: row.target
        }
  }
}
