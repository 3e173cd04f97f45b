import { align, type PreparedQuery, type QueryToken, usedName, usedQuery } from "./alignment.js"
import type { IndexedName } from "./indexedNames.js"
import { type MatchIndex, TRANSLATION_SIM } from "./matchIndex.js"
import { explainAlignment, type ScoreExplanation } from "./explanation.js"
import { NEAR_LETTERS_MAX, nearSameLetters } from "./nearLetters.js"
import { isContent, TokenClass } from "./tokens.js"

export type { ScoreExplanation } from "./explanation.js"

export const THRESHOLDS = {
  /** At or above: `match` (a strong hit). */
  match: 0.9,
  /** At or above: `potential_match` (review). */
  review: 0.7
} as const

const UNMATCHED_LIST_FACTOR = 0.6
const WEAK_ALIAS_FACTOR = 0.85
const LOCATION_CONFLICT_FACTOR = 0.5
const NUMBER_CONFLICT_FACTOR = 0.9
const COUNTRY_MISMATCH_PENALTY = 0.03
const NO_DISTINCTIVE_CAP = 0.4
const GENERIC_ONLY_CAP = 0.5
const CONTAINMENT_CAP = 0.89
const SIGNIFICANT_WEIGHT = 0.2
/** An extra word in the query says "another business" even when the word is generic ("Deutsche Bank Trust"). */
const EXTRA_QUERY_WORD_FLOOR = 0.4
const PARTIAL_OVERLAP_FACTOR = 0.85
/** A listed name made only of common words, found inside a longer query ("Real Estate Bank" in "National Real Estate Bank"). */
const GENERIC_NAME_INSIDE_QUERY_FACTOR = 0.8
const EXTRA_LOCATION_FACTOR = 0.9
const LEGAL_FORM_CONFLICT_FACTOR = 0.93
/** Tokens shorter than this must match exactly to count as the distinctive evidence of a hit. */
const MIN_FUZZY_DISTINCTIVE_LENGTH = 6
/** One confusable substitution (qaeda / qaida) is evidence even in a short token. */
const CONFUSABLE_ONLY_SIM = 0.94
/** Tokens of 6 to 9 letters may differ by one edit; two edits only in tokens of 10 letters or more. */
const ONE_EDIT_SIM = 0.85
const LONG_TOKEN = 10
const EXTRA_NUMBER_FACTOR = 0.9
/** Below the review band: a hit on thin evidence alone is not reported. */
const THIN_EVIDENCE_CAP = 0.69
/** Below the match band: thin evidence through a weak alias is for review at most. */
const THIN_WEAK_ALIAS_CAP = 0.89
/** Words this short (acronyms, one-syllable romanised words) identify little on their own. */
const SHORT_TOKEN = 4
/** A name matched through words of another language is a weaker signal than the same words: review at most. */
const CROSS_LANGUAGE_CAP = 0.85

/**
 * How much a query's own words identify. Generic words and places add nothing ("Forest Venture" is as thin as
 * "Forest"): `generic` when nothing else is left ("Global Energy"), `acronym` when one or two short words are
 * ("ETEP", "PIJ Ventures", "Fu Hua"), `single` when one word is, `enough` otherwise.
 */
type Thinness = "generic" | "acronym" | "single" | "enough"
const thinnessOf = (tokens: ReadonlyArray<QueryToken>): Thinness => {
  const core = tokens.filter((q) => isContent(q.token.cls) && q.token.cls !== TokenClass.generic && q.token.cls !== TokenClass.location)
  if (core.length === 0) return "generic"
  if (core.length <= 2 && core.every((q) => q.token.text.length <= SHORT_TOKEN)) return "acronym"
  return core.length === 1 ? "single" : "enough"
}

/** A listed name whose words are one or two short ones, with nothing else but a legal form: "PIJ", "T.M.G.", "NICO". */
const isAcronymName = (index: MatchIndex, tokens: Int32Array): boolean => {
  let content = 0
  for (const id of tokens) {
    if (!isContent(index.tokenClass[id]!)) continue
    if (index.tokenText[id]!.length > SHORT_TOKEN || ++content > 2) return false
  }
  return content > 0
}

const queryHasLegalForm = (tokens: ReadonlyArray<QueryToken>): boolean => tokens.some((q) => q.token.cls === TokenClass.legalForm)

export interface NameScore {
  readonly score: number
  readonly explanation?: ScoreExplanation
}



/** The query's places left unmatched: a module buffer, reused by each call. */
const unmatchedPlaces: Array<string> = []

/**
 * Scores one indexed name against a prepared query: one-to-one greedy token alignment weighted by IDF and token class,
 * unmatched query tokens penalised more than unmatched list tokens, then the company-name rules (distinctive-token
 * gate, generic-only names need a full match, location and number conflicts, containment capped below `match`,
 * weak aliases down-weighted, country of the query vs countries of the entry).
 */
export const scoreName = (
  index: MatchIndex,
  query: PreparedQuery,
  name: IndexedName,
  country: string | null,
  explain: boolean,
  /** The business is a registered company of long standing (or listed): a near spelling alone does not designate it. */
  established = false
): NameScore => {
  const qt = query.tokens
  const nt = name.tokens
  const chosen = align(index, qt, nt)
  const qUsed = usedQuery
  const nUsed = usedName
  let matched = 0
  let pairMass = 0
  let distinctiveHit = false
  let distinctiveExact = false
  let translated = false
  /** Content words the two names share (aligned pairs), and how many of them are distinctive. */
  let sharedContent = 0
  let sharedDistinctive = 0
  for (const p of chosen) {
    const wn = index.tokenWeight[nt[p.n]!]!
    matched += p.mass
    pairMass += qt[p.q]!.weight + wn
    const length = index.tokenText[nt[p.n]!]!.length
    const translation = p.sim === TRANSLATION_SIM && index.isTranslation(qt[p.q]!.token.text, nt[p.n]!)
    if (translation) translated = true
    const fuzzyEnough = length >= LONG_TOKEN ? p.sim >= 0.75 : length >= MIN_FUZZY_DISTINCTIVE_LENGTH && p.sim >= ONE_EDIT_SIM
    if (index.tokenDistinctive[nt[p.n]!] && (p.sim >= CONFUSABLE_ONLY_SIM || fuzzyEnough || translation)) {
      distinctiveHit = true
      sharedDistinctive++
      if (p.sim >= 0.999) distinctiveExact = true
    }
    if (isContent(index.tokenClass[nt[p.n]!]!)) sharedContent++
  }
  let unmatchedQuery = 0
  let significantExtraQuery = false
  const queryPlaces = unmatchedPlaces
  queryPlaces.length = 0
  let queryNumber = false
  let queryLegalForm = false
  let legalFormMatched = false
  let listLegalForm = false
  let listExtraPlace = false
  let listExtraNumber = false
  for (let i = 0; i < qt.length; i++) {
    if (qUsed[i]) continue
    const q = qt[i]!
    const content = isContent(q.token.cls)
    unmatchedQuery += content ? Math.max(q.weight, EXTRA_QUERY_WORD_FLOOR) : q.weight
    if (content && q.weight >= SIGNIFICANT_WEIGHT) significantExtraQuery = true
    if (q.token.place !== null) queryPlaces.push(q.token.place)
    if (q.token.cls === TokenClass.numeric) queryNumber = true
    if (q.token.cls === TokenClass.legalForm) queryLegalForm = true
  }
  let unmatchedList = 0
  let significantExtraList = false
  let listHasDistinctive = false
  let unmatchedListContent = false
  let locationConflict = false
  let numberConflict = false
  for (let j = 0; j < nt.length; j++) {
    const id = nt[j]!
    if (index.tokenDistinctive[id]) listHasDistinctive = true
    if (index.tokenClass[id] === TokenClass.legalForm) {
      listLegalForm = true
      if (nUsed[j]) legalFormMatched = true
    }
    if (nUsed[j]) continue
    const w = index.tokenWeight[id]!
    const cls = index.tokenClass[id]!
    unmatchedList += w
    if (isContent(cls) && cls !== TokenClass.location) unmatchedListContent = true
    if (isContent(cls) && w >= SIGNIFICANT_WEIGHT) significantExtraList = true
    const place = index.tokenPlace[id]
    if (place !== null && place !== undefined) {
      if (queryPlaces.some((p) => p !== place)) locationConflict = true
      else listExtraPlace = true
    }
    if (cls === TokenClass.numeric && queryNumber) numberConflict = true
    if (cls === TokenClass.numeric) listExtraNumber = true
  }
  const denominator = pairMass + unmatchedQuery + UNMATCHED_LIST_FACTOR * unmatchedList
  const raw = denominator === 0 ? 0 : matched / denominator
  let score = raw
  const rules: Array<string> | null = explain ? [] : null
  const sameLetters = (query.compactKey !== "" && query.compactKey === name.compactKey) || (query.fullKey !== "" && query.fullKey === name.fullKey)
  if (sameLetters && score < 0.98) {
    score = 0.98
    rules?.push("same_letters")
  }
  const nearLetters = sameLetters ? 1 : score >= NEAR_LETTERS_MAX ? 0 : nearSameLetters(query.fullKey, name.fullKey)
  if (nearLetters > score) {
    score = nearLetters
    rules?.push("near_same_letters")
  }
  if (listHasDistinctive && !distinctiveHit && score > NO_DISTINCTIVE_CAP && nearLetters === 0) {
    score = NO_DISTINCTIVE_CAP
    rules?.push("no_distinctive_token")
  }
  if (!listHasDistinctive && unmatchedListContent && score > GENERIC_ONLY_CAP) {
    score = GENERIC_ONLY_CAP
    rules?.push("generic_name_needs_full_match")
  }
  if (locationConflict) {
    score *= LOCATION_CONFLICT_FACTOR
    rules?.push("location_conflict")
  }
  if (numberConflict) {
    score *= NUMBER_CONFLICT_FACTOR
    rules?.push("number_conflict")
  } else if (queryNumber || listExtraNumber) {
    score *= EXTRA_NUMBER_FACTOR
    rules?.push("extra_number")
  }
  if (!listHasDistinctive && significantExtraQuery) {
    score *= GENERIC_NAME_INSIDE_QUERY_FACTOR
    rules?.push("generic_name_inside_query")
  }
  if (significantExtraQuery && significantExtraList) {
    score *= PARTIAL_OVERLAP_FACTOR
    rules?.push("partial_overlap")
  }
  if (!locationConflict && (listExtraPlace || queryPlaces.length > 0)) {
    score *= EXTRA_LOCATION_FACTOR
    rules?.push("extra_location")
  }
  const legalFormConflict = queryLegalForm && listLegalForm && !legalFormMatched
  if (legalFormConflict) {
    score *= LEGAL_FORM_CONFLICT_FACTOR
    rules?.push("legal_form_conflict")
  }
  if ((significantExtraQuery || significantExtraList) && score > CONTAINMENT_CAP) {
    score = CONTAINMENT_CAP
    rules?.push("containment")
  }
  if (name.weak) {
    score *= WEAK_ALIAS_FACTOR
    rules?.push("weak_alias")
  }
  const countries = index.entryCountries[name.entry]!
  const elsewhere = country !== null && countries.size > 0 && !countries.has(country)
  const corroborated = country !== null && countries.has(country)
  if (elsewhere) {
    score = Math.max(0, score - COUNTRY_MISMATCH_PENALTY)
    rules?.push("country_mismatch")
  }
  // A name that identifies little by itself, unless given exactly as listed (legal form included), needs more
  // to go on: in a country where the entry is not, it is not reported; through a weak alias (an acronym, a weak
  // a.k.a.) it stays in the review band.
  const thinness = thinnessOf(qt)
  const exactly = query.fullKey === name.fullKey
  const cap = (limit: number, rule: string) => {
    if (score <= limit) return
    score = limit
    rules?.push(rule)
  }
  if (thinness !== "enough" && !exactly) cap(elsewhere ? THIN_EVIDENCE_CAP : name.weak ? THIN_WEAK_ALIAS_CAP : 1, "thin_evidence")
  // Generic words alone never reach the match band, unless they are a listed name as written. An acronym alias ("PIJ",
  // "ETIP", "BNC": one or two short words, not the entry's primary name) is the thinnest evidence there is: found,
  // exactly or not, it is never a match, and it is not reported unless the business's country is one of the entry's.
  if (thinness === "generic" && !(exactly && !name.weak)) cap(THIN_WEAK_ALIAS_CAP, "generic_words_only")
  // A registered company of long standing whose name is a letter away from a listed name of another legal form is
  // another company: a spelling that near, with the legal forms disagreeing, is not evidence enough for review.
  if (established && legalFormConflict && !distinctiveExact && !sameLetters) cap(THIN_EVIDENCE_CAP, "near_name_established_company")
  // A list's own translation of a name into another script (the EU's Greek and Bulgarian) counts only as written: its
  // Latin rendering is the list's, not a spelling anyone else uses.
  if (name.kind === "translation" && !exactly) cap(THIN_EVIDENCE_CAP, "translation_not_as_written")
  // One distinctive word shared, and nothing else but legal forms, while the listed name has words the screened one
  // lacks ("Zorvak Mining Ltd" or "Zorvak Ltd" against "ZORVAK SHIPPING LTD"): weak evidence, below the hit threshold
  // unless the business's country is one of the entry's. A listed name found whole inside a longer one ("ROSNEFT" in
  // "Rosneft Trading Ltd") is containment, for review as before.
  if (sharedContent === 1 && sharedDistinctive === 1 && significantExtraList && !sameLetters) {
    cap(corroborated ? THIN_WEAK_ALIAS_CAP : THIN_EVIDENCE_CAP, corroborated ? "single_shared_word_corroborated" : "single_shared_word")
  }
  if (translated) cap(CROSS_LANGUAGE_CAP, "cross_language")
  const entryType = index.entries[name.entry]!.entry.entity_type
  // (People's short a.k.a.s, "ABU ALI", are names, not acronyms.)
  // A strong name given exactly as the list writes it (an original-script name, "راحت لمتد") is always reported.
  const asWritten = exactly && !name.weak
  if (name.kind !== "primary" && !asWritten && entryType !== "individual" && isAcronymName(index, nt)) {
    cap(country !== null && countries.has(country) ? THIN_WEAK_ALIAS_CAP : THIN_EVIDENCE_CAP, "acronym_only")
  }
  // A ship is named with ordinary words: a thin name that is not the vessel's name as written is not that vessel, and
  // a name written with a company's legal form ("... Limited", "... SARL") names a company, not a ship.
  if (entryType === "vessel") {
    if (thinness !== "enough" && !exactly) cap(THIN_EVIDENCE_CAP, "thin_name_vessel_entry")
    if (queryHasLegalForm(qt)) cap(THIN_EVIDENCE_CAP, "company_name_vessel_entry")
  }
  if (!explain) return { score }
  return { score, explanation: explainAlignment(
    index,
    { query: qt, name: nt, pairs: chosen, queryUsed: qUsed, nameUsed: nUsed, queryText: query.text, nameText: name.text },
    rules ?? [],
    raw
  ) }
}

export const round = (x: number): number => Math.round(x * 1000) / 1000

