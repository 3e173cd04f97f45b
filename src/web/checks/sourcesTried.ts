import { dataTable, html } from "../html.js"
import type { StoredVerdict } from "./view.js"

const reasonWords: Readonly<Record<string, string>> = {
  not_configured: "switched off here (or no credentials)",
  breaker_open: "failing lately: not asked until it recovers",
  no_live_source: "nothing here can ask it live",
  answered_from_store: "the store already held the business",
  answered_within_ttl: "it answered this name lately; the store holds its answer",
  not_searchable: "what was given is not something it can look up",
  unreachable: "no usable answer"
}

/** Which live sources the verification tried, what each answered and what each can confirm (issue 54). */
export const sourcesTriedSection = (verdict: StoredVerdict) => {
  const tried = verdict.sources_tried
  if (tried === undefined) return ""
  return html`<section aria-labelledby="tried"><h2 id="tried">Sources tried</h2>${dataTable("Each live source in scope: what it was asked, its answer, what it can confirm",
    ["Source", "Asked", "Outcome", "Why", "Can confirm"],
    tried.map((t) => [
      t.source === "gleif" ? "GLEIF" : html`<code>${t.source}</code>`,
      t.asked === null ? "nothing" : `the ${t.asked}`,
      t.outcome.replace(/_/g, " "),
      t.reason === null ? null : reasonWords[t.reason] ?? t.reason.replace(/_/g, " "),
      t.can_confirm.length === 0 ? "nothing" : t.can_confirm.join(", ")
    ]),
    { empty: "No registry is in the scope of this verification." })}</section>`
}
