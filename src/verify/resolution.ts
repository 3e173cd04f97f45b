import { tokenOverlap } from "../domain/nameAgreement.js"
import { normalizeName } from "../domain/normalize.js"

/** How the verifier reads search candidates. Pure. */
export const RESOLVED_MIN_SCORE = 0.6
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
  if (g !== "" && g === legal) return round2(candidate.matchType === "normalized" ? score : 1)
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
