import { Schema } from "effect"
import { caseOutcomes, caseStatuses } from "../cases.js"
import { AttributionOrNull } from "./Attribution.js"
import { Decision } from "./Decision.js"
import { FieldProvenance } from "./Company.js"
import { KeyIdParam } from "./Paging.js"
import { CursorParam, LimitParam, SinceParam } from "./params.js"
import { AnyValue, optionalField } from "./stated.js"

export class CheckedList extends Schema.Class<CheckedList>("CheckedList")({
  list: Schema.String,
  version: Schema.String,
  sha256: Schema.NullOr(Schema.String).annotate({ description: "SHA-256 over the version's source file hashes" })
}) {}

/** The case a check belongs to, as it is now. */
export class CheckCase extends Schema.Class<CheckCase>("CheckCase")({
  id: Schema.String,
  status: Schema.Literals(caseStatuses),
  outcome: Schema.NullOr(Schema.Literals(caseOutcomes)),
  outcome_text: Schema.NullOr(Schema.String)
}) {}

/** The account's four-eyes policy as it is now, and who changed it last. */
export class FourEyesInForce extends Schema.Class<FourEyesInForce>("FourEyesInForce")({
  enabled: Schema.Boolean,
  threshold: Schema.Number.annotate({ description: "a false positive on a hit scored at or above this (or on an exact name) waits for a second member" }),
  changed_by: AttributionOrNull("who changed it last; null: never changed (the default since the account was made)"),
  changed_at: Schema.NullOr(Schema.String).annotate({ format: "date-time" })
}) {}

/** One verification as it was asked and answered, kept as evidence. */
export class Check extends Schema.Class<Check>("Check")({
  id: Schema.String,
  created_at: Schema.String.annotate({ format: "date-time" }),
  kind: Schema.Literals(["verify", "screen"]).annotate({
    description: "verify: a business's verification (`verdict` is a Verdict); screen: one name screened (POST /v1/screen; `verdict` is a Screening)"
  }),
  input: Schema.Record(Schema.String, Schema.String).annotate({
    description: "The inputs as sent; a value that is not text (a screening's identifiers, the people declared to /v1/verify) as its JSON text"
  }),
  input_normalized: Schema.Record(Schema.String, Schema.String).annotate({
    description: "The inputs as the service read them (trimmed, country upper case, number key)"
  }),
  // Verbatim: a check keeps the verdict exactly as it was answered, in the shape of its policy version (today's: Verdict).
  verdict: AnyValue({ description: "The verdict exactly as answered (see Verdict), or for a screening the Screening as answered", title: "Verdict" }),
  lists: Schema.Array(CheckedList),
  provenance: Schema.NullOr(Schema.Record(Schema.String, FieldProvenance)).annotate({
    description: "Each field of the verdict's company with its own source, source page, checked date and confidence, as GET /v1/company gave them when the check was made; null when no company was resolved"
  }),
  policy_version: Schema.String.annotate({ description: "The matcher and verdict policy version that answered" }),
  performed_by: AttributionOrNull("who asked for it: a member (id, name; a verification again from the console) or an API key (id, label), as of then; null: not recorded (made before attribution existed)"),
  decisions: Schema.optionalKey(Schema.Array(Decision).annotate({
    description: "GET /v1/checks/{id}: the account's decisions on this check's subject as they are now, newest first (a pending one is not in force)"
  })),
  case: Schema.optionalKey(Schema.NullOr(CheckCase).annotate({ description: "GET /v1/checks/{id}: the case of its subject, with its outcome; null: none" })),
  four_eyes: Schema.optionalKey(FourEyesInForce.annotate({ description: "GET /v1/checks/{id}: the four-eyes policy now, and its last change" }))
}) {}

export class CheckSummary extends Schema.Class<CheckSummary>("CheckSummary")({
  id: Schema.String,
  created_at: Schema.String.annotate({ format: "date-time" }),
  input: Schema.Record(Schema.String, Schema.String),
  result: Schema.String,
  review_reason: Schema.NullOr(Schema.String)
}) {}

export class CheckPage extends Schema.Class<CheckPage>("CheckPage")({
  checks: Schema.Array(CheckSummary),
  next_cursor: Schema.NullOr(Schema.String).annotate({ description: "Pass as `cursor` for the next page; null at the end" })
}) {}

export const CheckListParams = Schema.Struct({
  since: optionalField(SinceParam),
  limit: optionalField(LimitParam),
  cursor: optionalField(CursorParam),
  key_id: optionalField(KeyIdParam)
})
