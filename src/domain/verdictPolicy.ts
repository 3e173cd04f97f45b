import { type ReviewReason, reviewReasonOrder } from "./reviewReasons.js"

/**
 * The verdict policy (DESIGN section 4), pure: what the evidence gathered by the Verifier allows us to say.
 * "Could not check" is never reported as clean or as not found.
 */
type SanctionsOutcome = "clear" | "potential_match" | "match" | "unavailable"
type CompanyStatus = "active" | "dissolved" | "dormant" | "unknown" | null

export { type ReviewReason, reviewReasonOrder }

const VERIFIED_MIN_CONFIDENCE = 0.9

/**
 * The version of the matcher and verdict policy a check was answered with: bump on any change to screening, scoring,
 * resolution or this policy, so a stored check says which rules produced it.
 */
export const VERDICT_POLICY_VERSION = "2026-11-27.1"

export interface VerdictEvidence {
  /** A company record was resolved from the inputs. */
  readonly resolved: boolean
  readonly matchConfidence: number
  readonly status: CompanyStatus
  readonly sanctions: SanctionsOutcome
  /** A list screened is past KYB_LISTS_MAX_AGE_DAYS or of unknown date: a clear screening is not evidence of clear. */
  readonly listsStale: boolean
  /** A debarment in force (World Bank ...) was found for the names screened; an ended one does not count. */
  readonly debarred: boolean
  /** A name was given with a registration number and does not match the record found by number. */
  readonly nameMismatch: boolean
  /** Two or more candidates were too close to tell apart. */
  readonly ambiguous: boolean
  /** A registry that had to be consulted could not be reached. */
  readonly registryUnreachable: boolean
  /** The resolved record's registration is backed by a registry (a live answer or a registry's own published file). */
  readonly registryConfirmed: boolean
  /** Nothing a registry confirmed was found and no live registry covers the country: not looked at, not "absent". */
  readonly registryNotCovered: boolean
}

export interface VerdictDecision {
  readonly result: "verified" | "review" | "not_found"
  readonly reviewReason: ReviewReason | null
  readonly reviewReasons: ReadonlyArray<ReviewReason>
}

const applies = (e: VerdictEvidence): Record<ReviewReason, boolean> => ({
  sanctions_match: e.sanctions === "match" || e.sanctions === "potential_match",
  sanctions_unavailable: e.sanctions === "unavailable",
  lists_stale: e.listsStale && e.sanctions !== "unavailable",
  debarred: e.debarred,
  name_mismatch: e.resolved && e.nameMismatch,
  ambiguous_match: e.ambiguous,
  low_match_confidence: e.resolved && e.matchConfidence < VERIFIED_MIN_CONFIDENCE,
  registration_unconfirmed: e.resolved && !e.registryConfirmed,
  status_dissolved: e.resolved && e.status === "dissolved",
  status_dormant: e.resolved && e.status === "dormant",
  status_unknown: e.resolved && (e.status === "unknown" || e.status === null),
  registry_unreachable: e.registryUnreachable,
  registry_not_covered: e.registryNotCovered
})

export const decideVerdict = (evidence: VerdictEvidence): VerdictDecision => {
  const flags = applies(evidence)
  const reasons = reviewReasonOrder.filter((reason) => flags[reason])
  if (!evidence.resolved && !evidence.ambiguous) {
    // not_found only when every relevant registry was checked and the given name is clear of the lists.
    if (reasons.length === 0) return { result: "not_found", reviewReason: null, reviewReasons: [] }
    return { result: "review", reviewReason: reasons[0]!, reviewReasons: reasons }
  }
  if (reasons.length === 0) return { result: "verified", reviewReason: null, reviewReasons: [] }
  return { result: "review", reviewReason: reasons[0]!, reviewReasons: reasons }
}
