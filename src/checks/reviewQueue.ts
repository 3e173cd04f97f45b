import { Effect } from "effect"
import { Checks } from "./Checks.js"

/** How many checks the console shows a page, and counts in its menu ("50+" past it). */
export const REVIEW_QUEUE_PAGE = 50

/**
 * The console's view of the review queue: pages of `Checks.reviewQueue` (the one queue, also the MCP tool's), and
 * the count the menu shows on every page.
 */
export class ReviewQueue extends Effect.Service<ReviewQueue>()("kyb/ReviewQueue", {
  effect: Effect.gen(function*() {
    const checks = yield* Checks
    const page = (accountId: string, cursor?: string) => checks.reviewQueue(accountId, { limit: REVIEW_QUEUE_PAGE, cursor })
    const count = (accountId: string) =>
      Effect.map(page(accountId), (first) => `${first.checks.length}${first.next_cursor === null ? "" : "+"}`)
    return { page, count } as const
  })
}) {}
