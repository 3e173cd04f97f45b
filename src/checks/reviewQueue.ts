import { Effect } from "effect"
import { decisionFor, decisionSubjectKeys } from "../domain/decisions.js"
import { normalizeName } from "../domain/normalize.js"
import { numberKey } from "../domain/registrationNumbers.js"
import { Decisions } from "../decisions/Decisions.js"
import { AccountChecksRepo } from "./AccountChecksRepo.js"
import type { CheckRow } from "./ChecksRepo.js"
import { toCheck } from "./Checks.js"

/** How many of the oldest candidates are looked at: the queue and its count stop there ("50+"). */
export const REVIEW_QUEUE_LIMIT = 50

interface StoredHit {
  readonly list: string
  readonly entry_id: string
  readonly entry_hash: string
  readonly score: number
  readonly decision: unknown
}

interface StoredVerdict {
  readonly company: { readonly legal_name: string; readonly country: string; readonly registration_no: string } | null
  readonly sanctions: { readonly hits: ReadonlyArray<StoredHit> }
}

const countryOf = (value: unknown): string | null => typeof value === "string" && value !== "" ? value.toUpperCase() : null

/**
 * The review queue: an account's verdicts in `review` with a sanctions hit nobody has decided, oldest first. A hit
 * counts as decided when it carried a decision when answered, or a decision taken since applies to it (same subject,
 * entry and entry hash, as the verifier would apply it).
 */
export class ReviewQueue extends Effect.Service<ReviewQueue>()("kyb/ReviewQueue", {
  effect: Effect.gen(function*() {
    const repo = yield* AccountChecksRepo
    const decisions = yield* Decisions

    const undecidedHits = (row: CheckRow) =>
      Effect.gen(function*() {
        const verdict = row.verdict as StoredVerdict
        const open = verdict.sanctions.hits.filter((h) => h.decision === null)
        if (open.length === 0) return []
        const rules = yield* decisions.lookupFor(row.account_id)({
          subjectKeys: decisionSubjectKeys(row.input["name"], verdict.company, { normalize: (n) => normalizeName(n), numberOf: numberKey }),
          entries: open.map((h) => ({ list: h.list, entry_id: h.entry_id })),
          country: countryOf(row.input["country"]) ?? verdict.company?.country ?? null
        })
        return open.filter((h) => decisionFor(h, rules) === null)
      })

    const queue = (accountId: string) =>
      Effect.gen(function*() {
        const candidates = yield* repo.reviewCandidates(accountId, REVIEW_QUEUE_LIMIT).pipe(Effect.orDie)
        const open = yield* Effect.forEach(candidates, (row) => Effect.map(undecidedHits(row), (hits) => ({ row, hits })), { concurrency: 4 })
        return {
          items: open.filter((o) => o.hits.length > 0).map((o) => ({ check: toCheck(o.row), undecided: o.hits.length })),
          more: candidates.length === REVIEW_QUEUE_LIMIT
        }
      })

    const count = (accountId: string) => Effect.map(queue(accountId), (q) => q.items.length)

    return { queue, count } as const
  }),
  dependencies: [AccountChecksRepo.Default, Decisions.Default]
}) {}
