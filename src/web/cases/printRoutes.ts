import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Clock, Effect } from "effect"
import { memberAttribution } from "../../accounts/Accounts.js"
import { CaseFiles } from "../../cases/CaseFiles.js"
import { Cases } from "../../cases/Cases.js"
import { consoleGet, idAfter } from "../console.js"
import { statusOfError } from "../errorPages.js"
import { htmlResponse } from "../responses.js"
import { recordCss } from "../checks/print.js"
import { emptyQueue } from "./queueRoutes.js"
import { caseRecordHead, caseRecordPage } from "./printRecord.js"

const PREFIX = "/dashboard/cases/"
const CSS = "text/css; charset=utf-8"

/** The case's printable record: every check, hit, decision, comment and audit entry (a member reads the audit log). */
const record = consoleGet((c) =>
  Effect.gen(function*() {
    const id = yield* idAfter(PREFIX)
    const held = yield* (yield* CaseFiles).gather(c.account.id, id, true)
    return htmlResponse(caseRecordPage(c, held, new Date(yield* Clock.currentTimeMillis)))
  }).pipe(Effect.catch((e) => emptyQueue(c, e.message, statusOfError(e)))))

/** The record's printed header and footer (who printed it, when, the case's status now): fresh on every load. */
const recordStyle = consoleGet((c) =>
  Effect.gen(function*() {
    const id = yield* idAfter(PREFIX)
    const held = yield* Effect.result((yield* Cases).get(c.account.id, id))
    const at = new Date(yield* Clock.currentTimeMillis)
    return held._tag === "Failure"
      ? HttpServerResponse.text("/* no such case */", { status: 404, contentType: CSS })
      : HttpServerResponse.text(recordCss(c, caseRecordHead(held.success, at)), { contentType: CSS, headers: { "cache-control": "no-store" } })
  }))

/** The case file (the same JSON document as GET /v1/cases/{id}/file), as a download. */
const file = consoleGet((c) =>
  Effect.gen(function*() {
    const id = yield* idAfter(PREFIX)
    const made = yield* (yield* CaseFiles).file({ accountId: c.account.id, by: memberAttribution(c.account), origin: c.origin }, id, true)
    return HttpServerResponse.text(JSON.stringify(made, null, 2), {
      contentType: "application/json; charset=utf-8",
      headers: { "content-disposition": `attachment; filename="${made.case_id}-file.json"`, "cache-control": "no-store" }
    })
  }).pipe(Effect.catch((e) => emptyQueue(c, e.message, statusOfError(e)))))

export const casePrintRoutes = [
  ["GET", "/dashboard/cases/:id/record", record],
  ["GET", "/dashboard/cases/:id/record.css", recordStyle],
  ["GET", "/dashboard/cases/:id/file", file]
] as const
