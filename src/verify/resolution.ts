import { tokenOverlap } from "../domain/nameAgreement.js"
import { normalizeName } from "../domain/normalize.js"
import { compactKey } from "../domain/searchKeys.js"
import { editDistance } from "../sanctions/matching/similarity.js"
import { type NameToken, tokenize, TokenClass } from "../sanctions/matching/tokens.js"

/**
 * How the verifier reads search candidates. Pure.
 *
 * A candidate found by name becomes the verdict's company only when it really is the business named: its score
 * reaches RESOLVED_MIN_SCORE and its distinctive words agree with the name given (`designates`). Below that the
 * verdict names no company and lists the closest candidates for a reviewer.
 */
export const RESOLVED_MIN_SCORE = 0.7
export const AMBIGUITY_MARGIN = 0.05

/**
 * A name that covers only part of the record's name ("Dangote" for "Dangote Cement PLC") is found by the literal
 * tiers with score 1; for a verdict it is partial evidence and stays below the verified bar (0.90): 0.60 plus up
 * to 0.25 for the share of the record's words it holds.
 */
export const PARTIAL_BASE = 0.6
export const PARTIAL_SPAN = 0.25

export interface ScoredCandidate {
  readonly score: number
}

/** Two or more candidates close to the best one (and themselves strong) cannot be told apart. */
export const isAmbiguous = (candidates: ReadonlyArray<ScoredCandidate>): boolean => {
  const [best, second] = candidates
  if (best === undefined || second === undefined) return false
  return second.score >= RESOLVED_MIN_SCORE && best.score - second.score <= AMBIGUITY_MARGIN
}

export interface NameCandidate {
  readonly legalName: string
  readonly country: string
  /** The search tier that found it (id, prefix, contains, normalized, alias, fuzzy, live). */
  readonly matchType: string
  readonly matchScore: number
}

const round2 = (n: number) => Math.round(n * 100) / 100

/**
 * The match confidence of a candidate found by name: the search score, except that a literal or normalised match
 * on part of the name is capped below the verified bar. A whole-name match (equal after normalisation) keeps its
 * tier's score (1 literal, 0.98 normalised); aliases and fuzzy matches keep the search's own scale (whole alias
 * 0.95, alias prefix < 0.90, fuzzy <= 0.90 x similarity).
 */
export const candidateConfidence = (given: string, candidate: NameCandidate): number => {
  const score = candidate.matchScore
  if (candidate.matchType !== "prefix" && candidate.matchType !== "contains" && candidate.matchType !== "normalized") {
    return round2(score)
  }
  const g = normalizeName(given, candidate.country)
  const legal = normalizeName(candidate.legalName, candidate.country)
  // The whole name with other spacing ("Eco Bank Ghana" for "Ecobank Ghana Ltd") is a whole-name match too.
  if (g !== "" && (g === legal || compactKey(g) === compactKey(legal))) {
    return round2(candidate.matchType === "normalized" ? score : 1)
  }
  if (given.trim().toLowerCase() === candidate.legalName.trim().toLowerCase()) return 1
  return round2(Math.min(score, PARTIAL_BASE + PARTIAL_SPAN * tokenOverlap(g, legal)))
}

/** Candidates re-scored for a verdict, best first (stable for equal scores: the search's order). */
export const rescore = <C extends NameCandidate>(
  given: string,
  candidates: ReadonlyArray<C>
): ReadonlyArray<C & ScoredCandidate> =>
  candidates
    .map((c, i) => ({ c: { ...c, score: candidateConfidence(given, c) }, i }))
    .sort((a, b) => b.c.score - a.c.score || a.i - b.i)
    .map(({ c }) => c)

/** Words that tell businesses apart: not legal forms, stopwords, generic business words or places. */
const distinctive = (tokens: ReadonlyArray<NameToken>) =>
  tokens.filter((t) => t.cls === TokenClass.word || t.cls === TokenClass.numeric).map((t) => t.text)

const content = (tokens: ReadonlyArray<NameToken>) =>
  tokens.filter((t) => t.cls !== TokenClass.legalForm && t.cls !== TokenClass.stopword).map((t) => t.text)

/** A typo of one or two edits (transposed letters are one), allowed on words long enough to carry it. */
const sameWord = (a: string, b: string): boolean => {
  if (a === b) return true
  const shorter = Math.min(a.length, b.length)
  const budget = shorter >= 9 ? 2 : shorter >= 5 ? 1 : 0
  return budget > 0 && Math.abs(a.length - b.length) <= budget && editDistance(a, b, budget) <= budget
}

/**
 * Whether a stored name designates the business given: every distinctive word of the given name is in it (as
 * written or with a typo), and at least one distinctive word is shared. A name with no distinctive word at all
 * ("National Insurance Company") must have all its words, places and generic ones included, in the stored name.
 * Legal forms, generic words and places alone never designate a business.
 */
export const designates = (given: string, stored: string): boolean => {
  const g = tokenize(given)
  const s = tokenize(stored)
  const gDistinct = distinctive(g)
  const sWords = content(s)
  if (gDistinct.length === 0) {
    const gWords = content(g)
    return gWords.length > 0 && gWords.every((w) => sWords.some((x) => sameWord(w, x)))
  }
  return gDistinct.every((w) => sWords.some((x) => sameWord(w, x)))
}
