import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect } from "effect"
import { type AuditAction, auditActions, Audit } from "../../audit/Audit.js"
import type { AuditFilters } from "../../audit/AuditRepo.js"
import { auditCsvHeader, auditCsvLines, auditJsonLines } from "../../audit/exportFormats.js"
import type { AuditEntry } from "../../domain/auditChain.js"
import type { Attribution } from "../../access/actor.js"
import { attributionWords } from "../attribution.js"
import { type Console, consoleGet, consolePage } from "../console.js"
import { dataTable, html, when } from "../html.js"
import { htmlResponse } from "../responses.js"

const PAGE = 50
const DAY = /^\d{4}-\d{2}-\d{2}$/
const ID = /^[A-Za-z0-9_.:-]{1,100}$/

/** The page's filters from the query, or the first bad one. */
const filtersOf = (c: Console): { readonly filters: AuditFilters; readonly after: number } | { readonly problem: string } => {
  const member = c.query("member")
  const action = c.query("action")
  const object = c.query("object")
  const day = c.query("day")
  const after = c.query("after")
  if (member !== undefined && !ID.test(member)) return { problem: "member: must be a member's id" }
  if (action !== undefined && !(auditActions as ReadonlyArray<string>).includes(action)) return { problem: `action: must be one of ${auditActions.join(", ")}` }
  if (object !== undefined && !ID.test(object)) return { problem: "object: must be an id (letters, digits, - _ . :)" }
  if (day !== undefined && (!DAY.test(day) || Number.isNaN(Date.parse(day)))) return { problem: "day: must be a date (YYYY-MM-DD)" }
  if (after !== undefined && !/^\d{1,15}$/.test(after)) return { problem: "after: must be a sequence number" }
  return { filters: { actorId: member, action, objectId: object, day }, after: after === undefined ? 0 : Number(after) }
}

const detailWords = (details: unknown) =>
  typeof details === "object" && details !== null
    ? Object.entries(details).filter(([, v]) => v !== null && v !== "").map(([k, v]) => `${k.replace(/_/g, " ")}: ${String(v)}`).join("; ")
    : ""

const queryString = (filters: AuditFilters, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams()
  if (filters.actorId !== undefined) params.set("member", filters.actorId)
  if (filters.action !== undefined) params.set("action", filters.action)
  if (filters.objectId !== undefined) params.set("object", filters.objectId)
  if (filters.day !== undefined) params.set("day", filters.day)
  for (const [k, v] of Object.entries(extra)) params.set(k, v)
  const text = params.toString()
  return text === "" ? "" : `?${text}`
}

const filterForm = (filters: AuditFilters, people: ReadonlyArray<{ readonly id: string; readonly name: string }>) =>
  html`<form method="get" action="/dashboard/audit" class="filters" role="search" aria-label="Filter the audit log">
<div><label for="a-member">Person</label><select id="a-member" name="member"><option value="">anyone</option>${people.map((p) =>
    html`<option value="${p.id}"${filters.actorId === p.id ? html` selected` : ""}>${p.name}</option>`)}</select></div>
<div><label for="a-action">Action</label><select id="a-action" name="action"><option value="">any</option>${auditActions.map((a: AuditAction) =>
    html`<option value="${a}"${filters.action === a ? html` selected` : ""}>${a}</option>`)}</select></div>
<div><label for="a-object">Object id</label><input id="a-object" name="object" type="text" maxlength="100" value="${filters.objectId ?? ""}"></div>
<div><label for="a-day">Day (UTC)</label><input id="a-day" name="day" type="date" value="${filters.day ?? ""}"></div>
<div><button type="submit">Filter</button> <a href="/dashboard/audit">Clear</a></div></form>`

const entryRow = (e: AuditEntry) => [
  String(e.seq), when(e.at), attributionWords(e.actor as Attribution | null), e.action,
  e.object_id === null ? "—" : `${e.object_type ?? ""} ${e.object_id}`, e.outcome, detailWords(e.details), e.address ?? "—"
]

const list = consoleGet(Effect.fnUntraced(function*(c: Console) {
  const audit = yield* Audit
  const people = yield* audit.actors(c.account.id)
  const parsed = filtersOf(c)
  if ("problem" in parsed) {
    return htmlResponse(consolePage(c, "Audit log", "/dashboard/audit", filterForm({}, people), parsed.problem), 400)
  }
  const { entries, next } = yield* audit.page(c.account.id, parsed.filters, parsed.after, PAGE)
  return htmlResponse(consolePage(c, "Audit log", "/dashboard/audit", html`<p>Every change to this account, oldest first: who, what, which
object, when and from where. Entries are chained by hash and never changed or deleted; they outlive the members they name.</p>
${filterForm(parsed.filters, people)}
<p>Export what the filter shows: <a href="/dashboard/audit/export.csv${queryString(parsed.filters)}">CSV</a> ·
<a href="/dashboard/audit/export.jsonl${queryString(parsed.filters)}">JSON lines</a></p>
${dataTable("Audit log entries, oldest first", ["#", "When", "Who", "Action", "Object", "Outcome", "Details", "From"], entries.map(entryRow),
    { empty: "No entry matches.", id: "audit-entries" })}
${next === null ? "" : html`<p><a href="/dashboard/audit${queryString(parsed.filters, { after: String(next) })}">Later entries</a></p>`}`))
}))

const exporting = (format: "csv" | "jsonl") =>
  consoleGet((c) =>
    Effect.gen(function*() {
      const parsed = filtersOf(c)
      if ("problem" in parsed) return HttpServerResponse.jsonUnsafe({ error: "invalid_request", message: parsed.problem }, { status: 400 })
      const parts: Array<string> = format === "csv" ? [auditCsvHeader] : []
      yield* (yield* Audit).each(c.account.id, parsed.filters, (entries) =>
        Effect.sync(() => void parts.push(format === "csv" ? auditCsvLines(entries) : auditJsonLines(entries))))
      return HttpServerResponse.text(parts.join(""), {
        contentType: format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
        headers: { "content-disposition": `attachment; filename="audit-${c.account.id}.${format}"` }
      })
    }))

export const auditRoutes = [
  ["GET", "/dashboard/audit", list],
  ["GET", "/dashboard/audit/export.csv", exporting("csv")],
  ["GET", "/dashboard/audit/export.jsonl", exporting("jsonl")]
] as const
