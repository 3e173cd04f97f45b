import { containsWords, type ContainsHints } from "./containsWords.js"
import type { SearchQuery } from "./searchQuery.js"
import { charLength, escapeLike } from "./sqlText.js"

/** What a query's tier statements (src/search/statements.ts) are made of: their shape and the values they bind. */

/** A query shorter than this (spaces removed) gets no spacing-insensitive look-up. */
const COMPACT_MIN = 3

/**
 * The first string after every string starting with `prefix` in byte (code point) order, the order of the
 * `text_pattern_ops` indexes; null when there is none.
 */
export const prefixEnd = (prefix: string): string | null => {
  let end = prefix.length
  while (end > 0) {
    // The last code point: a surrogate pair, or one code unit (a lone surrogate counts as its own code point).
    const low = prefix.charCodeAt(end - 1)
    const start = end >= 2 && low >= 0xdc00 && low <= 0xdfff && isHighSurrogate(prefix.charCodeAt(end - 2)) ? end - 2 : end - 1
    const last = prefix.codePointAt(start)!
    if (last < 0x10ffff) return prefix.slice(0, start) + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1)
    end = start
  }
  return null
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff

/**
 * Which tiers a query's statements hold and how many keys each binds: what their text depends on (with `cap`, the
 * rows each tier reads at most). Two queries of one shape get the same text with other values (`firstLook.ts`
 * compiles it once per shape).
 */
export interface TierShape {
  readonly cap: number
  readonly numberKeys: number
  readonly taxKeys: number
  readonly numberLike: boolean
  readonly short: boolean
  readonly scoped: boolean
  readonly prefix: boolean
  readonly prefixBounded: boolean
  readonly contains: boolean
  readonly normalized: boolean
  readonly normalizedBounded: boolean
  readonly compact: boolean
  readonly compactPrefix: boolean
  readonly compactBounded: boolean
  readonly alias: boolean
}

/** The values the tiers' statements bind, each computed here (a marker may stand in for any: `markedValues`). */
export type TierValues = {
  readonly lower: string
  readonly lowerEnd: string
  readonly normalized: string
  readonly normalizedEnd: string
  readonly normalizedLike: string
  readonly compact: string
  readonly compactEnd: string
  readonly words: string
  readonly queryChars: number | string
  readonly country: string
  readonly numberKeys: ReadonlyArray<string>
  readonly taxKeys: ReadonlyArray<string>
}

export interface TierInputs {
  readonly shape: TierShape
  readonly values: TierValues
}

/**
 * The tiers a query applies (see `tierStatements`) and the values they bind. Match sets (what `count` counts): id:
 * `registration_key` or `tax_key` among the query's keys; prefix: `name_lower` starts with the query; contains: the
 * name holds the word query (`containsWords`) and `name_lower` contains the query (strpos), every such row;
 * normalized: `name_norm` starts with the normalised query; alias: an alias equals the normalised query (or starts
 * with it followed by a word, for stated names).
 */
export const tierInputs = (
  q: SearchQuery,
  cap: number,
  hints: ContainsHints = { held: new Map(), looked: 0, rarePrefix: false }
): TierInputs => {
  const words = q.numberLike || q.short ? null : containsWords(q, hints)
  const [lowerEnd, normalizedEnd, compactEnd] = [prefixEnd(q.lower), prefixEnd(q.normalized), prefixEnd(q.compact)]
  return {
    shape: {
      cap,
      numberKeys: q.numberKeys.length,
      taxKeys: q.taxKeys.length,
      numberLike: q.numberLike,
      short: q.short,
      scoped: q.country !== undefined,
      prefix: q.lower.length > 0,
      prefixBounded: lowerEnd !== null,
      contains: words !== null,
      normalized: !q.short && q.normalized.length > 0,
      normalizedBounded: normalizedEnd !== null,
      compact: !q.short && charLength(q.compact) >= COMPACT_MIN,
      compactPrefix: q.tokens.length > 1,
      compactBounded: compactEnd !== null,
      alias: q.normalized.length > 0
    },
    values: {
      lower: q.lower,
      lowerEnd: lowerEnd ?? "",
      normalized: q.normalized,
      normalizedEnd: normalizedEnd ?? "",
      normalizedLike: escapeLike(q.normalized) + " %",
      compact: q.compact,
      compactEnd: compactEnd ?? "",
      words: words ?? "",
      queryChars: charLength(q.normalized),
      country: q.country ?? "",
      numberKeys: q.numberKeys,
      taxKeys: q.taxKeys
    }
  }
}
