import { Schema } from "effect"
import { BULK_MAX } from "../caseQueue.js"
import { CaseIdParam, CaseOutcome, CloseBody } from "./Case.js"
import { SanctionsList } from "./Verdict.js"

const Text = (max: number, what: string) =>
  Schema.String.annotate({ description: what }).check(Schema.isMaxLength(max, { message: `must be at most ${max} characters` }))

const CaseIds = Schema.Array(CaseIdParam).annotate({ description: `The cases to change, each once (1 to ${BULK_MAX})` })
  .check(Schema.isMinLength(1, { message: "choose at least one case" }), Schema.isMaxLength(BULK_MAX, { message: `at most ${BULK_MAX} cases at once` }))

const Entry = Schema.Struct({
  list: SanctionsList,
  entry_id: Schema.String.annotate({ description: "The list entry's id (1 to 64 characters)" }).check(Schema.isMinLength(1), Schema.isMaxLength(64))
}).annotate({ description: "The list entry decided on every case named (each case's checks must report it)" })

const Note = Text(2000, "Why, for the audit trail").check(Schema.makeFilter((s: string) => s.trim() !== "" || "must not be empty"))

/** Give the cases to a member, or to nobody (null). */
const BulkAssign = Schema.Struct({
  case_ids: CaseIds,
  action: Schema.Literal("assign"),
  assignee: Schema.NullOr(Schema.String.check(Schema.isPattern(/^mem_[A-Za-z0-9_-]{1,64}$/u, { message: "must be a member's id (mem_…)" })))
    .annotate({ description: "The member to hold the cases (mem_…), or null to let them go" })
}).annotate({ identifier: "CaseBulkAssign" })

/** Close the cases with one outcome (other: with its text, or each case refuses). */
const BulkClose = Schema.Struct({
  case_ids: CaseIds,
  action: Schema.Literal("close"),
  outcome: CaseOutcome,
  text: Text(2000, "Why this outcome (with outcome other: what it was); every close needs one")
    .check(Schema.makeFilter((s: string) => s.trim() !== "" || "must not be empty")),
  acknowledged_reasons: CloseBody.fields.acknowledged_reasons
}).annotate({ identifier: "CaseBulkClose" })

/** The same decision on the same list entry in each case, under the account's four-eyes policy case by case. */
const BulkDecide = Schema.Struct({
  case_ids: CaseIds,
  action: Schema.Literal("decide"),
  entry: Entry,
  decision: Schema.Literals(["false_positive", "confirmed"]),
  note: Note
}).annotate({ identifier: "CaseBulkDecide" })

/**
 * One change applied to several cases, each case on its own (all or nothing per case), by `action`: `assign`,
 * `close`, or `decide`.
 */
export const CaseBulkBody = Schema.Union([BulkAssign, BulkClose, BulkDecide]).annotate({ identifier: "CaseBulkRequest" })

export class CaseBulkResult extends Schema.Class<CaseBulkResult>("CaseBulkResult")({
  case_id: Schema.String,
  result: Schema.Literals(["changed", "proposed", "refused", "not_found"]).annotate({
    description: "changed: done; proposed: the decision waits for a second member (four eyes); refused: nothing changed on this case (message says why); not_found: no such case for this account"
  }),
  message: Schema.NullOr(Schema.String).annotate({ description: "Why a case was refused or not found; null when changed" }),
  decision_ids: Schema.Array(Schema.String).annotate({ description: "decide: the decisions recorded or proposed on this case" })
}) {}

export class CaseBulkAnswer extends Schema.Class<CaseBulkAnswer>("CaseBulkAnswer")({
  action: Schema.String,
  results: Schema.Array(CaseBulkResult).annotate({ description: "One per case named, in the order given" }),
  changed: Schema.Finite.annotate({ description: "Cases changed (a decision proposed counts)" }),
  refused: Schema.Finite.annotate({ description: "Cases left as they were (refused or not found)" })
}) {}
