import { Schema } from "effect"
import { ReviewReason, SanctionsHit } from "./Verdict.js"

/** A check waiting for a reviewer: its verdict is `review` and at least one of its hits has no decision in force. */
export class ReviewItem extends Schema.Class<ReviewItem>("ReviewItem")({
  check_id: Schema.String,
  created_at: Schema.String.annotations({ format: "date-time" }),
  input: Schema.Record({ key: Schema.String, value: Schema.String }).annotations({ description: "The inputs as sent" }),
  company: Schema.NullOr(Schema.Struct({ country: Schema.String, registration_no: Schema.String, legal_name: Schema.String }))
    .annotations({ description: "The company the check resolved, or null" }),
  review_reasons: Schema.Array(ReviewReason),
  undecided_hits: Schema.Array(SanctionsHit).annotations({
    description: "The hits nobody has decided, each with its explanation; decide one with record_decision (POST /v1/decisions)"
  })
}) {}

export class ReviewQueuePage extends Schema.Class<ReviewQueuePage>("ReviewQueuePage")({
  checks: Schema.Array(ReviewItem).annotations({ description: "Oldest first" }),
  next_cursor: Schema.NullOr(Schema.String).annotations({ description: "Pass as `cursor` for the next page; null at the end" })
}) {}
