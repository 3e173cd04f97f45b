import type { Check } from "../../domain/schemas/Check.js"
import type { Screening } from "../../domain/schemas/Screen.js"
import type { Verdict } from "../../domain/schemas/Verdict.js"
import { html, type Html } from "../html.js"

export type StoredVerdict = typeof Verdict.Encoded
export type Hit = StoredVerdict["sanctions"]["hits"][number]

type StoredScreening = typeof Screening.Encoded

/**
 * A screening kept as a check (`kind` screen), shown as a verdict of no company: its result, its hits as the
 * sanctions screening, the one name screened with the kinds it was screened against.
 */
const screeningAsVerdict = (s: StoredScreening): StoredVerdict => ({
  result: s.result as StoredVerdict["result"],
  registered: false,
  match_confidence: 0,
  company: null,
  candidates: [],
  sanctions: { screened: s.result !== "unavailable", result: s.result, hits: s.hits },
  data_confidence: null,
  signals: {
    listed: false, has_government_contracts: false, has_trademarks: false, active: false, registry_reachable: true,
    sanctions_hit: s.result === "match" || s.result === "potential_match", officer_sanctions_hit: false, officers_screened: 0, debarred: null
  },
  sources: s.sources,
  known_from: [],
  lists: s.lists,
  names_screened: [{ name: s.name, from: "input", screened_as: s.screened_as }],
  review_reason: null,
  review_reasons: [],
  checked_at: s.checked_at,
  check_id: s.check_id
})

export const verdictOf = (check: Check): StoredVerdict =>
  check.kind === "screen" ? screeningAsVerdict(check.verdict as StoredScreening) : check.verdict as StoredVerdict

export const badge = (text: string) => html`<span class="verdict ${text}">${text.replace(/_/g, " ")}</span>`

/** What a check was about, in a few words: the name or number as sent. */
export const subjectOf = (input: Readonly<Record<string, string>>) =>
  [input["name"], input["registration_no"], input["country"]].filter((v) => v !== undefined && v !== "").join(", ") || "—"

export const keyLabel = (keyId: string | null, keys: ReadonlyArray<{ readonly id: string; readonly prefix: string | null; readonly label: string | null }>) => {
  if (keyId === null) return "the console"
  const key = keys.find((k) => k.id === keyId)
  return key === undefined ? keyId : `${key.prefix ?? key.id}…${key.label === null ? "" : ` (${key.label})`}`
}

export const checkLink = (id: string, text: string | Html = id.slice(0, 8)) => html`<a href="/dashboard/checks/${id}">${text}</a>`
