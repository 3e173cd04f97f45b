import type { CasePage, CaseSummary } from "../../domain/schemas/Case.js"
import type { CaseBulkAnswer } from "../../domain/schemas/CaseBulk.js"
import { serviceStanding, standingWords } from "../../domain/caseQueue.js"
import { caseOutcomes, caseStatuses, outcomeWords, statusWords } from "../../domain/cases.js"
import { reviewReasonOrder } from "../../domain/reviewReasons.js"
import { type Console, consolePage, csrfField, may } from "../console.js"
import { dataTable, html, type Html } from "../html.js"
import { listWords, reasonWords } from "../words.js"
import { queueShortcutsHelp } from "./keyboard.js"

export interface QueueView {
  readonly members: ReadonlyArray<{ readonly id: string; readonly name: string }>
  readonly savedFilters: ReadonlyArray<{ readonly id: string; readonly name: string; readonly query: string }>
  readonly policy?: { readonly enabled: boolean; readonly threshold: number }
  readonly results?: CaseBulkAnswer
  readonly error?: string
}

/** The filters of the view shown, as its query string (kept by the bulk form and the saved-filter form). */
export const QUEUE_FILTERS = ["status", "reason", "list", "assignee", "min_age_days", "pending", "waiting_for", "overdue", "sort"] as const

export const option = (value: string, label: string, selected: string | undefined) =>
  html`<option value="${value}"${selected === value ? html` selected` : ""}>${label}</option>`

const checkbox = (name: string, value: string, label: string, checked: boolean) =>
  html`<div><label><input type="checkbox" name="${name}" value="${value}"${checked ? html` checked` : ""}> ${label}</label></div>`

export const subjectWords = (s: CaseSummary["subject"]) =>
  [s.name ?? s.name_given ?? "(no name)", s.registration_no ?? null, s.country ?? null]
    .filter((p): p is string => p !== null).join(" · ")

const bestHit = (c: CaseSummary) => c.best_hit === null ? "—" : `${c.best_hit.score.toFixed(2)} ${listWords(c.best_hit.list)} (${c.best_hit.name})`

const ageWords = (k: CaseSummary, hours: number | null) => {
  const standing = serviceStanding(new Date(k.opened_at), k.status === "closed", hours, Date.now())
  return k.overdue ? html`<strong>${standingWords(standing, hours)}</strong>` : standingWords(standing, hours)
}

const escalationWords = (k: CaseSummary) =>
  k.escalated_to === null || k.status !== "escalated" ? "" : ` to ${k.escalated_to.member?.name ?? `every ${k.escalated_to.role ?? "member"}`}`

/** The four-eyes policy, for whoever may set it (owners and admins); the others read it. */
const policySection = (c: Console, policy: { readonly enabled: boolean; readonly threshold: number }) => {
  const said = policy.enabled
    ? `On: a false positive on a hit scored ${policy.threshold} or more, or on an exact name match, waits for a second member's approval.`
    : "Off: one member's false positive dismisses a hit at once."
  return html`<section aria-labelledby="policy-h"><h2 id="policy-h">Four eyes</h2><p>${said}</p>
${may(c, "manage") ? html`<form method="post" action="/dashboard/cases/policy">${csrfField(c.csrf)}
<div><label><input type="checkbox" name="four_eyes" value="on"${policy.enabled ? html` checked` : ""}> A second member approves false positives on strong matches</label></div>
<div><label for="threshold">From a score of</label> <input id="threshold" name="threshold" type="number" min="0.5" max="1" step="0.01" value="${String(policy.threshold)}" required></div>
<p><button type="submit">Save the policy</button></p></form>` : ""}</section>`
}

const resultWords: Readonly<Record<CaseBulkAnswer["results"][number]["result"], string>> = {
  changed: "done",
  proposed: "proposed: waits for a second member",
  refused: "refused",
  not_found: "not found"
}

/** What a bulk action did, case by case: focused after the post (the keyboard returns to the form it used). */
const resultsSection = (answer: CaseBulkAnswer, cases: ReadonlyArray<CaseSummary>) => {
  const nameOf = (id: string) => { const k = cases.find((c) => c.id === id); return k === undefined ? id : subjectWords(k.subject) }
  return html`<section id="bulk-results" tabindex="-1" data-focus aria-labelledby="bulk-results-h"><h2 id="bulk-results-h">${answer.action}: ${answer.changed} changed, ${answer.refused} left as they were</h2>
${dataTable("Each case", ["Case", "Result", "Why"], answer.results.map((r) => [html`<a href="/dashboard/cases/${r.case_id}">${nameOf(r.case_id)}</a>`, resultWords[r.result], r.message ?? "—"]), { id: "bulk-results-table" })}</section>`
}

/** The entries the cases shown have hits on, to decide one across them. */
const entriesOf = (cases: ReadonlyArray<CaseSummary>) => [...new Set(cases.flatMap((k) => k.hits))].sort()

const bulkActions = (c: Console, view: QueueView, cases: ReadonlyArray<CaseSummary>) => {
  const me = c.account.member.id
  const entries = entriesOf(cases)
  return html`<fieldset id="bulk-actions"><legend>With the cases selected</legend>
<div class="actions"><div><label for="b-assignee">Give them to</label><select id="b-assignee" name="assignee" data-key="b">${option(me, "me", undefined)}${option("none", "nobody", undefined)}${
    view.members.filter((m) => m.id !== me).map((m) => option(m.id, m.name, undefined))}</select></div>
<button type="submit" name="action" value="assign">Assign</button></div>
<div class="actions"><div><label for="b-outcome">Close with the outcome</label><select id="b-outcome" name="outcome">${option("", "choose an outcome", undefined)}${caseOutcomes.map((o) => option(o, outcomeWords[o], undefined))}</select></div>
<div><label for="b-text">Note: why this outcome (required to close)</label><input id="b-text" name="text" type="text" maxlength="2000"></div>
<button type="submit" name="action" value="close">Close</button></div>
<div class="actions"><div><label for="b-entry">Decide the list entry</label><select id="b-entry" name="entry">${entries.length === 0 ? option("", "no hit on these cases", undefined) : entries.map((e) => {
    const at = e.indexOf(":")
    return option(e, `${listWords(e.slice(0, at))} ${e.slice(at + 1)}`, undefined)
  })}</select></div>
<div><label for="b-decision">Decision</label><select id="b-decision" name="decision"><option value="">choose a decision</option><option value="false_positive">false positive</option><option value="confirmed">confirmed match</option></select></div>
<div><label for="b-note">Why (required to decide, approve or reject)</label><textarea id="b-note" name="note" rows="2" maxlength="2000"></textarea></div>
<button type="submit" name="action" value="decide">Decide on each</button>
<button type="submit" name="action" value="approve">Approve each proposal</button> <button type="submit" name="action" value="reject">Reject each proposal</button></div>
<p>Each case is changed on its own and answered on its own; four eyes applies to each decision as on one case.</p></fieldset>`
}

/** The queue: filters, saved filters, one row per case with a box to select it, and what to do with those selected. */
export const queuePage = (c: Console, page: CasePage, view: QueueView) => {
  const q = c.query
  const filters = Object.fromEntries(QUEUE_FILTERS.flatMap((k) => { const v = q(k); return v === undefined || v === "" ? [] : [[k, v]] }))
  const shown = new URLSearchParams(filters).toString()
  const next = new URLSearchParams(filters)
  if (page.next_cursor !== null) next.set("cursor", page.next_cursor)
  const me = c.account.member.id
  const work = may(c, "work")
  const rows = page.cases.map((k) => [
    ...(work ? [html`<input type="checkbox" name="case" value="${k.id}" id="pick-${k.id}" aria-label="Select ${subjectWords(k.subject)}">`] : []),
    html`<a href="/dashboard/cases/${k.id}" data-case>${subjectWords(k.subject)}</a>`,
    k.reasons_in_words.join("; ") || "—",
    bestHit(k),
    k.check_count,
    ageWords(k, page.service_hours),
    k.assignee?.name ?? "nobody",
    html`${statusWords[k.status]}${k.reopened_at === null ? "" : " · reopened by a new hit or reason"}${escalationWords(k)}${k.pending_decisions > 0 ? html` · <strong>${k.pending_decisions} waiting for a second look</strong>` : ""}`
  ])
  const table = dataTable("Cases", [...(work ? ["Select"] : []), "Subject", "Reasons", "Best hit", "Checks", page.service_hours === null ? "Age" : "Age against the service level", "Assignee", "Status"], rows,
    { empty: "No case matches.", id: "cases" })
  const saved: Html = view.savedFilters.length === 0 ? html`` : html`<nav aria-label="Saved filters"><h2 id="saved-h">Saved filters</h2><ul>${view.savedFilters.map((f) =>
    html`<li><a href="/dashboard/cases?${f.query}">${f.name}</a> <form method="post" action="/dashboard/cases/filters/${f.id}/delete" class="inline">${csrfField(c.csrf)}<button type="submit" aria-label="Remove the saved filter ${f.name}">Remove</button></form></li>`)}</ul></nav>`
  return consolePage(c, "Cases", "/dashboard/cases", html`<p>Every verdict in <strong>review</strong> opens or joins the case of its subject.
Take a case, read its evidence, decide its hits and close it with an outcome. ${page.service_hours === null
    ? html`No service level is set${may(c, "own") ? html` (<a href="/dashboard/account/service-level">set one</a>)` : ""}.`
    : html`Service level: ${page.service_hours} hours from opening; oldest first puts the overdue ones first${may(c, "own") ? html` (<a href="/dashboard/account/service-level">change it</a>)` : ""}.`}</p>
${queueShortcutsHelp}
${saved}
<form method="get" action="/dashboard/cases" class="filters" role="search" aria-label="Filter the cases">
<div><label for="f-status">Status</label><select id="f-status" name="status" data-key="/">${option("", "not closed", q("status"))}${
    caseStatuses.map((s) => option(s, statusWords[s], q("status")))}</select></div>
<div><label for="f-reason">Reason</label><select id="f-reason" name="reason">${option("", "any", q("reason"))}${
    reviewReasonOrder.map((r) => option(r, reasonWords(r), q("reason")))}</select></div>
<div><label for="f-assignee">Assignee</label><select id="f-assignee" name="assignee">${option("", "anyone", q("assignee"))}${
    option("none", "nobody (unassigned)", q("assignee"))}${option(me, "me (my cases)", q("assignee"))}</select></div>
<div><label for="f-sort">Order</label><select id="f-sort" name="sort">${option("age", "oldest first (overdue first)", q("sort"))}${option("score", "best hit first", q("sort"))}${option("reasons", "most open reasons first", q("sort"))}</select></div>
${checkbox("waiting_for", me, "waiting for me", q("waiting_for") === me)}
${checkbox("overdue", "true", "overdue", q("overdue") === "true")}
${checkbox("pending", "true", "waiting for a second look", q("pending") === "true")}
<div><button type="submit">Filter</button> <a href="/dashboard/cases">Clear</a></div></form>
<form method="post" action="/dashboard/cases/filters" class="actions">${csrfField(c.csrf)}${QUEUE_FILTERS.map((k) => filters[k] === undefined ? "" : html`<input type="hidden" name="${k}" value="${filters[k]}">`)}
<div><label for="s-name">Save these filters as</label><input id="s-name" name="name" type="text" maxlength="60"></div><button type="submit">Save the filter</button></form>
${view.error === undefined ? "" : html`<p class="error" role="alert">${view.error}</p>`}
${work ? html`<form method="post" action="/dashboard/cases/bulk" id="bulk">${csrfField(c.csrf)}<input type="hidden" name="view" value="${shown}">
${view.results === undefined ? "" : resultsSection(view.results, page.cases)}
${table}
${page.cases.length === 0 ? "" : bulkActions(c, view, page.cases)}</form>` : table}
${page.next_cursor === null ? "" : html`<p><a href="/dashboard/cases?${next.toString()}">More cases</a></p>`}
${view.policy === undefined ? "" : policySection(c, view.policy)}`)
}
