import { Effect, Result, Schema, SchemaIssue } from "effect"
import { CaseListParams, CaseOutcome } from "../../domain/schemas/Case.js"
import type { CaseBulkAnswer } from "../../domain/schemas/CaseBulk.js"
import { SanctionsList } from "../../domain/schemas/Verdict.js"
import { CaseBulk } from "../../cases/CaseBulk.js"
import { Cases } from "../../cases/Cases.js"
import { QueueSettings } from "../../cases/QueueSettings.js"
import { can } from "../../domain/roles.js"
import { type Console, consoleActor, consolePost, idAfter } from "../console.js"
import { statusOfError } from "../errorPages.js"
import { formValues, htmlResponse, seeOther } from "../responses.js"
import { QUEUE_FILTERS, queuePage } from "./queuePage.js"

const QUERY = [...QUEUE_FILTERS, "limit", "cursor"] as const
const CASE_ID = /^case_[0-9a-f]{20}$/
const decodeQuery = Schema.decodeUnknownResult(CaseListParams)
const isOutcome = Schema.is(CaseOutcome)
const isList = Schema.is(SanctionsList)

type Query = (name: string) => string | undefined

/**
 * The queue as `query` filters it (checked by the same schema as GET /v1/cases), with what a bulk action just did or
 * why it was refused. `query` is the request's, or after a bulk post the view the form was sent from.
 */
export const queueView = (c: Console, query: Query, after: { readonly results?: CaseBulkAnswer; readonly error?: string; readonly status?: number } = {}) =>
  Effect.gen(function*() {
    const cases = yield* Cases
    const settings = yield* QueueSettings
    const shown: Console = { ...c, query }
    const [members, savedFilters, policy] = yield* Effect.all([settings.members(c.account.id), settings.savedFilters(c.account.id, c.account.member.id), cases.reviewPolicy(c.account.id)])
    const view = { members, savedFilters, policy, ...(after.results === undefined ? {} : { results: after.results }) }
    const refused = (error: string) =>
      Effect.map(settings.serviceLevel(c.account.id), (hours) => htmlResponse(queuePage(shown, { service_hours: hours, cases: [], next_cursor: null }, { ...view, error }), 400))
    const params = decodeQuery(Object.fromEntries(QUERY.flatMap((k) => { const v = query(k); return v === undefined || v === "" ? [] : [[k, v]] })))
    if (Result.isFailure(params)) {
      const issue = SchemaIssue.makeFormatterStandardSchemaV1()(params.failure.issue).issues[0]
      return yield* refused(`${issue?.path?.map(String).join(".") ?? "query"}: ${issue?.message ?? "is not valid"}`)
    }
    const page = yield* Effect.result(cases.queue(c.account.id, { limit: 50, ...params.success }))
    if (Result.isFailure(page)) return yield* refused("cursor: must be a link this page gave, with the same filters")
    return htmlResponse(queuePage(shown, page.success, { ...view, ...(after.error === undefined ? {} : { error: after.error }) }), after.status ?? 200)
  })

/** The queue with nothing in it and why (a refusal that names no view). */
export const emptyQueue = (c: Console, error: string, status: number) =>
  Effect.gen(function*() {
    const settings = yield* QueueSettings
    const [members, savedFilters, hours] = yield* Effect.all([settings.members(c.account.id), settings.savedFilters(c.account.id, c.account.member.id), settings.serviceLevel(c.account.id)])
    return htmlResponse(queuePage(c, { service_hours: hours, cases: [], next_cursor: null }, { members, savedFilters, error }), status)
  })

const member = (c: Console) => ({ ...consoleActor(c), by: { type: "member" as const, id: c.account.member.id, name: c.account.member.name } })

const entryOf = (raw: string | undefined) => {
  const at = (raw ?? "").indexOf(":")
  const list = (raw ?? "").slice(0, at)
  return at > 0 && isList(list) ? { list, entry_id: (raw ?? "").slice(at + 1) } : null
}

/**
 * The bulk form: the cases ticked and one action. Answers with the same view of the queue and, above its table, what
 * happened to each case (focused: the keyboard is back at the form it used); a form that names no action right is
 * refused whole, nothing changed.
 */
const bulk = consolePost(Effect.fnUntraced(function*(c: Console, field: (name: string) => string | undefined) {
  const view = new URLSearchParams(field("view") ?? "")
  const query: Query = (name) => view.get(name) ?? undefined
  const ids = (yield* formValues("case")).filter((id) => CASE_ID.test(id))
  const refuse = (message: string) => queueView(c, query, { error: message, status: 400 })
  if (ids.length === 0) return yield* refuse("case: tick at least one case")
  const service = yield* CaseBulk
  const action = field("action")
  const note = field("note")
  const run = (answer: Effect.Effect<CaseBulkAnswer, { readonly error: string; readonly message: string }>) =>
    answer.pipe(
      Effect.flatMap((results) => queueView(c, query, { results })),
      Effect.catch((error) => queueView(c, query, { error: error.message, status: statusOfError(error) }))
    )
  switch (action) {
    case "assign": {
      const assignee = field("assignee") ?? ""
      return yield* run(service.apply(consoleActor(c), { case_ids: ids, action: "assign", assignee: assignee === "none" || assignee === "" ? null : assignee }))
    }
    case "close": {
      const outcome = field("outcome")
      if (!isOutcome(outcome)) return yield* refuse("outcome: must be cleared, confirmed_match, rejected_business or other")
      const text = (field("text") ?? "").trim()
      if (text === "") return yield* refuse("text: say why this outcome (every close needs a note)")
      return yield* run(service.apply(consoleActor(c), { case_ids: ids, action: "close", outcome, text }))
    }
    case "decide": {
      const entry = entryOf(field("entry"))
      const decision = field("decision")
      if (entry === null) return yield* refuse("entry: choose the list entry to decide")
      if (decision !== "false_positive" && decision !== "confirmed") return yield* refuse("decision: must be false_positive or confirmed")
      const why = (note ?? "").trim()
      if (why === "" || why.length > 2000) return yield* refuse("note: say why, in at most 2000 characters")
      return yield* run(service.apply(consoleActor(c), { case_ids: ids, action: "decide", entry, decision, note: why }))
    }
    case "approve":
    case "reject": {
      const entry = entryOf(field("entry"))
      if (entry === null) return yield* refuse("entry: choose the list entry whose proposals to review")
      return yield* run(service.review(member(c), ids, entry, action === "approve" ? "approved" : "rejected", can(c.account.member.role, "work"), note))
    }
    default:
      return yield* refuse("action: press one of the buttons under the table")
  }
}))

/** Save the filters shown under a name (the member's own), then back to the queue they name. */
const saveFilter = consolePost(Effect.fnUntraced(function*(c: Console, field: (name: string) => string | undefined) {
  const params = Object.fromEntries(QUEUE_FILTERS.map((k) => [k, field(k)]))
  return yield* (yield* QueueSettings).saveFilter(c.account.id, c.account.member.id, field("name"), params).pipe(
    Effect.map((saved) => seeOther(`/dashboard/cases?${saved.query}${saved.query === "" ? "" : "&"}notice=filter_saved`)),
    Effect.catch((error) => queueView(c, (k) => params[k], { error: error.message, status: 400 }))
  )
}), undefined, "read")

const removeFilter = consolePost(Effect.fnUntraced(function*(c: Console) {
  const id = yield* idAfter("/dashboard/cases/filters/")
  const removed = yield* (yield* QueueSettings).removeFilter(c.account.id, c.account.member.id, id)
  return removed ? seeOther("/dashboard/cases?notice=filter_removed") : yield* emptyQueue(c, "No such saved filter of yours.", 404)
}), undefined, "read")

export const queueRoutes = [
  ["POST", "/dashboard/cases/bulk", bulk],
  ["POST", "/dashboard/cases/filters", saveFilter],
  ["POST", "/dashboard/cases/filters/:id/delete", removeFilter]
] as const
