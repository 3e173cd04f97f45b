/**
 * Why a verdict needs a person, in priority order (the first that applies is `review_reason`). The one list: the
 * verdict policy decides with it and the API contract publishes it. Imports nothing, so the typed client can use it.
 */
export const reviewReasonOrder = [
  "sanctions_match",
  "sanctions_unavailable",
  "debarred",
  "name_mismatch",
  "ambiguous_match",
  "low_match_confidence",
  "status_dissolved",
  "status_dormant",
  "status_unknown",
  "registry_unreachable"
] as const

export type ReviewReason = (typeof reviewReasonOrder)[number]
