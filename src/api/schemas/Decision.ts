import { Schema } from "effect"
import { NextCursor } from "./Paging.js"
import { CountryCode, TextInput } from "./params.js"
import { SanctionsList } from "./Verdict.js"

const subjectFields = {
  name: Schema.optional(TextInput("name")),
  country: Schema.optional(CountryCode),
  registration_no: Schema.optional(TextInput("registration_no", 64))
}

const oneSubject = (s: { readonly name?: string | undefined; readonly country?: string | undefined; readonly registration_no?: string | undefined }) =>
  s.registration_no !== undefined
    ? (s.country !== undefined ? true : "a company is named by country and registration_no together")
    : s.name !== undefined
    ? true
    : "name the subject: name, or country and registration_no"

export const DecisionKind = Schema.Literal("false_positive", "confirmed")

export const DecisionBody = Schema.Struct({
  ...subjectFields,
  list: SanctionsList,
  entry_id: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(64)),
  decision: DecisionKind,
  note: Schema.optional(Schema.String.pipe(Schema.maxLength(2000)))
}).pipe(Schema.filter(oneSubject)).annotations({
  identifier: "DecisionRequest",
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
  created_at: Schema.String.annotations({ format: "date-time" })
}) {}

export class DecisionPage extends Schema.Class<DecisionPage>("DecisionPage")({
  decisions: Schema.Array(Decision),
  next_cursor: NextCursor
}) {}
