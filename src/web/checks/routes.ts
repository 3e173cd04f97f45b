import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Clock, Effect } from "effect"
import { AccountChecks } from "../../checks/AccountChecks.js"
import { isCalendarDate } from "../../domain/calendarDate.js"
import type { CheckFilters } from "../../checks/AccountChecksRepo.js"
import { type Console, consoleActor, consoleGet, consolePost, idAfter } from "../console.js"
import { statusOfError } from "../errorPages.js"
import { htmlResponse, seeOther } from "../responses.js"
import { checkPage, checksPage } from "./pages.js"
import { printCss } from "./print.js"

/** A calendar date of the years 0001-9999 (what a timestamp column holds): anything else is the caller's 400. */
const isDay = (s: string) => isCalendarDate(s) && s >= "0001-01-01"
const LAST_DAY = "9999-12-31"

/** The listing's filters from the query, or the first bad one as `{field}: {what it must be}`. */
const filtersOf = (c: Console): { readonly filters: CheckFilters } | { readonly problem: string } => {
  const result = c.query("result")
  if (result !== undefined && result !== "verified" && result !== "review" && result !== "not_found") {
    return { problem: "result: must be verified, review or not_found" }
  }
  const from = c.query("from")
  const to = c.query("to")
  if (from !== undefined && !isDay(from)) return { problem: "from: must be a date (YYYY-MM-DD) of the years 0001-9999" }
  if (to !== undefined && !isDay(to)) return { problem: "to: must be a date (YYYY-MM-DD) of the years 0001-9999" }
  const name = c.query("name")
  if (name !== undefined && name.length > 200) return { problem: "name: must be at most 200 characters" }
  return {
    filters: {
      result,
      from: from === undefined ? undefined : new Date(`${from}T00:00:00Z`),
      // the day after `to`; through the last day there is no bound at all (year 10000 is no timestamp)
      until: to === undefined || to === LAST_DAY ? undefined : new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000),
      keyId: c.query("key"),
      name
    }
  }
}

const list = consoleGet(Effect.fnUntraced(function*(c: Console) {
  const checks = yield* AccountChecks
  const parsed = filtersOf(c)
  if ("problem" in parsed) return htmlResponse(checksPage(c, { checks: [], nextCursor: null }, parsed.problem), 400)
  const found = yield* Effect.result(checks.search(c.account.id, parsed.filters, c.query("cursor")))
  return found._tag === "Success"
    ? htmlResponse(checksPage(c, found.success))
    : htmlResponse(checksPage(c, { checks: [], nextCursor: null }, "cursor: must be a link this page gave, with the same filters"), 400)
}))

const PREFIX = "/dashboard/checks/"

const show = Effect.fnUntraced(function*(c: Console, id: string, error?: { readonly error: string; readonly message: string }) {
  const checks = yield* AccountChecks
  const found = yield* checks.evidence(c.account.id, id)
  const previousId = c.query("previous")
  const previous = previousId === undefined
    ? null
    : yield* checks.get(c.account.id, previousId).pipe(Effect.map((p) => p.check), Effect.orElseSucceed(() => null))
  const now = new Date(yield* Clock.currentTimeMillis)
  return htmlResponse(checkPage(c, { ...found, previous }, error?.message, now), error === undefined ? 200 : statusOfError(error))
})

const notFound = (c: Console) => (error: { readonly error: string; readonly message: string }) =>
  Effect.succeed(htmlResponse(checksPage(c, { checks: [], nextCursor: null }, error.message), statusOfError(error)))

const get = consoleGet((c) => Effect.flatMap(idAfter(PREFIX), (id) => show(c, id).pipe(Effect.catch(notFound(c)))))

/** The check's printed header and footer (who printed it, when): fresh on every load, never cached. */
const print = consoleGet(Effect.fnUntraced(function*(c: Console) {
  const id = yield* idAfter(PREFIX)
  const found = yield* Effect.result((yield* AccountChecks).evidence(c.account.id, id))
  const at = new Date(yield* Clock.currentTimeMillis)
  return found._tag === "Failure"
    ? HttpServerResponse.text("/* no such check */", { status: 404, contentType: "text/css; charset=utf-8" })
    : HttpServerResponse.text(printCss(c, { checkId: found.success.check.id, kase: found.success.check.case ?? null, at }), {
      contentType: "text/css; charset=utf-8", headers: { "cache-control": "no-store" }
    })
}))

const decide = consolePost(Effect.fnUntraced(function*(c: Console, field: (name: string) => string | undefined) {
  const id = yield* idAfter(PREFIX)
  const checks = yield* AccountChecks
  return yield* checks.decide(consoleActor(c), id, {
    list: field("list") ?? "", entryId: field("entry_id") ?? "", decision: field("decision") ?? "", reason: field("reason") ?? ""
  }).pipe(
    Effect.map((made) => seeOther(`${PREFIX}${id}?notice=${made.approval === "pending" ? "proposed" : "decided"}`)),
    Effect.catch((error) => show(c, id, error).pipe(Effect.catch(notFound(c))))
  )
}))

const verifyAgain = consolePost(Effect.fnUntraced(function*(c: Console) {
  const id = yield* idAfter(PREFIX)
  return yield* (yield* AccountChecks).verifyAgain(consoleActor(c), id).pipe(
    Effect.map((verdict) => seeOther(`${PREFIX}${verdict.check_id}?previous=${id}&notice=reverified`)),
    Effect.catch((error) => show(c, id, error).pipe(Effect.catch(notFound(c))))
  )
}))

export const checksRoutes = [
  ["GET", "/dashboard/checks", list],
  ["GET", "/dashboard/checks/:id", get],
  ["GET", "/dashboard/checks/:id/print.css", print],
  ["POST", "/dashboard/checks/:id/decisions", decide],
  ["POST", "/dashboard/checks/:id/verify-again", verifyAgain]
] as const
