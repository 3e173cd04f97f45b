import { Schema } from "effect"
import { hasCursorShape } from "../../domain/cursor.js"
import { caseOutcomes, caseStatuses } from "../../domain/cases.js"
import { AttributionOrNull } from "./Attribution.js"
import { Decision } from "./Decision.js"
import { NextCursor } from "./Paging.js"
import { instantOf, refuseUnknownFields } from "./params.js"
import { ReviewReason, SanctionsHit, SanctionsList } from "./Verdict.js"

export const CaseStatus = Schema.Literal(...caseStatuses)
export const CaseOutcome = Schema.Literal(...caseOutcomes)

/** A case cursor's position (sealed by src/access/Cursors.ts): the sort's key (an instant or a score) and the case id. */
export const caseCursorPayload = (key: string | number | null, id: string) => JSON.stringify([key, id])
export const caseCursorPosition = (payload: string): { readonly key: string | number | null; readonly id: string } | null => {
  try {
    const value: unknown = JSON.parse(payload)
    if (!Array.isArray(value) || value.length !== 2 || typeof value[1] !== "string" || !/^case_[0-9a-f]{20}$/.test(value[1])) return null
    const key: unknown = value[0]
    // A score as the database keeps it (a real between 0 and 1), an instant between 1970 and 9999: never a failed cast.
    if (key === null || (typeof key === "number" && key >= 0 && key <= 1 && Math.fround(key) === key)) return { key, id: value[1] }
    return typeof key === "string" && instantOf(key) !== null ? { key, id: value[1] } : null
  } catch {
    return null
  }
}

const CaseCursor = Schema.String.pipe(Schema.filter((s) => hasCursorShape(s), { message: () => "must be a next_cursor this service gave" }))
  .annotations({ jsonSchema: { type: "string", maxLength: 200, pattern: "^[\\w-]+$", description: "The page before's next_cursor, as given" } })

export const CaseIdParam = Schema.String.pipe(Schema.pattern(/^case_[0-9a-f]{20}$/, { message: () => "must be a case id (case_ and 20 hex digits)" }))
  .annotations({ description: "A case's id", examples: ["case_3f5a7c9e1b3d4f5a6b7c"] })

const MemberId = Schema.String.pipe(Schema.pattern(/^(mem_[A-Za-z0-9_-]{1,64}|none)$/, { message: () => "must be a member's id (mem_…) or none" }))
  .annotations({ description: "A member's id (mem_…), or none" })

export const CaseListParams = Schema.Struct({
  status: Schema.optional(Schema.Literal("open", "in_progress", "escalated", "closed", "active").annotations({
    description: "active (default): not closed"
  })),
  reason: Schema.optional(ReviewReason.annotations({ description: "A review reason the case has" })),
  list: Schema.optional(SanctionsList.annotations({ description: "A list the case has a hit on" })),
  assignee: Schema.optional(MemberId.annotations({ description: "A member, or none" })),
  min_age_days: Schema.optional(Schema.NumberFromString.pipe(Schema.int({ message: () => "must be an integer" }), Schema.between(0, 3650, { message: () => "must be between 0 and 3650" }))
    .annotations({ jsonSchema: { type: "integer", minimum: 0, maximum: 3650, description: "Opened at least this many days ago" } })),
  pending: Schema.optional(Schema.Literal("true", "false").annotations({ description: "true: a decision awaits a second member" })),
  sort: Schema.optional(Schema.Literal("age", "score").annotations({ description: "age (default): oldest first; score: best hit first" })),
  limit: Schema.optional(Schema.NumberFromString.pipe(Schema.int({ message: () => "must be an integer" }), Schema.between(1, 100, { message: () => "must be between 1 and 100" }))
    .annotations({ jsonSchema: { type: "integer", minimum: 1, maximum: 100, default: 25, description: "Cases a page" } })),
  cursor: Schema.optional(CaseCursor)
})

const Subject = Schema.Struct({
  name: Schema.optional(Schema.String.annotations({ description: "The business resolved: its legal name" })),
  registration_no: Schema.optional(Schema.String),
  country: Schema.optional(Schema.String),
  name_given: Schema.optional(Schema.String.annotations({ description: "The name as a check gave it" }))
})

export class CaseSummary extends Schema.Class<CaseSummary>("CaseSummary")({
  id: Schema.String,
  subject: Subject,
  status: CaseStatus,
  outcome: Schema.NullOr(CaseOutcome),
  outcome_text: Schema.NullOr(Schema.String),
  reasons: Schema.Array(Schema.String).annotations({ description: "Every review reason its checks gave" }),
  reasons_in_words: Schema.Array(Schema.String),
  best_hit: Schema.NullOr(Schema.Struct({ score: Schema.Number, list: Schema.String, name: Schema.String })).annotations({
    description: "The highest-scored undecided hit its checks reported; null: none (a case for another reason)"
  }),
  hits: Schema.Array(Schema.String).annotations({ description: "Each hit seen, as list:entry_id" }),
  check_count: Schema.Number,
  pending_decisions: Schema.Number.annotations({ description: "Decisions on its hits waiting for a second member" }),
  assignee: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String })),
  opened_at: Schema.String.annotations({ format: "date-time" }),
  age_days: Schema.Number.annotations({ description: "Whole days since it was (last) opened" }),
  last_check_at: Schema.String.annotations({ format: "date-time" }),
  closed_at: Schema.NullOr(Schema.String),
  closed_by: AttributionOrNull("who closed it; null while open")
}) {}

export class CasePage extends Schema.Class<CasePage>("CasePage")({
  cases: Schema.Array(CaseSummary),
  next_cursor: NextCursor
}) {}

export class CaseEvent extends Schema.Class<CaseEvent>("CaseEvent")({
  at: Schema.String.annotations({ format: "date-time" }),
  actor: AttributionOrNull("who; null: the service (a check that opened or joined the case)"),
  kind: Schema.String.annotations({ description: "opened, check_joined, reopened, assigned, started, escalated, closed, commented, decision_proposed, decision_recorded, decision_approved, decision_rejected" }),
  body: Schema.NullOr(Schema.String).annotations({ description: "A comment's text" }),
  details: Schema.Record({ key: Schema.String, value: Schema.Unknown })
}) {}

export class CaseCheck extends Schema.Class<CaseCheck>("CaseCheck")({
  id: Schema.String,
  created_at: Schema.String.annotations({ format: "date-time" }),
  result: Schema.String,
  review_reasons: Schema.Array(Schema.String),
  hits: Schema.Array(SanctionsHit)
}) {}

export class CaseDetail extends Schema.Class<CaseDetail>("CaseDetail")({
  case: CaseSummary,
  checks: Schema.Array(CaseCheck).annotations({ description: "Its checks, newest first (at most 50)" }),
  decisions: Schema.Array(Decision).annotations({ description: "Decisions taken on it, newest first, with their approval state" }),
  history: Schema.Array(CaseEvent).annotations({ description: "Everything that happened to it, in order" })
}) {}

const Text = (max: number, what: string) =>
  Schema.String.pipe(Schema.maxLength(max, { message: () => `must be at most ${max} characters` })).annotations({ description: what })

export const AssignBody = Schema.Struct({
  assignee: Schema.NullOr(MemberId).annotations({ description: "The member to hold the case (mem_…), or null to let it go" })
}).annotations({ identifier: "CaseAssignRequest", ...refuseUnknownFields })

export const CommentBody = Schema.Struct({
  text: Text(4000, "Plain text, at most 4,000 characters").pipe(Schema.filter((s) => s.trim() !== "" || "must not be empty"))
}).annotations({ identifier: "CaseCommentRequest", ...refuseUnknownFields })

export const CloseBody = Schema.Struct({
  outcome: CaseOutcome,
  text: Schema.optional(Text(2000, "Required with outcome other: what it was"))
}).annotations({ identifier: "CaseCloseRequest", ...refuseUnknownFields })

export const CaseDecisionBody = Schema.Struct({
  hits: Schema.Array(Schema.Struct({ list: SanctionsList, entry_id: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(64)).annotations({ description: "The list entry's id (1 to 64 characters)" }) }))
    .pipe(Schema.minItems(1, { message: () => "must name at least one hit" }), Schema.maxItems(50, { message: () => "at most 50 hits at once" }))
    .annotations({ description: "Hits of the case's latest check; each is decided with the entries linked to it on other lists" }),
  decision: Schema.Literal("false_positive", "confirmed"),
  note: Text(2000, "Why, for the audit trail")
}).annotations({ identifier: "CaseDecisionRequest", ...refuseUnknownFields })
