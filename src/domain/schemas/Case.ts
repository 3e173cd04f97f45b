import { Schema } from "effect"
import { caseOutcomes, caseStatuses } from "../cases.js"
import { AttributionOrNull } from "./Attribution.js"
import { Decision } from "./Decision.js"
import { NextCursor } from "./Paging.js"
import { cursorInput, instantOf, IntegerFromQuery } from "./params.js"
import { optionalField } from "./stated.js"
import { ReviewReason, SanctionsHit, SanctionsList } from "./Verdict.js"

export const CaseStatus = Schema.Literals(caseStatuses)
export const CaseOutcome = Schema.Literals(caseOutcomes)

/** A case cursor's position (sealed by src/access/Cursors.ts): the sort's key (an instant or a score) and the case id. */
export const caseCursorPayload = (key: string | number | null, id: string) => JSON.stringify([key, id])
export const caseCursorPosition = (payload: string): { readonly key: string | number | null; readonly id: string } | null => {
  try {
    const value: unknown = JSON.parse(payload)
    if (!Array.isArray(value) || value.length !== 2 || typeof value[1] !== "string" || !/^case_[0-9a-f]{20}$/.test(value[1])) return null
    const key: unknown = value[0]
    // A score as the database keeps it (a real between 0 and 1), an instant between 1970 and 9999: never a failed cast.
    if (key === null || (typeof key === "number" && key >= 0 && key <= 1 && Math.fround(key) === key)) return { key, id: value[1] }
    // a count of open reasons (the reasons order)
    if (typeof key === "number" && Number.isInteger(key) && key >= 0 && key <= 1000) return { key, id: value[1] }
    return typeof key === "string" && instantOf(key) !== null ? { key, id: value[1] } : null
  } catch {
    return null
  }
}

const CaseCursor = cursorInput("The page before's next_cursor, as given")

export const CaseIdParam = Schema.String.annotate({ description: "A case's id", examples: ["case_3f5a7c9e1b3d4f5a6b7c"] }).check(Schema.isPattern(/^case_[0-9a-f]{20}$/u, { message: "must be a case id (case_ and 20 hex digits)" }))

const memberId = (description: string) => Schema.String.annotate({ description }).check(Schema.isPattern(/^(mem_[A-Za-z0-9_-]{1,64}|none)$/u, { message: "must be a member's id (mem_…) or none" }))

export const CaseListParams = Schema.Struct({
  status: optionalField(Schema.Literals(["open", "in_progress", "escalated", "closed", "active"]).annotate({
    description: "active (default): not closed"
  })),
  reason: optionalField(ReviewReason.annotate({ description: "A review reason the case has" })),
  list: optionalField(SanctionsList.annotate({ description: "A list the case has a hit on" })),
  assignee: optionalField(memberId("A member, or none")),
  min_age_days: optionalField(IntegerFromQuery(0, 3650, { description: "Opened at least this many days ago" })),
  pending: optionalField(Schema.Literals(["true", "false"]).annotate({ description: "true: a decision awaits a second member" })),
  sort: optionalField(Schema.Literals(["age", "score", "reasons"]).annotate({ description: "age (default): oldest first; score: best hit first; reasons: most open reasons (of the latest check) first" })),
  limit: optionalField(IntegerFromQuery(1, 100, { default: 25, description: "Cases a page" })),
  cursor: optionalField(CaseCursor),
  waiting_for: optionalField(Schema.String.annotate({ description: "A member (mem_…): the cases waiting for them: a decision another member proposed (and they may review), or escalated to them or their role" })
    .check(Schema.isPattern(/^mem_[A-Za-z0-9_-]{1,64}$/u, { message: "must be a member's id (mem_…)" }))),
  overdue: optionalField(Schema.Literals(["true", "false"]).annotate({ description: "true: only the cases open longer than the account's service level (none when it has none)" })),
})

const Subject = Schema.Struct({
  name: optionalField(Schema.String.annotate({ description: "The business resolved: its legal name" })),
  registration_no: optionalField(Schema.String),
  country: optionalField(Schema.String),
  name_given: optionalField(Schema.String.annotate({ description: "The name as a check gave it" }))
})

export class CaseSummary extends Schema.Class<CaseSummary>("CaseSummary")({
  id: Schema.String,
  subject: Subject,
  status: CaseStatus,
  outcome: Schema.NullOr(CaseOutcome),
  outcome_text: Schema.NullOr(Schema.String),
  reasons: Schema.Array(Schema.String).annotate({ description: "The review reasons of its latest check: every later check of the subject, verified or not, joins the case" }),
  reasons_in_words: Schema.Array(Schema.String),
  reasons_seen: Schema.Array(Schema.String).annotate({ description: "Every review reason any of its checks gave, those gone since included" }),
  resolved_by_later_check: Schema.Boolean.annotate({
    description: "true: its latest check clears every reason and hit, so it may close with outcome resolved_by_later_check (a person still closes it, with a note)"
  }),
  reopened_at: Schema.NullOr(Schema.String).annotate({ description: "When a later check (a new hit or reason) or a decision proposed on its subject last opened it again; null: never, or closed since" }),
  best_hit: Schema.NullOr(Schema.Struct({ score: Schema.Finite, list: Schema.String, name: Schema.String })).annotate({
    description: "The highest-scored undecided hit its checks reported; null: none (a case for another reason)"
  }),
  hits: Schema.Array(Schema.String).annotate({ description: "Each hit seen, as list:entry_id" }),
  check_count: Schema.Finite,
  pending_decisions: Schema.Finite.annotate({ description: "Decisions on its hits waiting for a second member" }),
  assignee: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String })),
  opened_at: Schema.String.annotate({ format: "date-time" }),
  age_days: Schema.Finite.annotate({ description: "Whole days since it was (last) opened" }),
  last_check_at: Schema.String.annotate({ format: "date-time" }),
  closed_at: Schema.NullOr(Schema.String),
  closed_by: AttributionOrNull("who closed it; null while open"),
  due_at: Schema.NullOr(Schema.String.annotate({ format: "date-time" })).annotate({ description: "When it is due under the account's service level (opened_at plus its hours); null: no service level" }),
  overdue: Schema.Boolean.annotate({ description: "Open past its due_at" }),
  escalated_to: Schema.NullOr(Schema.Struct({
    member: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String })),
    role: Schema.NullOr(Schema.String)
  })).annotate({ description: "Whom an escalation went to (a member, or a role); null: never escalated to anyone in particular" })
}) {}

export class CasePage extends Schema.Class<CasePage>("CasePage")({
  service_hours: Schema.NullOr(Schema.Finite).annotate({ description: "The account's service level in hours (an owner sets it); null: none" }),
  cases: Schema.Array(CaseSummary),
  next_cursor: NextCursor
}) {}

export class CaseEvent extends Schema.Class<CaseEvent>("CaseEvent")({
  at: Schema.String.annotate({ format: "date-time" }),
  actor: AttributionOrNull("who; null: the service (a check that opened or joined the case)"),
  kind: Schema.String.annotate({ description: "opened, check_joined (any later check of the subject, verified or not), reopened (a later check brought a new hit or reason, or a decision proposed on its subject waits for a second look), assigned, started, escalated, closed, commented, decision_proposed, decision_recorded, decision_approved, decision_rejected" }),
  body: Schema.NullOr(Schema.String).annotate({ description: "A comment's text" }),
  details: Schema.Record(Schema.String, Schema.Unknown)
}) {}

export class CaseCheck extends Schema.Class<CaseCheck>("CaseCheck")({
  id: Schema.String,
  created_at: Schema.String.annotate({ format: "date-time" }),
  result: Schema.String,
  review_reasons: Schema.Array(Schema.String),
  hits: Schema.Array(SanctionsHit)
}) {}

export class CaseDetail extends Schema.Class<CaseDetail>("CaseDetail")({
  case: CaseSummary,
  checks: Schema.Array(CaseCheck).annotate({ description: "Its checks, newest first (at most 50)" }),
  decisions: Schema.Array(Decision).annotate({ description: "Decisions taken on it, newest first, with their approval state" }),
  history: Schema.Array(CaseEvent).annotate({ description: "Everything that happened to it, in order" })
}) {}

const Text = (max: number, what: string) =>
  Schema.String.annotate({ description: what }).check(Schema.isMaxLength(max, { message: `must be at most ${max} characters` }))

export const AssignBody = Schema.Struct({
  assignee: Schema.NullOr(memberId("A member's id (mem_…), or none")).annotate({ description: "The member to hold the case (mem_…), or null to let it go" })
}).annotate({ identifier: "CaseAssignRequest" })

export const CommentBody = Schema.Struct({
  text: Text(4000, "Plain text, at most 4,000 characters").check(Schema.makeFilter((s: string) => s.trim() !== "" || "must not be empty"))
}).annotate({ identifier: "CaseCommentRequest" })

export const EscalateBody = Schema.Struct({
  reason: Text(2000, "Why the case needs someone else (required)").check(Schema.makeFilter((s: string) => s.trim() !== "" || "must not be empty")),
  to: Schema.String.annotate({ description: "To whom: a member (mem_…, who then holds the case) or a role (role:owner, role:admin, role:analyst)" })
    .check(Schema.isPattern(/^(mem_[A-Za-z0-9_-]{1,64}|role:(owner|admin|analyst))$/u, { message: "must be a member (mem_…) or a role (role:owner, role:admin, role:analyst)" }))
}).annotate({ identifier: "CaseEscalateRequest" })

export const CloseBody = Schema.Struct({
  outcome: CaseOutcome,
  text: optionalField(Text(2000, "Required: why (with outcome other: what it was)")),
  acknowledged_reasons: optionalField(Schema.Array(ReviewReason).annotate({
    description: "With outcome cleared: each open reason of the latest check other than sanctions_match, named to confirm it was considered; a cleared close without them is 409 naming them"
  }).check(Schema.isMaxLength(20)))
}).annotate({ identifier: "CaseCloseRequest" })

export const CaseDecisionBody = Schema.Struct({
  hits: Schema.Array(Schema.Struct({ list: SanctionsList, entry_id: Schema.String.annotate({ description: "The list entry's id (1 to 64 characters)" }).check(Schema.isMinLength(1), Schema.isMaxLength(64)) }))
    .annotate({ description: "Hits of the case's latest check; each is decided with the entries linked to it on other lists" })
    .check(Schema.isMinLength(1, { message: "must name at least one hit" }), Schema.isMaxLength(50, { message: "at most 50 hits at once" })),
  decision: Schema.Literals(["false_positive", "confirmed"]),
  note: Text(2000, "Why, for the audit trail")
}).annotate({ identifier: "CaseDecisionRequest" })
