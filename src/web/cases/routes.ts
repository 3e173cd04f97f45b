import { Effect, Schema } from "effect"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import { CloseBody } from "../../domain/schemas/Case.js"
import { QueueSettings } from "../../cases/QueueSettings.js"
import { SanctionsList } from "../../domain/schemas/Verdict.js"
import { caseOutcomes, isCaseOutcome } from "../../domain/cases.js"
import { Cases } from "../../cases/Cases.js"
import { RoleForbids } from "../../accounts/errors.js"
import { memberAttribution } from "../../accounts/Accounts.js"
import { InvalidApiKey } from "../../domain/errors.js"
import { type Console, consoleActor, consoleGet, consolePost, idAfter } from "../console.js"
import { statusOfError } from "../errorPages.js"
import { formValues, htmlResponse, seeOther } from "../responses.js"
import { casePage } from "./pages.js"
import { emptyQueue, queueRoutes, queueView } from "./queueRoutes.js"
import { serviceLevelRoutes } from "./serviceLevel.js"

const PREFIX = "/dashboard/cases/"
const queue = consoleGet((c) => queueView(c, c.query))

type Failure = { readonly error: string; readonly message: string }

const show = (c: Console, id: string, error?: Failure) =>
  Effect.gen(function*() {
    const detail = yield* (yield* Cases).get(c.account.id, id)
    const members = yield* (yield* QueueSettings).members(c.account.id)
    return htmlResponse(casePage(c, detail, error?.message, members), error === undefined ? 200 : statusOfError(error))
  }).pipe(Effect.catch((e) => emptyQueue(c, e.message, statusOfError(e))))

const caseGet = consoleGet((c) => Effect.flatMap(idAfter(PREFIX), (id) => show(c, id)))

/**
 * A form on a case: the change, then back to the case (303) at the section of the form used (`section`: the keyboard
 * returns there), or the case again with the refusal.
 */
const onCase = <E extends Failure>(change: (c: Console, id: string, field: (name: string) => string | undefined) => Effect.Effect<unknown, E, Cases | HttpServerRequest.HttpServerRequest>, section = "main") =>
  consolePost((c, field) =>
    Effect.gen(function*() {
      const id = yield* idAfter(PREFIX)
      return yield* change(c, id, field).pipe(
        Effect.as(seeOther(`${PREFIX}${id}#${section}`)),
        Effect.catch((error) => show(c, id, error))
      )
    }))

const member = (c: Console) => ({ ...consoleActor(c), by: memberAttribution(c.account) })

const take = onCase((c, id) => Effect.flatMap(Cases, (cases) => cases.takeCase(member(c), id)))
const escalate = onCase((c, id, field) => Effect.flatMap(Cases, (cases) => cases.escalateAsked(consoleActor(c), id, field("reason"), field("to"))))
const comment = onCase((c, id, field) => Effect.flatMap(Cases, (cases) => cases.comment(consoleActor(c), id, field("text") ?? "")), "comment")
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
  }), "close")

/** Several hits at once: each checkbox is `list:entry_id`. */
const decide = consolePost(Effect.fnUntraced(function*(c: Console, field: (name: string) => string | undefined) {
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
    Effect.as(seeOther(`${PREFIX}${id}#decide`)),
    Effect.catch((error) => show(c, id, error))
  )
}))

/** The four-eyes policy (owners and admins): the form's choice, then back to the queue. */
const setPolicy = consolePost(Effect.fnUntraced(function*(c: Console, field: (name: string) => string | undefined) {
  const cases = yield* Cases
  const threshold = Number(field("threshold") ?? "")
  return yield* cases.setReviewPolicy(consoleActor(c), c.account.member.role, { enabled: field("four_eyes") === "on", threshold }).pipe(
    Effect.as(seeOther("/dashboard/cases")),
    Effect.catch((error) => emptyQueue(c, error.message, error instanceof RoleForbids ? 403 : error instanceof InvalidApiKey ? 401 : 400))
  )
}), undefined, "manage")

export const casesRoutes = [
  ["GET", "/dashboard/cases", queue],
  // the review queue's old address: the queue is the cases now
  ["GET", "/dashboard/review", consoleGet(() => Effect.succeed(seeOther("/dashboard/cases")))],
  ["POST", "/dashboard/cases/policy", setPolicy],
  ...queueRoutes,
  ...serviceLevelRoutes,
  ["GET", "/dashboard/cases/:id", caseGet],
  ["POST", "/dashboard/cases/:id/take", take],
  ["POST", "/dashboard/cases/:id/escalate", escalate],
  ["POST", "/dashboard/cases/:id/comments", comment],
  ["POST", "/dashboard/cases/:id/close", close],
  ["POST", "/dashboard/cases/:id/decisions", decide]
] as const
