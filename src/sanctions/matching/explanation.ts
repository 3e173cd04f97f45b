import { screeningFold } from "./fold.js"
import type { MatchIndex } from "./matchIndex.js"
import type { Pair, QueryToken } from "./alignment.js"
import { TokenClass, writtenTokensOfFolded } from "./tokens.js"

interface TokenExplanation {
  /** The words of each name that made the token, as that name writes them ("Co.", "INTERNATIONAL"). */
  readonly query_token: string | null
  readonly list_token: string | null
  /** How two different words were taken as one: an abbreviation and its word, or a translation. */
  readonly relation?: "abbreviation" | "translation" | "initials"
  readonly similarity: number
  readonly query_weight: number
  readonly list_weight: number
  readonly kind: "word" | "generic" | "location" | "numeric" | "legal_form" | "stopword"
}

export interface ScoreExplanation {
  /** The screened name and the listed name as written. */
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
  /** The screened name as given and the listed name as the list writes it. */
  readonly queryText: string
  readonly nameText: string
}

const round = (x: number): number => Math.round(x * 1000) / 1000

const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}.]+$/gu

/** A name's words per token: as the name shows them, and folded as screening read them. */
interface WrittenWords {
  readonly shown: ReadonlyArray<string>
  readonly folded: ReadonlyArray<string>
}

/** Names explained recently (the screened name explains every hit; listed names recur): bounded, cleared when full. */
const writtenCache = new Map<string, WrittenWords | null>()
const WRITTEN_CACHE_LIMIT = 2_000

/**
 * The words of a name as it writes them, one per token (legal forms included: "CO LTD"), or null when the name does
 * not read back to `count` tokens. Each folded word is shown in the name's own spelling where one written word folds to
 * it ("Sté" for "ste"), else folded (a word of another script is shown transliterated).
 */
const writtenWordsOf = (text: string, count: number): WrittenWords | null => {
  const key = `${count}|${text}`
  const cached = writtenCache.get(key)
  if (cached !== undefined) return cached
  const foldedText = screeningFold(text)
  const read = writtenTokensOfFolded(foldedText)
  let words: WrittenWords | null = null
  if (read.length === count) {
    const spelling = new Map<string, string>()
    const raw = text.split(/[\s\-/]+/).map((w) => w.replace(EDGE_PUNCTUATION, "")).filter((w) => w !== "")
    const foldedWords = foldedText.split(" ")
    // Most names fold word for word: the written words then stand beside their folded ones; else each is folded alone.
    const aligned = raw.length === foldedWords.length
    raw.forEach((shown, i) => {
      const folded = aligned ? foldedWords[i]! : screeningFold(shown)
      if (folded !== "" && !folded.includes(" ") && !spelling.has(folded)) spelling.set(folded, shown)
    })
    words = {
      shown: read.map((t) => t.written.split(" ").map((w) => spelling.get(w) ?? w).join(" ")),
      folded: read.map((t) => t.written)
    }
  }
  if (writtenCache.size >= WRITTEN_CACHE_LIMIT) writtenCache.clear()
  writtenCache.set(key, words)
  return words
}

/** A word taken as another because it abbreviates it: what was written is not what was compared. */
const abbreviated = (written: string | undefined, compared: string): boolean =>
  written !== undefined && !compared.startsWith("#") && written !== compared

/** Per-token explanation: aligned pairs with similarity and weights, then unmatched tokens of either side. */
export const explainAlignment = (
  index: MatchIndex,
  alignment: Alignment,
  rules: ReadonlyArray<string>,
  raw: number
): ScoreExplanation => {
  const { name: nt, nameUsed, pairs, query: qt, queryUsed } = alignment
  // Internal tokens ("#co") are never shown: each side's words as written, or the token when a name does not read back.
  const queryWords = writtenWordsOf(alignment.queryText, qt.length)
  const nameWords = writtenWordsOf(alignment.nameText, nt.length)
  const queryWord = (i: number) => queryWords?.shown[i] ?? qt[i]!.token.text.replace(/^#/, "")
  const nameWord = (j: number) => nameWords?.shown[j] ?? index.tokenText[nt[j]!]!.replace(/^#/, "")
  const tokens: Array<TokenExplanation> = pairs.map((p) => {
    const relation = index.isTranslation(qt[p.q]!.token.text, nt[p.n]!)
      ? "translation" as const
      : abbreviated(queryWords?.folded[p.q], qt[p.q]!.token.text) || abbreviated(nameWords?.folded[p.n], index.tokenText[nt[p.n]!]!)
      ? "abbreviation" as const
      : undefined
    return {
      query_token: queryWord(p.q),
      list_token: nameWord(p.n),
      similarity: round(p.sim),
      query_weight: round(qt[p.q]!.weight),
      list_weight: round(index.tokenWeight[nt[p.n]!]!),
      kind: KIND[qt[p.q]!.token.cls],
      ...(relation === undefined ? {} : { relation })
    }
  })
  qt.forEach((q, i) => {
    if (!queryUsed[i]) tokens.push({ query_token: queryWord(i), list_token: null, similarity: 0, query_weight: round(q.weight), list_weight: 0, kind: KIND[q.token.cls] })
  })
  nt.forEach((id, j) => {
    if (!nameUsed[j]) {
      tokens.push({ query_token: null, list_token: nameWord(j), similarity: 0, query_weight: 0, list_weight: round(index.tokenWeight[id]!), kind: KIND[index.tokenClass[id]!] })
    }
  })
  return {
    query_normalized: alignment.queryText,
    matched_normalized: alignment.nameText,
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
  translation_not_as_written: "the list's own translation of a name into another script counts only as written",
  single_shared_word: "one distinctive word is all the names share (legal forms aside) and the listed name has more: weak evidence, not reported without more",
  single_shared_word_corroborated: "one distinctive word is all the names share (legal forms aside), in one of the entry's countries: review at most",
  initials: "the screened name gives the listed name by its initials: never a match alone",
  initials_country: "the business's country is one of the entry's",
  initials_programme: "the business's country is the country of one of the entry's programmes",
  initials_second_word: "another word of the screened name is a word of the listed name",
  cross_language: "matched through words of another language (a weaker signal than the same words): review at most"
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
      const effect = round(share * t.similarity)
      if (t.relation === "initials") {
        return { factor: "initials", effect, detail: `"${t.query_token}" taken as the initials of "${t.list_token}"` }
      }
      if (t.relation === "translation") {
        return { factor: `${t.kind}_translation`, effect, detail: `"${t.query_token}" taken as a translation of "${t.list_token}" (${t.similarity})` }
      }
      const how = t.relation === "abbreviation" ? " (an abbreviation and its word)" : ""
      return {
        factor: same ? `${t.kind}_agrees` : `${t.kind}_similar`,
        effect,
        detail: same ? `"${t.query_token}" = "${t.list_token}"${how}` : `"${t.query_token}" ~ "${t.list_token}" (${t.similarity})${how}`
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
