import { Effect } from "effect"
import { REVIEW_QUEUE_LIMIT, ReviewQueue } from "../../checks/reviewQueue.js"
import { badge, checkLink, subjectOf, verdictOf } from "../checks/view.js"
import { consoleGet, consolePage } from "../console.js"
import { dataTable, html, when } from "../html.js"
import { htmlResponse } from "../responses.js"

/** The review queue: verdicts in review with hits nobody has decided, oldest first. */
const queue = consoleGet((c) =>
  Effect.gen(function*() {
    const { items, more } = yield* (yield* ReviewQueue).queue(c.account.id)
    const rows = items.map(({ check, undecided }) => {
      const verdict = verdictOf(check)
      return [when(check.created_at), checkLink(check.id, subjectOf(check.input)), badge(verdict.sanctions.result), undecided, verdict.review_reasons.join(", ")]
    })
    return htmlResponse(consolePage(c, "Review queue", "/dashboard/review", html`<p>Verdicts in <strong>review</strong> with a sanctions hit nobody
has decided yet, oldest first. Open one, read the evidence, and decide on each hit with a reason.</p>
${dataTable("Waiting for a decision, oldest first", ["Waiting since", "Subject", "Screening", "Undecided hits", "Review reasons"], rows,
      { empty: "Nothing waits for a decision.", id: "queue" })}
${more ? html`<p>Only the oldest ${REVIEW_QUEUE_LIMIT} verdicts in review are looked at; decide on these to see the next ones.</p>` : ""}`))
  }))

export const reviewRoutes = [["GET", "/dashboard/review", queue]] as const
