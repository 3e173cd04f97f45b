import type { Decision } from "../../domain/schemas/Decision.js"
import { proposedByWords, secondLookWords, statusWords } from "../cases/decisionViews.js"
import { type Console, csrfField, may } from "../console.js"
import { dataTable, html, type Html, when } from "../html.js"
import { listWords, matchWords } from "../words.js"
import { listedOnWords, listingFacts } from "./listingFacts.js"
import { badge, type Hit, type StoredVerdict } from "./view.js"

export const facts = (entries: ReadonlyArray<readonly [string, string | Html | null]>) =>
  html`<dl class="facts">${entries.map(([k, v]) => html`<dt>${k}</dt><dd>${v ?? "—"}</dd>`)}</dl>`

const factorWords = (f: { readonly factor: string; readonly effect: number; readonly detail: string }) =>
  html`<li>${matchWords(f.detail)}${f.effect === 0 ? "" : html` (${f.effect > 0 ? "added" : "cost"} ${Math.round(Math.abs(f.effect) * 100)}% of the score)`}</li>`

const SCREENED_FROM: Readonly<Record<string, string>> = {
  input: "the name as sent", legal_name: "the legal name", alias: "an alias", former_name: "a former name", officer: "an officer", owner: "an owner"
}

export const hitCard = (c: Console, checkId: string, hit: Hit, index: number, decided: Decision | undefined) => {
  const state = hit.decision === null
    ? decided === undefined ? html`<strong>undecided</strong>`
      : html`decided since: <strong>${decided.decision.replace("_", " ")}</strong>, <strong>${statusWords(decided)}</strong> (${decided.note ?? ""}), ${when(decided.created_at)} by ${proposedByWords(decided)}; second look: ${secondLookWords(decided)}`
    : html`<strong>${hit.decision.decision.replace("_", " ")}</strong>${hit.dismissed ? ": dismissed, not counted in the verdict" : ""}${
      decided === undefined ? "" : html` (${decided.note ?? ""}), by ${proposedByWords(decided)}; second look: ${secondLookWords(decided)}`}`
  const id = `hit-${index}`
  return html`<section class="card" aria-labelledby="${id}"><h3 id="${id}">${hit.name} <small>(${listWords(hit.list)}, entry ${hit.entry_id})</small></h3>
${facts([
    ["List", `${listWords(hit.list)} version ${hit.list_version}`], ["Entry", hit.entry_id], ["Entry hash", html`<code>${hit.entry_hash}</code>`],
    ["Listed name matched", hit.matched_name], ["Name screened", `${hit.screened_name} (${SCREENED_FROM[hit.screened_from] ?? hit.screened_from})`],
    ["Score", hit.score.toFixed(2)], ["Programs", hit.programs.join(", ") || "—"], ["Entity type", hit.entity_type], ["Listed on", listedOnWords(hit)],
    ...listingFacts(hit),
    ["Decision", state]
  ])}
<p>${matchWords(hit.explanation.summary)}</p><ul>${hit.explanation.factors.map(factorWords)}</ul>
${hit.decision === null && (decided === undefined || decided.status === "rejected" || decided.status === "withdrawn") && may(c, "work") ? decideForm(c, checkId, hit, index) : ""}</section>`
}

const decideForm = (c: Console, checkId: string, hit: Hit, index: number) =>
  html`<form method="post" action="/dashboard/checks/${checkId}/decisions" class="no-print">${csrfField(c.csrf)}
<input type="hidden" name="list" value="${hit.list}"><input type="hidden" name="entry_id" value="${hit.entry_id}">
<fieldset><legend>Decide on ${hit.name}</legend>
<input type="radio" id="fp-${index}" name="decision" value="false_positive" required><label class="inline" for="fp-${index}">False positive</label>
<input type="radio" id="cf-${index}" name="decision" value="confirmed"><label class="inline" for="cf-${index}">Confirmed match</label>
<label for="reason-${index}">Reason (required)</label><textarea id="reason-${index}" name="reason" rows="2" required maxlength="2000"></textarea>
<p><button type="submit" class="primary">Record the decision on ${hit.name}</button></p></fieldset></form>`

/** The officers and owners screened with the business, each with their own result and the hits their name produced. */
export const peopleSection = (verdict: StoredVerdict) => {
  const people = verdict.people_screened
  const body = people === undefined
    ? html`<p>${verdict.signals.officers_screened} screened; this check was made before each person's own result was kept.</p>`
    : dataTable("Each person screened with their own result", ["Name", "As", "Role in the record", "Result", "Hits"],
      people.map((p) => {
        const own = verdict.sanctions.hits.filter((h) => h.screened_name === p.name && h.screened_from === p.role)
        return [p.name, p.role, p.position, badge(p.result), own.map((h) => `${listWords(h.list)} ${h.entry_id} (${h.score.toFixed(2)})`).join("; ") || "none"]
      }), { empty: verdict.company === null ? "No company was resolved: no officer or owner to screen." : "The record names no officer or owner: none was screened." })
  return html`<section aria-labelledby="people"><h2 id="people">Officers and owners screened</h2>${body}</section>`
}
