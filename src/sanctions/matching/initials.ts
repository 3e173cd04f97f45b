import { countryCodeOfName } from "../../domain/countryNames.js"
import { MAX_INITIALS, MIN_INITIALS } from "../../domain/initialism.js"
import type { ScoreExplanation } from "./explanation.js"
import type { MatchIndex } from "./matchIndex.js"
import { isContent, type NameToken, TokenClass } from "./tokens.js"

/** A query read as initials: the initials, and the query's other content words (a second word corroborates). */
export interface InitialsQuery {
  readonly initials: string
  readonly others: ReadonlyArray<number>
}

/**
 * A query that gives an organisation by its initials: one word of 3 to 8 letters written as initials are (in capitals,
 * or with dots: "UBA", "U.B.A."), beside at most two other words. "Uba" or "Atlas" are words, not initials.
 */
export const initialsQueryOf = (raw: string, tokens: ReadonlyArray<NameToken>): InitialsQuery | null => {
  const content = tokens.map((t, i) => [t, i] as const).filter(([t]) => isContent(t.cls))
  if (content.length === 0 || content.length > 3) return null
  const written = new Set(raw.split(/[\s,;]+/).filter((w) => /^(?:[A-Z]\.?){3,8}$/.test(w)).map((w) => w.replace(/\./g, "").toLowerCase()))
  const found = content.find(([t]) => t.text.length >= MIN_INITIALS && t.text.length <= MAX_INITIALS && written.has(t.text))
  if (found === undefined) return null
  return { initials: found[0].text, others: content.filter(([, i]) => i !== found[1]).map(([, i]) => i) }
}

/** Countries a list's programmes name ("IRAN", "SYRIA", "RUSSIA-EO14024", "DPRK3"): a programme is a country's. */
const PROGRAMME_COUNTRIES: ReadonlyMap<string, string> = new Map([["dprk", "KP"], ["drcongo", "CD"], ["car", "CF"], ["southsudan", "SS"]])
const programmeCountries = (programs: ReadonlyArray<string>): ReadonlySet<string> => {
  const out = new Set<string>()
  for (const program of programs) {
    const head = program.split(/[-_\d(]/)[0]!.trim()
    const code = PROGRAMME_COUNTRIES.get(head.toLowerCase().replace(/\s+/g, "")) ?? (head.length > 3 ? countryCodeOfName(head) : null)
    if (code !== null) out.add(code)
  }
  return out
}

/** Initials with one corroboration are for review; each further one adds a little, never up to a match. */
const INITIALS_SCORE = 0.72
const PER_CORROBORATION = 0.06
const INITIALS_MAX = 0.84

export type Corroboration = "country" | "programme" | "second_word"

/**
 * Scores a listed name the query gave by its initials. Short strings name many organisations, so initials alone are
 * never a hit: one corroboration is needed (the business's country is one of the entry's; a programme of the entry is
 * that country's; a second word of the query, distinctive or a place, is a word of the listed name), and a query word the listed name lacks
 * says another organisation. Null when not a hit.
 */
export const scoreInitials = (
  index: MatchIndex,
  nameId: number,
  queryMatches: ReadonlyArray<ReadonlyMap<number, number>>,
  country: string | null
): { readonly score: number; readonly corroborations: ReadonlyArray<Corroboration> } | null => {
  const name = index.names[nameId]!
  const tokens = name.tokens
  const corroborations: Array<Corroboration> = []
  let secondWord = false
  for (const matches of queryMatches) {
    let found = false
    for (const id of tokens) {
      if (!matches.has(id)) continue
      found = true
      // A common word ("Trading", "Mining") is in too many names to corroborate.
      if (index.tokenDistinctive[id] || index.tokenClass[id] === TokenClass.location) secondWord = true
    }
    if (!found) return null
  }
  if (secondWord) corroborations.push("second_word")
  const { entry } = index.entries[name.entry]!
  if (country !== null && index.entryCountries[name.entry]!.has(country)) corroborations.push("country")
  else if (country !== null && programmeCountries(entry.programs).has(country)) corroborations.push("programme")
  if (corroborations.length === 0) return null
  return { score: Math.min(INITIALS_MAX, INITIALS_SCORE + PER_CORROBORATION * (corroborations.length - 1)), corroborations }
}

/** The explanation of a hit found by initials: which words the initials were read from, and what corroborated it. */
export const explainInitials = (
  queryText: string,
  initials: string,
  nameText: string,
  corroborations: ReadonlyArray<Corroboration>,
  score: number
): ScoreExplanation => ({
  query_normalized: queryText,
  matched_normalized: nameText,
  tokens: [{ query_token: initials.toUpperCase(), list_token: nameText, similarity: score, query_weight: 1, list_weight: 1, kind: "word", relation: "initials" }],
  rules: ["initials", ...corroborations.map((c) => `initials_${c}`)],
  raw_score: score
})
