/** How the verifier reads search candidates. Pure. */
export const RESOLVED_MIN_SCORE = 0.6
export const AMBIGUITY_MARGIN = 0.05

export interface ScoredCandidate {
  readonly score: number
}

/** Two or more candidates close to the best one (and themselves strong) cannot be told apart. */
export const isAmbiguous = (candidates: ReadonlyArray<ScoredCandidate>): boolean => {
  const [best, second] = candidates
  if (best === undefined || second === undefined) return false
  return second.score >= RESOLVED_MIN_SCORE && best.score - second.score <= AMBIGUITY_MARGIN
}
