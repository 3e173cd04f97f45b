import type { CaseSummary } from "../../domain/schemas/Case.js"
import type { SanctionsHit } from "../../domain/schemas/Verdict.js"
import { caseOutcomes, outcomeWords } from "../../domain/cases.js"
import { outcomesOffered, reasonsToAcknowledge } from "../../domain/caseFlow.js"
import { type Console, csrfField } from "../console.js"
import { html, type Html } from "../html.js"
import { listWords, reasonWords } from "../words.js"

/**
 * The case page's two forms (issue 55): nothing is chosen for the member. No hit ticked, no decision picked, no
 * outcome picked; every choice and note is required by the browser and again by the server.
 */
export const decideHitsForm = (c: Console, base: string, undecided: ReadonlyArray<SanctionsHit>): Html =>
  html`<form method="post" action="${base}/decisions">${csrfField(c.csrf)}
<fieldset><legend>Tick the hits to decide (each with the entries linked to it on other lists)</legend>${undecided.map((h, i) =>
    html`<div><input type="checkbox" id="hit-${i}" name="hit" value="${h.list}:${h.entry_id}"> <label class="inline" for="hit-${i}">${h.score.toFixed(2)} ${listWords(h.list)} ${h.entry_id}: ${h.name}${
      h.linked.length === 0 ? "" : ` (linked: ${h.linked.map((l) => `${listWords(l.list)} ${l.entry_id}`).join(", ")})`}</label></div>`)}</fieldset>
<fieldset><legend>Decision</legend>
<div><input type="radio" id="d-fp" name="decision" value="false_positive" required> <label class="inline" for="d-fp">False positive</label></div>
<div><input type="radio" id="d-cf" name="decision" value="confirmed"> <label class="inline" for="d-cf">Confirmed match</label></div></fieldset>
<div><label for="d-note">Reason for the decision</label><textarea id="d-note" name="note" required maxlength="2000"></textarea></div>
<button type="submit">Decide the ticked hits</button></form>`

/**
 * Closing: an outcome picked, a note, and (to clear it) each open reason other than a sanctions match ticked as
 * considered. "Resolved by a later check" is offered only when the latest check clears every reason and hit.
 */
export const closeCaseForm = (c: Console, base: string, k: CaseSummary): Html => {
  const toAcknowledge = reasonsToAcknowledge(k.reasons)
  return html`<h2 id="close" tabindex="-1" data-key="x">Close</h2><form method="post" action="${base}/close">${csrfField(c.csrf)}
<fieldset><legend>Outcome</legend>${outcomesOffered(caseOutcomes, k.resolved_by_later_check).map((o) =>
    html`<div><input type="radio" id="o-${o}" name="outcome" value="${o}" required> <label class="inline" for="o-${o}">${outcomeWords[o]}</label></div>`)}</fieldset>
${toAcknowledge.length === 0 ? "" : html`<fieldset id="acknowledge"><legend>To clear the case, confirm you considered each reason still open</legend>${toAcknowledge.map((r) =>
    html`<div><input type="checkbox" id="ack-${r}" name="acknowledge" value="${r}"> <label class="inline" for="ack-${r}">${reasonWords(r)}</label></div>`)}</fieldset>`}
<div><label for="o-text">Note: why this outcome</label><textarea id="o-text" name="text" required maxlength="2000"></textarea></div>
<button type="submit">Close the case</button></form>`
}

/** The case's reasons now (its latest check's), and those an earlier check gave that are gone since. */
export const reasonFacts = (k: CaseSummary): Html => {
  const gone = k.reasons_seen.filter((r) => !k.reasons.includes(r))
  return html`<dt>Reasons (latest check)</dt><dd id="case-reasons">${k.reasons.map(reasonWords).join("; ") || "none: the latest check clears every reason"}</dd>${
    gone.length === 0 ? "" : html`<dt>Earlier reasons, gone since</dt><dd id="case-earlier-reasons">${gone.map(reasonWords).join("; ")}</dd>`}${
    k.reopened_at === null ? "" : html`<dt>Reopened</dt><dd>on ${k.reopened_at.slice(0, 16).replace("T", " ")} UTC by a new hit or reason (the history names the check or decision)</dd>`}`
}

const strings = (value: unknown): ReadonlyArray<string> => Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []

/** A check joining or opening the case again, in the history's words (null: not one of these). */
export const checkHistoryWords = (kind: string, details: Readonly<Record<string, unknown>>): string | null => {
  const check = typeof details["check_id"] === "string" ? details["check_id"].slice(0, 8) : "?"
  const result = typeof details["result"] === "string" ? `, ${details["result"]}` : ""
  const reasons = strings(details["reasons"])
  const said = reasons.length === 0 ? "no reason" : reasons.map(reasonWords).join("; ")
  if (kind === "check_joined") return `check ${check} joined${result} (${said})${details["latest"] === false ? ", older than the latest check" : ""}`
  if (kind !== "reopened") return null
  const news = [...strings(details["new_reasons"]).map(reasonWords), ...strings(details["new_hits"]).map((h) => `hit ${h}`)]
  return typeof details["check_id"] === "string"
    ? `check ${check} reopened the case${result}: new since the latest check: ${news.join("; ") || said}`
    : `reopened the case: a decision proposed on its subject waits for a second look${news.length === 0 ? "" : ` (${news.join("; ")})`}`
}
