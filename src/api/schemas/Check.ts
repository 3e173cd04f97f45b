import { Schema } from "effect"
import { KeyIdParam } from "./Paging.js"

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
  policy_version: Schema.String.annotations({ description: "The matcher and verdict policy version that answered" })
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

const integerFromQuery = (name: string, min: number, max: number, fallback: number) =>
  Schema.NumberFromString.pipe(
    Schema.int({ message: () => `${name} must be an integer` }),
    Schema.between(min, max, { message: () => `${name} must be between ${min} and ${max}` })
  ).annotations({ jsonSchema: { type: "integer", minimum: min, maximum: max, default: fallback } })

export const CheckListParams = Schema.Struct({
  since: Schema.optional(Schema.String.pipe(
    Schema.filter((s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}/.test(s), { message: () => "since must be an RFC 3339 date or date-time" })
  ).annotations({ jsonSchema: { type: "string", format: "date-time" } })),
  limit: Schema.optional(integerFromQuery("limit", 1, 100, 25)),
  cursor: Schema.optional(Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_-]{1,200}$/, { message: () => "cursor is not one this service gave" }))),
  key_id: Schema.optional(KeyIdParam)
})
