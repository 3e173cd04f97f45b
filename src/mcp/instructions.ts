/** What the server tells an agent at initialize: where to start, how a job is finished, what is counted. */
export const instructions = [
  "KYB Africa answers \"is this African business real, registered, active and not sanctioned?\" over 18 official",
  "registries (list_registries says which are covered live), with the source, checked date and confidence of every value.",
  "Start with verify_business (or search_companies). A verdict in review says why in `review_reasons`; on",
  "ambiguous_match, call verify_business again with the `registration_no` and `country` of the intended candidate.",
  "Every verdict is kept as a check (get_check, list_checks). Every verdict in review opens or joins its subject's case:",
  "list_cases is the review queue, get_case shows a case's checks, hits and history, comment_case records a note, and",
  "record_decision decides a hit (a false positive on a strong match may wait for a second member's approval, made in",
  "the console). Many businesses at once: submit_batch, then get_batch until `status` is",
  "done. To be told of changes: create_monitor, then list_events. Tools that change something need a read_write key.",
  "Each tool call counts as one request against the key's monthly quota (submit_batch: one per row verified); a tool",
  "error is a JSON object {error, message} as the REST API answers it."
].join(" ")
