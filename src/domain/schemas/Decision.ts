import { Schema } from "effect"
import { AttributionOrNull } from "./Attribution.js"
import { NextCursor, PageParams } from "./Paging.js"
import { CountryCode, requiringOneOf, TextInput } from "./params.js"
import { optionalField, stated } from "./stated.js"
import { SanctionsList } from "./Verdict.js"

const subjectFields = {
  name: optionalField(TextInput("name", 200, "The subject's name as it was verified")),
  country: optionalField(CountryCode),
  registration_no: optionalField(TextInput("registration_no", 64, "The company's registration number, with `country`"))
}

const oneSubject = (s: { readonly name?: string | undefined; readonly country?: string | undefined; readonly registration_no?: string | undefined }) =>
  s.registration_no !== undefined
    ? (s.country !== undefined ? true : "a company is named by country and registration_no together")
    : s.name !== undefined
    ? true
    : "name the subject: name, or country and registration_no"

export const DecisionKind = Schema.Literals(["false_positive", "confirmed"])

const decisionFields = Schema.Struct({
  ...subjectFields,
  list: SanctionsList.annotate({ description: "The hit's `list`" }),
  entry_id: Schema.String.annotate({ description: "The hit's `entry_id`, e.g. `10118`", examples: ["10118"] }).check(
    Schema.isMinLength(1, { message: "must not be empty" }),
    Schema.isMaxLength(64, { message: "must be at most 64 characters" })
  ),
  decision: DecisionKind.annotate({ description: "false_positive: not this subject (dismissed); confirmed: a true match" }),
  note: optionalField(Schema.String.annotate({ description: "Why, for the audit trail" }).check(Schema.isMaxLength(2000, { message: "must be at most 2000 characters" })))
})

export const DecisionBody = decisionFields.annotate(stated({
  ...requiringOneOf(decisionFields, [["name"], ["country", "registration_no"]], { registration_no: ["country"] })
})).check(Schema.makeFilter(oneSubject, { identifier: "DecisionRequest" }))

export class Decision extends Schema.Class<Decision>("Decision")({
  id: Schema.String,
  subject: Schema.Struct(subjectFields),
  list: SanctionsList,
  entry_id: Schema.String,
  entry_hash: Schema.String.annotate({ description: "the entry's content hash the decision was taken on; a change voids a dismissal" }),
  decision: DecisionKind,
  note: Schema.NullOr(Schema.String),
  created_at: Schema.String.annotate({ format: "date-time" }),
  superseded_by: Schema.NullOr(Schema.String).annotate({
    description: "the newer decision on the same subject (and country) and entry that replaced this one; null: in force"
  }),
  decided_by: AttributionOrNull("who decided: a member (id, name) or an API key (id, label), as of the decision; null: not recorded (decided before attribution existed)"),
  approval: Schema.Literals(["not_needed", "pending", "approved", "rejected", "withdrawn"]).annotate({
    description: "four eyes: pending (a false positive on a hit at or above the threshold, or on an exact name) dismisses nothing until another member approves"
  }),
  status: Schema.Literals(["in_force", "pending", "rejected", "withdrawn", "superseded"]).annotate({
    description: "what it is now; pending: not in force (waits for a second member)"
  }),
  proposer: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.NullOr(Schema.String) })).annotate({
    description: "the member whose proposal it is (made by them, or with a key they made), never its second look; null: unknown"
  }),
  proposal_id: Schema.String.annotate({ description: "decisions proposed together on one entity: reviewed once, as a whole" }),
  reviewed_by: AttributionOrNull("who approved, rejected or withdrew it; null: not yet"),
  reviewed_at: Schema.NullOr(Schema.String).annotate({ format: "date-time" }),
  review_note: Schema.NullOr(Schema.String).annotate({ description: "why it was approved, rejected or withdrawn" }),
  case_id: Schema.NullOr(Schema.String).annotate({ description: "its subject's case (every pending one has one)" }),
  case_outcome: Schema.NullOr(Schema.String).annotate({ description: "the case's outcome once closed" })
}) {}

export const WithdrawBody = Schema.Struct({
  note: optionalField(Schema.String.annotate({ description: "Why, for the audit trail" }).check(Schema.isMaxLength(2000, { message: "must be at most 2000 characters" })))
})

export const DecisionListParams = Schema.Struct({
  ...PageParams(50).fields,
  in_force: optionalField(Schema.Literals(["true", "false"]).annotate({
    message: "must be true or false",
    description: "true: only the decisions in force (not superseded)"
  }))
})

export class DecisionPage extends Schema.Class<DecisionPage>("DecisionPage")({
  decisions: Schema.Array(Decision),
  next_cursor: NextCursor
}) {}

export class ProposalDecisions extends Schema.Class<ProposalDecisions>("ProposalDecisions")({
  decisions: Schema.Array(Decision).annotate({ description: "The proposal's decisions (one per entry of the entity), as they are now" })
}) {}
