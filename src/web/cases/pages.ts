import type { CaseDetail } from "../../domain/schemas/Case.js"
import { escalationRoles } from "../../domain/caseQueue.js"
import { outcomeWords, statusWords } from "../../domain/cases.js"
import { attributionWords } from "../attribution.js"
import { byProposal, proposalActions, proposalCells } from "./decisionViews.js"
import { checkHistoryWords, closeCaseForm, decideHitsForm, reasonFacts } from "./caseForms.js"
import { caseHitFacts } from "./hitFacts.js"
import { checkLink } from "../checks/view.js"
import { type Console, consolePage, csrfField, may } from "../console.js"
import { dataTable, html, type Html, when } from "../html.js"
import { listWords, reasonWords } from "../words.js"
import { caseShortcutsHelp } from "./keyboard.js"
import { option, subjectWords } from "./queuePage.js"

export { subjectWords }


type Members = ReadonlyArray<{ readonly id: string; readonly name: string }>

/** Escalate: why (required), and to whom: a member (who then holds it) or a role. */
const escalateForm = (c: Console, base: string, members: Members) =>
  html`<form method="post" action="${base}/escalate">${csrfField(c.csrf)}<h2 id="escalate" tabindex="-1">Escalate</h2>
<div><label for="e-to">To</label><select id="e-to" name="to" data-key="e">${escalationRoles.map((r) => option(`role:${r}`, `every ${r}`, "role:admin"))}${
    members.filter((m) => m.id !== c.account.member.id).map((m) => option(m.id, m.name, undefined))}</select></div>
<div><label for="e-reason">Reason for escalating</label><textarea id="e-reason" name="reason" rows="2" required maxlength="2000"></textarea></div>
<button type="submit">Escalate</button></form>`

const post = (c: Console, action: string, fields: Html, label: string, key?: string) =>
  html`<form method="post" action="${action}" class="inline">${csrfField(c.csrf)}${fields}<button type="submit"${key === undefined ? "" : html` data-key="${key}"`}>${label}</button></form>`

export const historyWords = (kind: string, details: Readonly<Record<string, unknown>>, body: string | null): string => {
  const d = (k: string) => typeof details[k] === "string" ? details[k] as string : ""
  switch (kind) {
    case "assigned": return d("assignee_name") === "" ? "let the case go" : `gave the case to ${d("assignee_name")}`
    case "commented": return `commented: ${body ?? ""}`
    case "closed": return `closed it: ${d("outcome").replace(/_/g, " ")}`
    case "escalated": return `escalated it${d("escalated_to") === "" ? "" : ` to ${d("escalated_to")}`}${body === null ? "" : `: ${body}`}`
    case "decision_proposed": return `proposed ${d("decision").replace(/_/g, " ")} on ${listWords(d("list"))} ${d("entry_id")} (waits for a second member)`
    case "decision_recorded": return `decided ${d("decision").replace(/_/g, " ")} on ${listWords(d("list"))} ${d("entry_id")}`
    case "decision_approved": return `approved the decision on ${listWords(d("list"))} ${d("entry_id")}${body === null ? "" : `: ${body}`}`
    case "decision_rejected": return `rejected the decision on ${listWords(d("list"))} ${d("entry_id")}${body === null ? "" : `: ${body}`}`
    case "decision_withdrawn": return `withdrew the proposal on ${listWords(d("list"))} ${d("entry_id")}${body === null ? "" : `: ${body}`}`
    default: return checkHistoryWords(kind, details) ?? kind.replace(/_/g, " ")
  }
}

/** A case: what it is, its hits to decide, its decisions (with their second look), its comments and history. */
export const casePage = (c: Console, detail: CaseDetail, error?: string, members: Members = []) => {
  const k = detail.case
  const base = `/dashboard/cases/${k.id}`
  const work = may(c, "work") && k.status !== "closed"
  const latest = detail.checks[0]
  const undecided = (latest?.hits ?? []).filter((h) => h.decision === null)
  const decisionRows = byProposal(detail.decisions).map((group) => [...proposalCells(group), proposalActions(c, group[0]!, k.id)])
  const sections = [["decide", "Decide"], ...(may(c, "work") ? [["comment", "Comment"]] : []), ...(work ? [["close", "Close"]] : [])]
  return consolePage(c, `Case: ${subjectWords(k.subject)}`, "/dashboard/cases", html`<p><a href="/dashboard/cases" data-key="u">All cases</a></p>
<nav aria-label="Sections of this case" class="skiplinks">${sections.map(([id, words]) => html`<a href="#${id}">Skip to ${words}</a>`)}</nav>
${caseShortcutsHelp}
${error === undefined ? "" : html`<p class="error" role="alert">${error}</p>`}
<p class="no-print"><a href="${base}/record">Case record to print or download</a></p>
<dl class="facts"><dt>Status</dt><dd id="case-status">${statusWords[k.status]}${k.outcome === null ? "" : html`: ${outcomeWords[k.outcome]}${k.outcome_text === null ? "" : ` (${k.outcome_text})`}`}</dd>
<dt>Assignee</dt><dd>${k.assignee?.name ?? "nobody"}</dd><dt>Opened</dt><dd>${when(k.opened_at)}</dd>
${reasonFacts(k)}
<dt>Waiting for a second look</dt><dd>${k.pending_decisions}</dd></dl>
${work ? html`<div class="actions">${k.assignee?.id === c.account.member.id ? "" : post(c, `${base}/take`, html``, "Take this case", "t")}</div>
${k.status === "escalated" ? "" : escalateForm(c, base, members)}` : ""}
<h2 id="decide" tabindex="-1" data-key="d">Hits of the latest check</h2>
${undecided.length === 0 ? html`<p class="empty">No undecided hit.</p>` : work ? decideHitsForm(c, base, undecided) : dataTable("Hits", ["Score", "List", "Entry"], undecided.map((h) => [h.score.toFixed(2), listWords(h.list), h.name]))}
${caseHitFacts(latest?.hits ?? [])}
<h2>Decisions</h2>
${dataTable("Decisions, newest first (a proposal on an entity is one row: reviewed once, as a whole)", ["When", "Entries", "Decision", "Proposed by", "Their note", "Status", "Second look", "Your move"], decisionRows, { empty: "No decision yet.", id: "decisions" })}
<h2>Checks</h2>
${dataTable("Checks, newest first", ["When", "Check", "Result", "Reasons"], detail.checks.map((k2) => [when(k2.created_at), checkLink(k2.id), k2.result, k2.review_reasons.map(reasonWords).join("; ") || "—"]), { id: "case-checks" })}
<h2 id="comment" tabindex="-1" data-key="c">Comment</h2>
${may(c, "work") ? html`<form method="post" action="${base}/comments">${csrfField(c.csrf)}<div><label for="c-text">Comment</label><textarea id="c-text" name="text" required maxlength="4000"></textarea></div><button type="submit">Add the comment</button></form>` : ""}
${work ? closeCaseForm(c, base, detail.case) : ""}
<h2>History</h2>
<ol id="history">${detail.history.map((e) => html`<li>${when(e.at)} · ${attributionWords(e.actor) === "not recorded" ? "the service" : attributionWords(e.actor)}: ${historyWords(e.kind, e.details, e.body)}</li>`)}</ol>`)
}
