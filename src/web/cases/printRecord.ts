import type { AuditEntry } from "../../domain/schemas/Audit.js"
import type { CaseDetail } from "../../domain/schemas/Case.js"
import type { Check } from "../../domain/schemas/Check.js"
import type { OmittedDocument } from "../../domain/caseFile.js"
import { outcomeWords, statusWords } from "../../domain/cases.js"
import { attributionWords } from "../attribution.js"
import { type Console, consolePage } from "../console.js"
import { dataTable, html, when } from "../html.js"
import { listWords, reasonWords } from "../words.js"
import { recordBlock, type PrintedRecord } from "../checks/print.js"
import { caseStatement, registeredWords } from "../checks/statements.js"
import { badge, checkLink, subjectOf, verdictOf } from "../checks/view.js"
import { entryWords, proposedByWords, secondLookWords, statusWords as decisionStatusWords } from "./decisionViews.js"
import { hitFactsCard } from "./hitFacts.js"
import { historyWords, subjectWords } from "./pages.js"

export interface CaseRecord {
  readonly detail: CaseDetail
  readonly checks: ReadonlyArray<Check>
  readonly audit: ReadonlyArray<AuditEntry> | null
  readonly omitted: ReadonlyArray<OmittedDocument>
}

/** What the printed case record says it is, on every page: the case, its status and outcome. */
export const caseRecordHead = (detail: CaseDetail, at: Date): PrintedRecord => ({
  kind: "case record",
  of: [`Case ${caseStatement({ id: detail.case.id, status: detail.case.status, outcome: detail.case.outcome, outcome_text: null }, false)}`],
  at
})

const who = (a: Parameters<typeof attributionWords>[0]) => attributionWords(a) === "not recorded" ? "the service" : attributionWords(a)

const subjectRows = (s: CaseDetail["case"]["subject"]) => [
  ["Legal name", s.name ?? null], ["Registration number", s.registration_no ?? null], ["Country", s.country ?? null], ["Name as a check gave it", s.name_given ?? null]
] as const

const caseSection = (k: CaseDetail["case"]) =>
  html`<section aria-labelledby="rec-case"><h2 id="rec-case">The case and its subject</h2>${dataTable(`Case ${k.id}`, ["Field", "Value"], [
    ["Case", k.id], ...subjectRows(k.subject), ["Status", statusWords[k.status]], ["Opened", when(k.opened_at)], ["Assignee", k.assignee?.name ?? "nobody"],
    ["Reasons", k.reasons.map(reasonWords).join("; ") || "—"], ["Checks", k.check_count], ["Decisions waiting for a second member", k.pending_decisions]
  ])}</section>`

const outcomeSection = (k: CaseDetail["case"]) =>
  html`<section aria-labelledby="rec-outcome"><h2 id="rec-outcome">Outcome</h2>${dataTable("The outcome and the closing note", ["Field", "Value"], k.outcome === null
    ? [["Outcome", `none yet: the case is ${statusWords[k.status].toLowerCase()}`]]
    : [["Outcome", outcomeWords[k.outcome]], ["Closing note", k.outcome_text ?? "none given"], ["Closed by", who(k.closed_by)], ["Closed", when(k.closed_at)]])}</section>`

const checkSection = (check: Check, n: number, of: number) => {
  const v = verdictOf(check)
  const id = `rec-check-${n}`
  const company = v.company === null ? "none resolved" : [v.company.legal_name, v.company.registration_no, v.company.country, v.company.status].filter((p) => p !== null).join(", ")
  return html`<section aria-labelledby="${id}"><h3 id="${id}">Check ${n} of ${of}: ${checkLink(check.id, check.id)}</h3>${dataTable(`The verdict of check ${check.id}`, ["Field", "Value"], [
    ["Asked", when(check.created_at)], ["Asked by", attributionWords(check.performed_by)], ["Inputs as sent", subjectOf(check.input)],
    ["Verdict", html`${badge(v.result)}${v.review_reasons.length === 0 ? "" : ` because ${v.review_reasons.map(reasonWords).join("; ")}`}`],
    ["Registered", registeredWords(check, v) ?? "a screening of a name: no registration asked"], ["Company", company],
    ["Sanctions screening", html`${badge(v.sanctions.result)}${v.sanctions.screened ? "" : " (the lists could not be screened)"}, ${v.sanctions.hits.length} hit${v.sanctions.hits.length === 1 ? "" : "s"}`],
    ["Policy version", check.policy_version]
  ])}${dataTable(`Lists screened by check ${check.id}, with their SHA-256`, ["List", "Version", "SHA-256"],
    check.lists.map((l) => [listWords(l.list), l.version, l.sha256 === null ? null : html`<code>${l.sha256}</code>`]), { empty: "No list was loaded." })}
${v.sanctions.hits.map((hit, i) => hitFactsCard(hit, `${id}-hit-${i}`, 4))}</section>`
}

const decisionsSection = (decisions: CaseDetail["decisions"]) =>
  html`<section aria-labelledby="rec-decisions"><h2 id="rec-decisions">Decisions</h2>${dataTable("Every decision, newest first: its maker and their note, its status, its checker and their note",
    ["When", "Entry", "Decision", "Maker", "Maker's note", "Status", "Checker"],
    decisions.map((d) => [when(d.created_at), entryWords(d), d.decision.replace("_", " "), proposedByWords(d), d.note, decisionStatusWords(d), secondLookWords(d)]),
    { empty: "No decision was taken on this case.", id: "rec-decision-rows" })}</section>`

const commentsSection = (history: CaseDetail["history"]) =>
  html`<section aria-labelledby="rec-comments"><h2 id="rec-comments">Comments</h2>${dataTable("Comments, oldest first", ["When", "By", "Comment"],
    history.filter((e) => e.kind === "commented").map((e) => [when(e.at), who(e.actor), e.body]), { empty: "No comment." })}</section>`

const timelineSection = (history: CaseDetail["history"]) =>
  html`<section aria-labelledby="rec-timeline"><h2 id="rec-timeline">Timeline</h2>${dataTable("Everything that happened to the case, oldest first", ["When", "Who", "What"],
    history.map((e) => [when(e.at), who(e.actor), historyWords(e.kind, e.details, e.body)]), { id: "rec-timeline-rows" })}</section>`

const auditSection = (entries: ReadonlyArray<AuditEntry> | null) =>
  html`<section aria-labelledby="rec-audit"><h2 id="rec-audit">Audit entries concerning the case</h2>${entries === null
    ? html`<p>Not included.</p>`
    : dataTable("The case's, its decisions' and its checks' entries in the account's audit chain", ["No.", "When", "Who", "Action", "Object", "Hash"],
      entries.map((e) => [e.seq, when(e.at), who(e.actor), e.action, e.object === null ? null : `${e.object.type} ${e.object.id}`, html`<code>${e.hash}</code>`]),
      { empty: "No audit entry names the case.", id: "rec-audit-rows" })}</section>`

/** The case as a record to print and file: everything on one page, with the printed header and footer of a check's. */
export const caseRecordPage = (c: Console, record: CaseRecord, printedAt: Date) => {
  const k = record.detail.case
  const base = `/dashboard/cases/${k.id}`
  return consolePage(c, `Case record: ${subjectWords(k.subject)}`, "/dashboard/cases", html`<div class="case-record">${recordBlock(c, caseRecordHead(record.detail, printedAt))}
<div class="actions no-print"><a href="${base}">Back to the case</a>
<a href="${base}/file" download>Download the case file (JSON: the case, its checks and audit entries, each with its SHA-256)</a>
<span>Print this page (the browser's Print, Ctrl+P) for the case file on paper or as PDF.</span></div>
${record.omitted.length === 0 ? "" : html`<p>This record leaves out: ${record.omitted.map((o) => `${o.name} (${o.why})`).join("; ")}.</p>`}
${caseSection(k)}
${outcomeSection(k)}
<section aria-labelledby="rec-checks"><h2 id="rec-checks" class="keep-with-next">Checks</h2>${dataTable("The case's checks, newest first", ["When", "Check", "Result", "Review reasons"],
    record.checks.map((check) => [when(check.created_at), check.id, verdictOf(check).result, verdictOf(check).review_reasons.map(reasonWords).join("; ") || "—"]),
    { id: "rec-check-rows" })}
${record.checks.map((check, i) => checkSection(check, i + 1, record.checks.length))}</section>
${decisionsSection(record.detail.decisions)}
${commentsSection(record.detail.history)}
${timelineSection(record.detail.history)}
${auditSection(record.audit)}</div>`, undefined, `${base}/record.css`)
}
