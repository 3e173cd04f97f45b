import { Option, Schema } from "effect"
import { CaseCheck, CaseEvent, CaseSummary } from "../domain/schemas/Case.js"
import { SanctionsHit } from "../domain/schemas/Verdict.js"
import { serviceStanding } from "../domain/caseQueue.js"
import { reviewReasonOrder, reviewReasonWords } from "../domain/reviewReasons.js"
import { resolvedByLaterCheck } from "../domain/caseFlow.js"
import type { CaseEventRow, CaseRow } from "./CasesRepo.js"

const DAY = 86_400_000
const decodeHit = Schema.decodeUnknownOption(SanctionsHit)

export const reasonInWords = (reason: string) =>
  (reviewReasonOrder as ReadonlyArray<string>).includes(reason) ? reviewReasonWords[reason as keyof typeof reviewReasonWords] : reason

/** What closing the case looks at: whether its latest check resolved it, and its reasons now. */
export const closingState = (row: CaseRow) => ({
  resolved: resolvedByLaterCheck({
    latest: row.latest_check_id === null ? null : { at: row.last_check_at.getTime(), id: row.latest_check_id },
    current: { reasons: row.reasons, hits: row.latest_hits }
  }),
  current: row.reasons
})

export const caseSummary = (row: CaseRow, now: number, serviceHours: number | null) => {
  const standing = serviceStanding(row.opened_at, row.status === "closed", serviceHours, now)
  return new CaseSummary({
    id: row.id,
    subject: row.subject,
    status: row.status,
    outcome: row.outcome,
    outcome_text: row.outcome_text,
    reasons: row.reasons,
    reasons_in_words: row.reasons.map(reasonInWords),
    reasons_seen: row.reasons_seen,
    resolved_by_later_check: closingState(row).resolved,
    reopened_at: row.reopened_at?.toISOString() ?? null,
    best_hit: row.best_score === null || row.best_list === null ? null : { score: row.best_score, list: row.best_list, name: row.best_name ?? "" },
    hits: row.hits,
    check_count: row.check_count,
    pending_decisions: row.pending_decisions,
    assignee: row.assignee_id === null ? null : { id: row.assignee_id, name: row.assignee_name ?? row.assignee_id },
    opened_at: row.opened_at.toISOString(),
    age_days: Math.max(0, Math.floor((now - row.opened_at.getTime()) / DAY)),
    last_check_at: row.last_check_at.toISOString(),
    closed_at: row.closed_at?.toISOString() ?? null,
    closed_by: row.closed_by,
    due_at: standing.dueAt?.toISOString() ?? null,
    overdue: standing.overdue,
    escalated_to: row.escalated_to_member === null && row.escalated_to_role === null ? null : {
      member: row.escalated_to_member === null ? null : { id: row.escalated_to_member, name: row.escalated_to_name ?? row.escalated_to_member },
      role: row.escalated_to_role
    }
  })
}

export const caseEvent = (row: CaseEventRow) =>
  new CaseEvent({ at: row.at.toISOString(), actor: row.actor, kind: row.kind, body: row.body, details: row.details })

interface StoredVerdict {
  readonly result?: string
  readonly review_reasons?: ReadonlyArray<string>
  readonly sanctions?: { readonly hits?: ReadonlyArray<unknown> }
}

/** The hits a stored verdict reported, as the API gives them (one that no longer decodes is left out). */
export const hitsOf = (verdict: unknown): ReadonlyArray<SanctionsHit> =>
  ((verdict as StoredVerdict).sanctions?.hits ?? []).flatMap((h) => Option.toArray(decodeHit(h)))

export const caseCheck = (row: { readonly id: string; readonly created_at: Date; readonly verdict: unknown }) =>
  new CaseCheck({
    id: row.id,
    created_at: row.created_at.toISOString(),
    result: (row.verdict as StoredVerdict).result ?? "review",
    review_reasons: [...((row.verdict as StoredVerdict).review_reasons ?? [])],
    hits: hitsOf(row.verdict)
  })
