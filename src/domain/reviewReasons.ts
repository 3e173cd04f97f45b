/**
 * Why a verdict needs a person, in priority order (the first that applies is `review_reason`). The one list: the
 * verdict policy decides with it and the API contract publishes it. Imports nothing, so the typed client can use it.
 */
export const reviewReasonOrder = [
  "sanctions_match",
  "sanctions_unavailable",
  "lists_stale",
  "debarred",
  "name_mismatch",
  "ambiguous_match",
  "low_match_confidence",
  "registration_unconfirmed",
  "status_dissolved",
  "status_dormant",
  "status_unknown",
  "registry_unreachable",
  "registry_not_covered"
] as const

export type ReviewReason = (typeof reviewReasonOrder)[number]

/** Each reason in words a reviewer reads (pages show these, not the codes). */
export const reviewReasonWords: Readonly<Record<ReviewReason, string>> = {
  sanctions_match: "A name in play matches a sanctions list entry",
  sanctions_unavailable: "The sanctions lists could not be screened",
  lists_stale: "A sanctions list screened is older than the operator's limit: the screening may miss recent listings",
  debarred: "A debarment is in force",
  name_mismatch: "The name given does not match the record found by number",
  ambiguous_match: "Several companies match and cannot be told apart",
  low_match_confidence: "The record found is not a close enough match for the name given",
  registration_unconfirmed: "No registry confirms the registration: the business is known only from secondary sources (a stock listing, an EITI report)",
  status_dissolved: "The registry says the company is dissolved",
  status_dormant: "The registry says the company is dormant",
  status_unknown: "The company's status is not known",
  registry_unreachable: "The registry could not be reached",
  registry_not_covered: "No live registry covers this country: absence from the records is not proof the business is unregistered"
}
