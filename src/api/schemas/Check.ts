import { Schema } from "effect"
import { AttributionOrNull } from "./Attribution.js"
import { FieldProvenance } from "./Company.js"
import { KeyIdParam } from "./Paging.js"
import { CursorParam, SinceParam } from "./params.js"

export class CheckedList extends Schema.Class<CheckedList>("CheckedList")({
  list: Schema.String,
  version: Schema.String,
  sha256: Schema.NullOr(Schema.String).annotations({ description: "SHA-256 over the version's source file hashes" })
}) {}

/** One verification as it was asked and answered, kept as evidence. */
export class Check extends Schema.Class<Check>("Check")({
  id: Schema.String,
  created_at: Schema.String.annotations({ format: "date-time" }),
  input: Schema.Record({ key: Schema.String, value: Schema.String }).annotations({ description: "The inputs as sent" }),
  input_normalized: Schema.Record({ key: Schema.String, value: Schema.String }).annotations({
    description: "The inputs as the service read them (trimmed, country upper case, number key)"
  }),
  // Verbatim: a check keeps the verdict exactly as it was answered, in the shape of its policy version (today's: Verdict).
  verdict: Schema.Unknown.annotations({ description: "The verdict exactly as answered (see Verdict)", title: "Verdict" }),
  lists: Schema.Array(CheckedList),
  provenance: Schema.NullOr(Schema.Record({ key: Schema.String, value: FieldProvenance })).annotations({
    description: "Each field of the verdict's company with its own source, source page, checked date and confidence, as GET /v1/company gave them when the check was made; null when no company was resolved"
  }),
  policy_version: Schema.String.annotations({ description: "The matcher and verdict policy version that answered" }),
  performed_by: AttributionOrNull("who asked for it: a member (id, name; a verification again from the console) or an API key (id, label), as of then; null: not recorded (made before attribution existed)")
}) {}

export class CheckSummary extends Schema.Class<CheckSummary>("CheckSummary")({
  id: Schema.String,
  created_at: Schema.String.annotations({ format: "date-time" }),
  input: Schema.Record({ key: Schema.String, value: Schema.String }),
  result: Schema.String,
  review_reason: Schema.NullOr(Schema.String)
}) {}

export class CheckPage extends Schema.Class<CheckPage>("CheckPage")({
  checks: Schema.Array(CheckSummary),
  next_cursor: Schema.NullOr(Schema.String).annotations({ description: "Pass as `cursor` for the next page; null at the end" })
}) {}

const integerFromQuery = (_name: string, min: number, max: number, fallback: number) =>
  Schema.NumberFromString.pipe(
    Schema.int({ message: () => "must be an integer" }),
    Schema.between(min, max, { message: () => `must be between ${min} and ${max}` })
  ).annotations({ jsonSchema: { type: "integer", minimum: min, maximum: max, default: fallback, description: "Page size" } })

export const CheckListParams = Schema.Struct({
  since: Schema.optional(SinceParam),
  limit: Schema.optional(integerFromQuery("limit", 1, 100, 25)),
  cursor: Schema.optional(CursorParam),
  key_id: Schema.optional(KeyIdParam)
})
