import { Schema } from "effect"
import { AttributionOrNull } from "./Attribution.js"
import { NextCursor, PageParams } from "./Paging.js"
import { CountryCode, refuseUnknownFields, requiringOneOf, TextInput } from "./params.js"
import { SanctionsList } from "./Verdict.js"

const subjectFields = {
  name: Schema.optional(TextInput("name", 200, "The subject's name as it was verified")),
  country: Schema.optional(CountryCode),
  registration_no: Schema.optional(TextInput("registration_no", 64, "The company's registration number, with `country`"))
}

const oneSubject = (s: { readonly name?: string | undefined; readonly country?: string | undefined; readonly registration_no?: string | undefined }) =>
  s.registration_no !== undefined
    ? (s.country !== undefined ? true : "a company is named by country and registration_no together")
    : s.name !== undefined
    ? true
    : "name the subject: name, or country and registration_no"

export const DecisionKind = Schema.Literal("false_positive", "confirmed")

const decisionFields = Schema.Struct({
  ...subjectFields,
  list: SanctionsList.annotations({ description: "The hit's `list`" }),
  entry_id: Schema.String.pipe(
    Schema.minLength(1, { message: () => "must not be empty" }),
    Schema.maxLength(64, { message: () => "must be at most 64 characters" })
  ).annotations({
    description: "The hit's `entry_id`, e.g. `10118`",
    examples: ["10118"]
  }),
  decision: DecisionKind.annotations({ description: "false_positive: not this subject (dismissed); confirmed: a true match" }),
  note: Schema.optional(Schema.String.pipe(Schema.maxLength(2000, { message: () => "must be at most 2000 characters" })).annotations({ description: "Why, for the audit trail" }))
})

export const DecisionBody = decisionFields.pipe(Schema.filter(oneSubject, {
  jsonSchema: requiringOneOf(decisionFields, [["name"], ["country", "registration_no"]], { registration_no: ["country"] })
})).annotations({
  identifier: "DecisionRequest",
  ...refuseUnknownFields,
  description: "A reviewer's decision on a hit: the subject (a name, or a company by country and number), the list entry, and the decision."
})

export class Decision extends Schema.Class<Decision>("Decision")({
  id: Schema.String,
  subject: Schema.Struct(subjectFields),
  list: SanctionsList,
  entry_id: Schema.String,
  entry_hash: Schema.String.annotations({ description: "the entry's content hash the decision was taken on; a change voids a dismissal" }),
  decision: DecisionKind,
  note: Schema.NullOr(Schema.String),
  created_at: Schema.String.annotations({ format: "date-time" }),
  superseded_by: Schema.NullOr(Schema.String).annotations({
    description: "the newer decision on the same subject (and country) and entry that replaced this one; null: in force"
  }),
  decided_by: AttributionOrNull("who decided: a member (id, name) or an API key (id, label), as of the decision; null: not recorded (decided before attribution existed)"),
  approval: Schema.Literal("not_needed", "pending", "approved", "rejected").annotations({
    description: "four eyes: pending decisions (a false positive on a hit scored at or above the account's threshold, or on an exact name) dismiss nothing until another member approves; a rejected one never counts"
  }),
  reviewed_by: AttributionOrNull("the member who approved or rejected it; null: not reviewed"),
  reviewed_at: Schema.NullOr(Schema.String).annotations({ format: "date-time" }),
  case_id: Schema.NullOr(Schema.String).annotations({ description: "the case it was taken on; null: recorded directly" })
}) {}

export const DecisionListParams = Schema.Struct({
  ...PageParams(50).fields,
  in_force: Schema.optional(Schema.Literal("true", "false").pipe(
    Schema.annotations({ message: () => "must be true or false" })
  )).annotations({ description: "true: only the decisions in force (not superseded)" })
})

export class DecisionPage extends Schema.Class<DecisionPage>("DecisionPage")({
  decisions: Schema.Array(Decision),
  next_cursor: NextCursor
}) {}
