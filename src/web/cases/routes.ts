import { Effect, Result, Schema, SchemaIssue } from "effect"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import { CaseListParams, CloseBody } from "../../api/schemas/Case.js"
import { SanctionsList } from "../../api/schemas/Verdict.js"
import { caseOutcomes, isCaseOutcome } from "../../domain/cases.js"
import { Cases } from "../../cases/Cases.js"
import { RoleForbids } from "../../accounts/errors.js"
import { memberAttribution } from "../../accounts/Accounts.js"
import { InvalidApiKey } from "../../api/errors.js"
import { type Console, consoleActor, consoleGet, consolePost, idAfter } from "../console.js"
import { statusOfError } from "../errorPages.js"
import { formValues, htmlResponse, seeOther } from "../responses.js"
import { casePage, queuePage } from "./pages.js"

const PREFIX = "/dashboard/cases/"
const QUERY = ["status", "reason", "list", "assignee", "min_age_days", "pending", "sort", "limit", "cursor"] as const
const decodeQuery = Schema.decodeUnknownResult(CaseListParams)

/** The queue, filtered by the query (checked by the same schema as GET /v1/cases). */
const queue = consoleGet((c) =>
  Effect.gen(function*() {
    const cases = yield* Cases
    const raw = Object.fromEntries(QUERY.flatMap((k) => { const v = c.query(k); return v === undefined || v === "" ? [] : [[k, v]] }))
    const params = decodeQuery(raw)
    if (Result.isFailure(params)) {
      const issue = SchemaIssue.makeFormatterStandardSchemaV1()(params.failure.issue).issues[0]
      return htmlResponse(queuePage(c, { cases: [], next_cursor: null }, `${issue?.path?.map(String).join(".") ?? "query"}: ${issue?.message ?? "is not valid"}`), 400)
    }
    const page = yield* Effect.result(cases.queue(c.account.id, { limit: 50, ...params.success }))
    return Result.isSuccess(page)
      ? htmlResponse(queuePage(c, page.success, undefined, yield* cases.reviewPolicy(c.account.id)))
      : htmlResponse(queuePage(c, { cases: [], next_cursor: null }, "cursor: must be a link this page gave, with the same filters"), 400)
  }))

type Failure = { readonly error: string; readonly message: string }

const show = (c: Console, id: string, error?: Failure) =>
  Effect.gen(function*() {
    const detail = yield* (yield* Cases).get(c.account.id, id)
    return htmlResponse(casePage(c, detail, error?.message), error === undefined ? 200 : statusOfError(error))
  }).pipe(Effect.catch((e) => Effect.succeed(htmlResponse(queuePage(c, { cases: [], next_cursor: null }, e.message), statusOfError(e)))))

const caseGet = consoleGet((c) => Effect.flatMap(idAfter(PREFIX), (id) => show(c, id)))

/** A form on a case: the change, then back to the case (303), or the case again with the refusal. */
const onCase = <E extends Failure>(change: (c: Console, id: string, field: (name: string) => string | undefined) => Effect.Effect<unknown, E, Cases | HttpServerRequest.HttpServerRequest>) =>
  consolePost((c, field) =>
    Effect.gen(function*() {
      const id = yield* idAfter(PREFIX)
      return yield* change(c, id, field).pipe(
        Effect.as(seeOther(`${PREFIX}${id}`)),
        Effect.catch((error) => show(c, id, error))
      )
    }))

const member = (c: Console) => ({ ...consoleActor(c), by: memberAttribution(c.account) })

const take = onCase((c, id) => Effect.flatMap(Cases, (cases) => cases.takeCase(member(c), id)))
const escalate = onCase((c, id) => Effect.flatMap(Cases, (cases) => cases.escalate(consoleActor(c), id)))
const comment = onCase((c, id, field) => Effect.flatMap(Cases, (cases) => cases.comment(consoleActor(c), id, field("text") ?? "")))
const close = onCase((c, id, field) =>
  Effect.gen(function*() {
    const acknowledged = yield* formValues("acknowledge")
    const body = yield* Schema.decodeUnknownEffect(CloseBody)({ outcome: field("outcome"), ...(field("text") ? { text: field("text") } : {}), acknowledged_reasons: acknowledged }).pipe(
      Effect.mapError(() => ({
        error: "invalid_request",
        message: isCaseOutcome(field("outcome")) ? "acknowledge: only the reasons this case lists" : `outcome: choose one of ${caseOutcomes.join(", ")}`
      }))
    )
    return yield* (yield* Cases).close(consoleActor(c), id, { outcome: body.outcome, text: body.text ?? null, acknowledged: body.acknowledged_reasons ?? [] })
  }))

/** Several hits at once: each checkbox is `list:entry_id`. */
const decide = consolePost((c, field) =>
  Effect.gen(function*() {
    const id = yield* idAfter(PREFIX)
    const values = yield* formValues("hit")
    const hits = values.flatMap((v) => {
      const at = v.indexOf(":")
      const list = v.slice(0, at)
      return at > 0 && Schema.is(SanctionsList)(list) ? [{ list, entry_id: v.slice(at + 1) }] : []
    })
    const decision = field("decision")
    const note = (field("note") ?? "").trim()
    const refuse = (message: string) => show(c, id, { error: "invalid_request", message })
    if (hits.length === 0) return yield* refuse("hit: choose at least one hit")
    if (decision !== "false_positive" && decision !== "confirmed") return yield* refuse("decision: must be false_positive or confirmed")
    if (note === "" || note.length > 2000) return yield* refuse("note: say why, in at most 2000 characters")
    return yield* (yield* Cases).decide(consoleActor(c), id, { hits, decision, note }).pipe(
      Effect.as(seeOther(`${PREFIX}${id}`)),
      Effect.catch((error) => show(c, id, error))
    )
  }))

/** The four-eyes policy (owners and admins): the form's choice, then back to the queue. */
const setPolicy = consolePost((c, field) =>
  Effect.gen(function*() {
    const cases = yield* Cases
    const threshold = Number(field("threshold") ?? "")
    return yield* cases.setReviewPolicy(consoleActor(c), c.account.member.role, { enabled: field("four_eyes") === "on", threshold }).pipe(
      Effect.as(seeOther("/dashboard/cases")),
      Effect.catch((error) =>
        Effect.map(cases.reviewPolicy(c.account.id), (policy) =>
          htmlResponse(queuePage(c, { cases: [], next_cursor: null }, error.message, policy), error instanceof RoleForbids ? 403 : error instanceof InvalidApiKey ? 401 : 400)))
    )
  }), undefined, "manage")

export const casesRoutes = [
  ["GET", "/dashboard/cases", queue],
  // the review queue's old address: the queue is the cases now
  ["GET", "/dashboard/review", consoleGet(() => Effect.succeed(seeOther("/dashboard/cases")))],
  ["POST", "/dashboard/cases/policy", setPolicy],
  ["GET", "/dashboard/cases/:id", caseGet],
  ["POST", "/dashboard/cases/:id/take", take],
  ["POST", "/dashboard/cases/:id/escalate", escalate],
  ["POST", "/dashboard/cases/:id/comments", comment],
  ["POST", "/dashboard/cases/:id/close", close],
  ["POST", "/dashboard/cases/:id/decisions", decide]
] as const
