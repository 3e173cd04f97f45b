import type { Check } from "../../api/schemas/Check.js"
import type { Verdict } from "../../api/schemas/Verdict.js"
import { html, type Html } from "../html.js"

export type StoredVerdict = typeof Verdict.Encoded

export const verdictOf = (check: Check) => check.verdict as StoredVerdict

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
