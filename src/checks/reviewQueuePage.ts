import { Effect, Option, Schema } from "effect"
import { ReviewItem, ReviewQueuePage } from "../api/schemas/ReviewQueue.js"
import { ReviewReason, SanctionsHit } from "../api/schemas/Verdict.js"
import { decisionFor, decisionSubjectKeys } from "../domain/decisions.js"
import { normalizeName } from "../domain/normalize.js"
import { numberKey } from "../domain/registrationNumbers.js"
import type { Decisions } from "../decisions/Decisions.js"
import { decodeCursor, encodeCursor } from "./cursor.js"
import type { ReviewCandidate, ReviewRepo } from "./ReviewRepo.js"

const decodeHit = Schema.decodeUnknownOption(SanctionsHit)
const decodeReasons = Schema.decodeUnknownOption(Schema.Array(ReviewReason))

interface StoredVerdict {
  readonly review_reasons?: unknown
  readonly company?: { readonly country: string; readonly registration_no: string; readonly legal_name: string } | null
  readonly sanctions?: { readonly hits?: ReadonlyArray<unknown> }
}

const SCAN = 100
/** Candidates read for one page at the most: past it the page ends early and its cursor goes on from there. */
const MAX_SCAN = 1_000

const countryOf = (value: unknown): string | null => typeof value === "string" && value !== "" ? value.toUpperCase() : null

/**
 * The review queue of an account: checks answered `review` with at least one hit that has no decision in force
 * (none when the check was made, none recorded since for its subject on that entry as listed then), oldest first.
 * Decisions are found as the verifier finds them (`Decisions.lookupFor`), so what the queue shows as undecided is
 * what a new verification would still report as undecided.
 */
export const makeReviewQueue = (repo: ReviewRepo, decisions: Decisions) =>
(accountId: string, params: {
  readonly since?: string | undefined; readonly key_id?: string | undefined; readonly limit?: number | undefined; readonly cursor?: string | undefined
}) =>
  Effect.gen(function*() {
    const limit = params.limit ?? 25
    const since = params.since === undefined ? null : new Date(params.since)
    const lookup = decisions.lookupFor(accountId)
    const items: Array<{ readonly item: ReviewItem; readonly row: ReviewCandidate }> = []
    let after = params.cursor === undefined ? null : decodeCursor(params.cursor)
    let exhausted = false
    let scanned = 0
    while (items.length <= limit && !exhausted && scanned < MAX_SCAN) {
      const rows = yield* repo.candidates(accountId, { since, keyId: params.key_id ?? null, after, limit: SCAN }).pipe(Effect.orDie)
      exhausted = rows.length < SCAN
      for (const row of rows) {
        after = { at: row.created_at, id: row.id }
        scanned++
        const item = yield* undecidedOf(row, lookup)
        if (Option.isSome(item)) items.push({ item: item.value, row })
        if (items.length > limit) break
      }
    }
    const shown = items.slice(0, limit)
    const last = shown.at(-1)?.row
    // More after the shown: from the last shown; a scan cut short: from the last read (a page may then hold fewer).
    const resume = items.length > limit
      ? (last === undefined ? null : { at: last.created_at, id: last.id })
      : exhausted ? null : after
    return new ReviewQueuePage({
      checks: shown.map((s) => s.item),
      next_cursor: resume === null ? null : encodeCursor(resume.at, resume.id)
    })
  })

const undecidedOf = (row: ReviewCandidate, lookup: ReturnType<Decisions["lookupFor"]>) =>
  Effect.gen(function*() {
    const verdict = row.verdict as StoredVerdict
    const hits = (verdict.sanctions?.hits ?? []).flatMap((h) => Option.toArray(decodeHit(h))).filter((h) => h.decision === null)
    if (hits.length === 0) return Option.none<ReviewItem>()
    const company = verdict.company ?? null
    const rules = yield* lookup({
      subjectKeys: decisionSubjectKeys(row.input["name"], company, { normalize: normalizeName, numberOf: numberKey }),
      entries: hits.map((h) => ({ list: h.list, entry_id: h.entry_id })),
      country: countryOf(row.input["country"]) ?? company?.country ?? null
    })
    const undecided = hits.filter((h) => decisionFor(h, rules) === null)
    if (undecided.length === 0) return Option.none<ReviewItem>()
    return Option.some(new ReviewItem({
      check_id: row.id,
      created_at: row.created_at.toISOString(),
      input: row.input,
      company: company === null ? null : { country: company.country, registration_no: company.registration_no, legal_name: company.legal_name },
      review_reasons: Option.getOrElse(decodeReasons(verdict.review_reasons), () => []),
      undecided_hits: undecided
    }))
  })
