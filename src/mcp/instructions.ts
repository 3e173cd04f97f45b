/** What the server tells an agent at initialize: where to start, how a job is finished, what is counted. */
export const instructions = [
  "KYB Africa answers \"is this African business real, registered, active and not sanctioned?\" over 18 official",
  "registries, with the source, checked date and confidence of every value. Start with verify_business or",
  "search_companies; every verdict is kept as a check (get_check). list_review_queue shows the hits waiting for a",
  "reviewer and record_decision records one (a read_write key is needed). Each tool call counts as one request",
  "against the key's monthly quota."
].join(" ")
