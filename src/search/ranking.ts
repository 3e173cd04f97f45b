import type { MatchedField, MatchType } from "../domain/schemas/Search.js"

/** One company matched by one tier. */
export interface Hit {
  readonly id: string
  readonly matchType: MatchType
  readonly score: number
  /** The whole name (or alias, or number) equals the query in its tier's form: first among equal scores. */
  readonly exact: boolean
  /** Listed on an exchange: the first tie-breaker of quality. */
  readonly listed: boolean
  readonly quality: number
  /** Matched through the spacing-insensitive key (`compactKey`): a whole such match after the other whole matches. */
  readonly respaced?: boolean
  /** A listing of one share class of a company ("... 6.5%", "... Pref"): after the company itself. */
  readonly shareClass: boolean
  readonly field: MatchedField
  readonly alias?: string
  /** The business's primary record, read with the hit: null when the company is linked to none (see `asBusinesses`). */
  readonly primary?: string | null
}

const tierOrder: Record<MatchType, number> = {
  id: 0, prefix: 1, contains: 2, normalized: 3, alias: 4, fuzzy: 5, live: 6
}

const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)

const respacedOf = (hit: Hit) => Number(hit.respaced === true)

/**
 * Best first: whole matches (the number, the whole name, the whole alias) before partial ones, a whole name with
 * other spacing after the other whole matches ("First Al Ltd" for "FIRSTAL" after the company whose stated alias
 * it is), then the tier (cascade order), companies before listings of their share classes (which carry the
 * issuer's name and would otherwise tie with it), score, then quality: listed first, then the quality figure
 * (completeness, freshness), and id for a stable order.
 */
const compareHits = (a: Hit, b: Hit): number =>
  Number(b.exact) - Number(a.exact) ||
  (a.exact ? respacedOf(a) - respacedOf(b) : 0) ||
  tierOrder[a.matchType] - tierOrder[b.matchType] ||
  Number(a.shareClass) - Number(b.shareClass) ||
  b.score - a.score ||
  Number(b.listed) - Number(a.listed) ||
  b.quality - a.quality ||
  compareIds(a.id, b.id)

const fieldOrder: Record<MatchedField, number> = { registration_no: 0, tax_id: 1, legal_name: 2, alias: 3 }

/**
 * Between two equally good hits of one company (whatever order the database gave them in): the registration
 * number before the tax id, then the smaller alias name (code point order, as the alias tier's SQL breaks it).
 */
const sameRank = (a: Hit, b: Hit): number => {
  const x = a.alias ?? ""
  const y = b.alias ?? ""
  return fieldOrder[a.field] - fieldOrder[b.field] || (x < y ? -1 : x > y ? 1 : 0)
}

/** Each company once, with its best tier, ranked. */
export const rankHits = (hits: Iterable<Hit>): ReadonlyArray<Hit> => {
  const best = new Map<string, Hit>()
  for (const hit of hits) {
    const held = best.get(hit.id)
    if (held === undefined) {
      best.set(hit.id, hit)
      continue
    }
    const order = compareHits(hit, held)
    if (order < 0 || (order === 0 && sameRank(hit, held) < 0)) best.set(hit.id, hit)
  }
  return [...best.values()].sort(compareHits)
}

/** Scores in 0..1; 1 only for literal matches (id, prefix, contains). */
export const scores = {
  literal: 1,
  normalizedEqual: 0.98,
  /** The whole name with other spacing or punctuation ("Eco Bank" for "Ecobank"). */
  compactEqual: 0.97,
  /** A name whose spacing-insensitive key starts with the query's: the floor of a normalised prefix. */
  compactPrefix: 0.85,
  /** A normalised prefix: 0.85 up to (not reaching) 0.95 as the query covers more of the name. */
  normalizedPrefix: (covered: number) => round(0.85 + 0.1 * Math.min(covered, 0.99)),
  /** A whole alias stated by a source (brand, parent, former, trading, short, ticker). */
  aliasEqual: 0.95,
  /** A whole stated alias with other spacing or punctuation. */
  aliasCompactEqual: 0.94,
  /** A whole initialism derived from the name. */
  initialismEqual: 0.92,
  initialismCompactEqual: 0.91,
  aliasPrefix: (covered: number) => round(0.8 + 0.1 * Math.min(covered, 0.99)),
  /** Fuzzy similarity in 0..1 mapped below the normalised and alias tiers. */
  fuzzy: (similarity: number) => round(0.9 * Math.min(similarity, 1))
} as const

export function round(n: number): number {
  return Math.round(n * 1000) / 1000
}
