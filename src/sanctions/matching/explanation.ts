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

/** A hit's explanation as the API gives it: one sentence, and the factors that made the score. */
export interface HitExplanation {
  readonly summary: string
  readonly factors: ReadonlyArray<{ readonly factor: string; readonly effect: number; readonly detail: string }>
}

const RULE_TEXT: Readonly<Record<string, string>> = {
  weak_alias: "matched a weak alias, which counts for less",
  location_conflict: "the list entry is located in another country",
  number_conflict: "the names carry different numbers",
  containment: "one name is contained in the other",
  no_distinctive_token: "no distinctive word agrees",
  thin_evidence: "the name alone identifies little (generic or short words, one word) and nothing else agrees",
  country_mismatch: "the business is in a country the entry does not name",
  generic_words_only: "generic words alone are never a match",
  acronym_only: "matched an acronym alias: never a match, and reported only in one of the entry's countries",
  thin_name_vessel_entry: "a vessel is found only by its name as written",
  company_name_vessel_entry: "a name with a company's legal form names a company, not this vessel",
  near_name_established_company: "a registered company of long standing, a letter away from a listed name of another legal form",
  translation_not_as_written: "the list's own translation of a name into another script counts only as written"
}

/** Turns the per-token alignment into the answer's explanation: what agreed, what did not, which rules applied. */
export const summariseExplanation = (explanation: ScoreExplanation, score: number): HitExplanation => {
  const weighed = explanation.tokens.filter((t) => t.kind !== "stopword")
  const mass = weighed.reduce((s, t) => s + Math.max(t.query_weight, t.list_weight), 0) || 1
  const factors = weighed.map((t) => {
    const weight = Math.max(t.query_weight, t.list_weight)
    const share = round(weight / mass)
    if (t.query_token !== null && t.list_token !== null) {
      const same = t.similarity >= 0.999
      return {
        factor: same ? `${t.kind}_agrees` : `${t.kind}_similar`,
        effect: round(share * t.similarity),
        detail: same ? `"${t.query_token}" = "${t.list_token}"` : `"${t.query_token}" ~ "${t.list_token}" (${t.similarity})`
      }
    }
    return t.query_token !== null
      ? { factor: `${t.kind}_only_in_screened_name`, effect: -share, detail: `"${t.query_token}" is not in the listed name` }
      : { factor: `${t.kind}_only_in_listed_name`, effect: -share, detail: `"${t.list_token}" is not in the screened name` }
  })
  const rules = explanation.rules.map((rule) => ({ factor: rule, effect: 0, detail: RULE_TEXT[rule] ?? rule }))
  const agreeing = weighed.filter((t) => t.query_token !== null && t.list_token !== null && t.similarity >= 0.8)
  const summary = `"${explanation.query_normalized}" against "${explanation.matched_normalized}": ` +
    `${agreeing.length} of ${weighed.length} words agree` +
    (explanation.rules.length === 0 ? "" : `; ${explanation.rules.map((r) => RULE_TEXT[r] ?? r).join("; ")}`) +
    `; score ${round(score)}`
  return { summary, factors: [...factors, ...rules] }
}
