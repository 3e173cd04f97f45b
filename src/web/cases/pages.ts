import type { CaseDetail, CasePage, CaseSummary } from "../../api/schemas/Case.js"
import { caseStatuses, outcomeWords, statusWords } from "../../domain/cases.js"
import { reviewReasonOrder } from "../../domain/reviewReasons.js"
import { attributionWords } from "../attribution.js"
import { byProposal, proposalActions, proposalCells } from "./decisionViews.js"
import { caseHitFacts } from "./hitFacts.js"
import { checkHistoryWords, closeCaseForm, decideHitsForm, reasonFacts } from "./caseForms.js"
import { checkLink } from "../checks/view.js"
import { type Console, consolePage, csrfField, may } from "../console.js"
import { dataTable, html, type Html, when } from "../html.js"
import { listWords, reasonWords } from "../words.js"

const option = (value: string, label: string, selected: string | undefined) =>
  html`<option value="${value}"${selected === value ? html` selected` : ""}>${label}</option>`

/** The subject in a few words: its name, its registration number as the registry writes it (prefix included), its country. */
export const subjectWords = (s: CaseSummary["subject"]) =>
  [s.name ?? s.name_given ?? "(no name)", s.registration_no ?? null, s.country ?? null]
    .filter((p): p is string => p !== null).join(" · ")

const caseLink = (c: CaseSummary) => html`<a href="/dashboard/cases/${c.id}">${subjectWords(c.subject)}</a>`

const bestHit = (c: CaseSummary) => c.best_hit === null ? "—" : `${c.best_hit.score.toFixed(2)} ${listWords(c.best_hit.list)} (${c.best_hit.name})`

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

/** The queue: one row per case, filtered and sorted as the query says. */
export const queuePage = (c: Console, page: CasePage, error?: string, policy?: { readonly enabled: boolean; readonly threshold: number }) => {
  const q = c.query
  const kept = new URLSearchParams(Object.entries({ status: q("status"), reason: q("reason"), assignee: q("assignee"), sort: q("sort"), pending: q("pending") })
    .filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""))
  if (page.next_cursor !== null) kept.set("cursor", page.next_cursor)
  const rows = page.cases.map((k) => [
    caseLink(k),
    k.reasons_in_words.join("; ") || "—",
    bestHit(k),
    k.check_count,
    `${k.age_days} d`,
    k.assignee?.name ?? "nobody",
    html`${statusWords[k.status]}${k.reopened_at === null ? "" : " · reopened by a later check"}${k.pending_decisions > 0 ? html` · <strong>${k.pending_decisions} waiting for a second look</strong>` : ""}`
  ])
  return consolePage(c, "Cases", "/dashboard/cases", html`<p>Every verdict in <strong>review</strong> opens or joins the case of its subject.
Take a case, read its evidence, decide its hits and close it with an outcome.</p>
<form method="get" action="/dashboard/cases" class="filters" role="search" aria-label="Filter the cases">
<div><label for="f-status">Status</label><select id="f-status" name="status">${option("", "not closed", q("status"))}${
    caseStatuses.map((s) => option(s, statusWords[s], q("status")))}</select></div>
<div><label for="f-reason">Reason</label><select id="f-reason" name="reason">${option("", "any", q("reason"))}${
    reviewReasonOrder.map((r) => option(r, reasonWords(r), q("reason")))}</select></div>
<div><label for="f-assignee">Assignee</label><select id="f-assignee" name="assignee">${option("", "anyone", q("assignee"))}${
    option("none", "nobody", q("assignee"))}${option(c.account.member.id, "me", q("assignee"))}</select></div>
<div><label for="f-sort">Order</label><select id="f-sort" name="sort">${option("age", "oldest first", q("sort"))}${option("score", "best hit first", q("sort"))}</select></div>
<div><label><input type="checkbox" name="pending" value="true"${q("pending") === "true" ? html` checked` : ""}> waiting for a second look</label></div>
<div><button type="submit">Filter</button> <a href="/dashboard/cases">Clear</a></div></form>
${error === undefined ? "" : html`<p class="error" role="alert">${error}</p>`}
${dataTable("Cases", ["Subject", "Reasons", "Best hit", "Checks", "Age", "Assignee", "Status"], rows, { empty: "No case matches.", id: "cases" })}
${page.next_cursor === null ? "" : html`<p><a href="/dashboard/cases?${kept.toString()}">More cases</a></p>`}
${policy === undefined ? "" : policySection(c, policy)}`)
}

const post = (c: Console, action: string, fields: Html, label: string) =>
  html`<form method="post" action="${action}" class="inline">${csrfField(c.csrf)}${fields}<button type="submit">${label}</button></form>`

/** What happened to a case, in words (its history on the page and in the printed record). */
export const historyWords = (kind: string, details: Readonly<Record<string, unknown>>, body: string | null): string => {
  const d = (k: string) => typeof details[k] === "string" ? details[k] as string : ""
  switch (kind) {
    case "assigned": return d("assignee_name") === "" ? "let the case go" : `gave the case to ${d("assignee_name")}`
    case "commented": return `commented: ${body ?? ""}`
    case "closed": return `closed it: ${d("outcome").replace(/_/g, " ")}`
    case "decision_proposed": return `proposed ${d("decision").replace(/_/g, " ")} on ${listWords(d("list"))} ${d("entry_id")} (waits for a second member)`
    case "decision_recorded": return `decided ${d("decision").replace(/_/g, " ")} on ${listWords(d("list"))} ${d("entry_id")}`
    case "decision_approved": return `approved the decision on ${listWords(d("list"))} ${d("entry_id")}${body === null ? "" : `: ${body}`}`
    case "decision_rejected": return `rejected the decision on ${listWords(d("list"))} ${d("entry_id")}${body === null ? "" : `: ${body}`}`
    case "decision_withdrawn": return `withdrew the proposal on ${listWords(d("list"))} ${d("entry_id")}${body === null ? "" : `: ${body}`}`
    default: return checkHistoryWords(kind, details) ?? kind.replace(/_/g, " ")
  }
}

/** A case: what it is, its hits to decide, its decisions (with their second look), its comments and history. */
export const casePage = (c: Console, detail: CaseDetail, error?: string) => {
  const k = detail.case
  const base = `/dashboard/cases/${k.id}`
  const work = may(c, "work") && k.status !== "closed"
  const latest = detail.checks[0]
  const undecided = (latest?.hits ?? []).filter((h) => h.decision === null)
  const decisionRows = byProposal(detail.decisions).map((group) => [...proposalCells(group), proposalActions(c, group[0]!, k.id)])
  return consolePage(c, `Case: ${subjectWords(k.subject)}`, "/dashboard/cases", html`<p><a href="/dashboard/cases">All cases</a></p>
${error === undefined ? "" : html`<p class="error" role="alert">${error}</p>`}
<p class="no-print"><a href="${base}/record">Case record to print or download</a></p>
<dl class="facts"><dt>Status</dt><dd id="case-status">${statusWords[k.status]}${k.outcome === null ? "" : html`: ${outcomeWords[k.outcome]}${k.outcome_text === null ? "" : ` (${k.outcome_text})`}`}</dd>
<dt>Assignee</dt><dd>${k.assignee?.name ?? "nobody"}</dd><dt>Opened</dt><dd>${when(k.opened_at)}</dd>
${reasonFacts(k)}
<dt>Waiting for a second look</dt><dd>${k.pending_decisions}</dd></dl>
${work ? html`<div class="actions">${k.assignee?.id === c.account.member.id ? "" : post(c, `${base}/take`, html``, "Take this case")}
${k.status === "escalated" ? "" : post(c, `${base}/escalate`, html``, "Escalate")}</div>` : ""}
<h2>Hits of the latest check</h2>
${undecided.length === 0 ? html`<p class="empty">No undecided hit.</p>` : work ? decideHitsForm(c, base, undecided) : dataTable("Hits", ["Score", "List", "Entry"], undecided.map((h) => [h.score.toFixed(2), listWords(h.list), h.name]))}
${caseHitFacts(latest?.hits ?? [])}
<h2>Decisions</h2>
${dataTable("Decisions, newest first (a proposal on an entity is one row: reviewed once, as a whole)", ["When", "Entries", "Decision", "Proposed by", "Their note", "Status", "Second look", "Your move"], decisionRows, { empty: "No decision yet.", id: "decisions" })}
<h2>Checks</h2>
${dataTable("Checks, newest first", ["When", "Check", "Result", "Reasons"], detail.checks.map((k2) => [when(k2.created_at), checkLink(k2.id), k2.result, k2.review_reasons.map(reasonWords).join("; ") || "—"]), { id: "case-checks" })}
<h2>Comment</h2>
${may(c, "work") ? html`<form method="post" action="${base}/comments">${csrfField(c.csrf)}<div><label for="c-text">Comment</label><textarea id="c-text" name="text" required maxlength="4000"></textarea></div><button type="submit">Add the comment</button></form>` : ""}
${work ? closeCaseForm(c, base, k) : ""}
<h2>History</h2>
<ol id="history">${detail.history.map((e) => html`<li>${when(e.at)} · ${attributionWords(e.actor) === "not recorded" ? "the service" : attributionWords(e.actor)}: ${historyWords(e.kind, e.details, e.body)}</li>`)}</ol>`)
}
