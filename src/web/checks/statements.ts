import type { Check } from "../../domain/schemas/Check.js"
import { outcomeWords, statusWords as caseStatusWords } from "../../domain/cases.js"
import { html, type Html } from "../html.js"
import type { StoredVerdict } from "./view.js"

/** A registry's date as a date that never wraps (the time of day is the source's, not the registration's). */
const day = (iso: string) => html`<time class="nowrap" datetime="${iso.slice(0, 10)}">${iso.slice(0, 10)}</time>`

/**
 * Whether a registry said the business is registered, as the verdict's `registered` and its company's
 * `registry_evidence` say it: the source, the kind (live: a registry's live answer; registry: its published file)
 * and the date. A screening asks about a name, not a business: it has no such statement (null).
 */
export const registeredWords = (check: Check, verdict: StoredVerdict): Html | null => {
  if (check.kind === "screen") return null
  const evidence = verdict.company?.registry_evidence ?? null
  if (verdict.registered && evidence !== null) return html`<strong>Registered: yes</strong>, per ${evidence.source}, ${evidence.kind}, ${day(evidence.checked_at)}`
  if (verdict.registered) return html`<strong>Registered: yes</strong> (this check was made before the registry's source and date were kept)`
  return html`<strong>Registered: no</strong>${
    verdict.company === null ? ": no business was resolved from the inputs" : ": no registry said so (the business is known from other sources only)"}`
}

/** The statement at the top of a check's page. */
export const registeredStatement = (check: Check, verdict: StoredVerdict): Html | null => {
  const words = registeredWords(check, verdict)
  return words === null ? null : html`<p id="registered">${words}.</p>`
}

/** The case of the check's subject, in words: its id, status and outcome (with its text unless `withText` is false); or that none holds it. */
export const caseStatement = (kase: Check["case"], withText = true): string =>
  kase === undefined || kase === null
    ? "none"
    : `${kase.id}: ${caseStatusWords[kase.status]}${kase.outcome === null ? "" : `, outcome ${outcomeWords[kase.outcome]}${
      kase.outcome_text === null || !withText ? "" : ` (${kase.outcome_text})`}`}`

export const caseFact = (kase: Check["case"]): Html | string =>
  kase === undefined || kase === null ? "none" : html`<a href="/dashboard/cases/${kase.id}">${caseStatement(kase)}</a>`
