import type { MatchIndex } from "./matchIndex.js"
import type { Pair, QueryToken } from "./scoring.js"
import { TokenClass } from "./tokens.js"

export interface TokenExplanation {
  readonly query_token: string | null
  readonly list_token: string | null
  readonly similarity: number
  readonly query_weight: number
  readonly list_weight: number
  readonly kind: "word" | "generic" | "location" | "numeric" | "legal_form" | "stopword"
}

export interface ScoreExplanation {
  readonly query_normalized: string
  readonly matched_normalized: string
  readonly tokens: ReadonlyArray<TokenExplanation>
  /** Rules that changed the raw score: weak_alias, location_conflict, number_conflict, containment, no_distinctive_token ... */
  readonly rules: ReadonlyArray<string>
  readonly raw_score: number
}

const KIND: Record<TokenClass, TokenExplanation["kind"]> = {
  [TokenClass.word]: "word",
  [TokenClass.generic]: "generic",
  [TokenClass.location]: "location",
  [TokenClass.numeric]: "numeric",
  [TokenClass.legalForm]: "legal_form",
  [TokenClass.stopword]: "stopword"
}

/** The token alignment of one scored name, for `explain`. */
export interface Alignment {
  readonly query: ReadonlyArray<QueryToken>
  readonly name: Int32Array
  readonly pairs: ReadonlyArray<Pair>
  readonly queryUsed: Uint8Array
  readonly nameUsed: Uint8Array
}

const round = (x: number): number => Math.round(x * 1000) / 1000

/** Per-token explanation: aligned pairs with similarity and weights, then unmatched tokens of either side. */
export const explainAlignment = (
  index: MatchIndex,
  alignment: Alignment,
  rules: ReadonlyArray<string>,
  raw: number
): ScoreExplanation => {
  const { name: nt, nameUsed, pairs, query: qt, queryUsed } = alignment
  const tokens: Array<TokenExplanation> = pairs.map((p) => ({
    query_token: qt[p.q]!.token.text,
    list_token: index.tokenText[nt[p.n]!]!,
    similarity: round(p.sim),
    query_weight: round(qt[p.q]!.weight),
    list_weight: round(index.tokenWeight[nt[p.n]!]!),
    kind: KIND[qt[p.q]!.token.cls]
  }))
  qt.forEach((q, i) => {
    if (!queryUsed[i]) tokens.push({ query_token: q.token.text, list_token: null, similarity: 0, query_weight: round(q.weight), list_weight: 0, kind: KIND[q.token.cls] })
  })
  nt.forEach((id, j) => {
    if (!nameUsed[j]) {
      tokens.push({ query_token: null, list_token: index.tokenText[id]!, similarity: 0, query_weight: 0, list_weight: round(index.tokenWeight[id]!), kind: KIND[index.tokenClass[id]!] })
    }
  })
  return {
    query_normalized: qt.map((q) => q.token.text).join(" "),
    matched_normalized: [...nt].map((id) => index.tokenText[id]!).join(" "),
    tokens,
    rules,
    raw_score: round(raw)
  }
}
