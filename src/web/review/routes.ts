import { Effect } from "effect"
import { decodeCursor } from "../../checks/cursor.js"
import { ReviewQueue } from "../../checks/reviewQueue.js"
import { checkLink, subjectOf } from "../checks/view.js"
import { consoleGet, consolePage } from "../console.js"
import { dataTable, html, when } from "../html.js"
import { htmlResponse } from "../responses.js"
import { listWords, reasonWords } from "../words.js"

/** The review queue: verdicts in review with hits nobody has decided, oldest first, a page at a time. */
const queue = consoleGet((c) =>
  Effect.gen(function*() {
    const cursor = c.query("cursor")
    if (cursor !== undefined && decodeCursor(cursor) === null) {
      return htmlResponse(consolePage(c, "Review queue", "/dashboard/review", html``, "cursor: must be a link this page gave"), 400)
    }
    const { checks, next_cursor } = yield* (yield* ReviewQueue).page(c.account.id, cursor)
    const rows = checks.map((item) => [
      when(item.created_at),
      checkLink(item.check_id, subjectOf(item.input)),
      item.undecided_hits.length,
      [...new Set(item.undecided_hits.map((h) => listWords(h.list)))].join(", "),
      item.review_reasons.map(reasonWords).join("; ")
    ])
    return htmlResponse(consolePage(c, "Review queue", "/dashboard/review", html`<p>Verdicts in <strong>review</strong> with a sanctions hit nobody
has decided yet, oldest first. Open one, read the evidence, and decide on each hit with a reason.</p>
${dataTable("Waiting for a decision, oldest first", ["Waiting since", "Subject", "Undecided hits", "Lists", "Review reasons"], rows,
      { empty: "Nothing waits for a decision.", id: "queue" })}
${next_cursor === null ? "" : html`<p><a href="/dashboard/review?cursor=${next_cursor}">Later ones</a></p>`}`))
  }))

export const reviewRoutes = [["GET", "/dashboard/review", queue]] as const
