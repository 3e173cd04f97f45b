import { Schema } from "effect"
import { AttributionOrNull } from "./Attribution.js"
import { NextCursor } from "./Paging.js"
import { AnyValue, optionalField } from "./stated.js"
import { Screening } from "./Screen.js"
import { Verdict } from "./Verdict.js"

export const MAX_BATCH_ITEMS = 1000

/** What the batch route takes, said in every refusal of its body as a whole. */
export const BATCH_TAKES = `the body must be 1 to ${MAX_BATCH_ITEMS} verification requests: a JSON array of objects like the body of ` +
  "POST /v1/verify, or CSV (text/csv) with a header row naming some of name, registration_no, country"

/** What the screening batch route takes, said in every refusal of its body as a whole. */
export const SCREEN_BATCH_TAKES = `the body must be 1 to ${MAX_BATCH_ITEMS} screening requests: a JSON array of objects like the body of ` +
  "POST /v1/screen, or CSV (text/csv) with a header row naming some of name, kind, country, date_of_birth, nationality"

/** Any JSON value as sent (a row of a batch), checked row by row, never as a whole. */
const AsSent = AnyValue({
  identifier: "AsSent",
  description: "a row as sent: normally an object like the body of POST /v1/verify"
})

export const JobStatus = Schema.Literals(["queued", "running", "done", "cancelled"]).annotate({
  description: "cancelled: stopped when its account was deleted or its last key revoked; the rows not verified by then never are"
})

export class JobRowError extends Schema.Class<JobRowError>("JobRowError")({
  error: Schema.Literal("invalid_request"),
  message: Schema.String
}) {}

export class JobResult extends Schema.Class<JobResult>("JobResult")({
  position: Schema.Finite.annotate({ description: "0-based, in input order" }),
  input: AsSent,
  verdict: Schema.NullOr(Verdict).annotate({ description: "a verification job's row verified: its verdict (with check_id); otherwise null" }),
  screening: optionalField(Schema.NullOr(Screening).annotate({
    description: "a screening job's row screened: its screening (with check_id); null when refused; absent in a verification job"
  })),
  error: Schema.NullOr(JobRowError)
}) {}

export class Job extends Schema.Class<Job>("Job")({
  id: Schema.String,
  kind: optionalField(Schema.Literals(["verify", "screen"]).annotate({
    description: "verify: rows verified (POST /v1/verify/batch); screen: names screened (POST /v1/screen/batch)"
  })),
  status: JobStatus,
  total: Schema.Finite,
  done: Schema.Finite.annotate({ description: "rows answered so far (verified or refused)" }),
  failed: Schema.Finite.annotate({ description: "rows refused (not a verification request): not verified, not counted" }),
  created_at: Schema.String.annotate({ format: "date-time" }),
  finished_at: Schema.NullOr(Schema.String.annotate({ format: "date-time" })),
  created_by: AttributionOrNull("who submitted it: a member (id, name) or an API key (id, label), as of the submission; null: not recorded (submitted before attribution existed)"),
  results: Schema.NullOr(Schema.Array(JobResult)).annotate({ description: "in input order, once the job is done" })
}) {}

export class JobPage extends Schema.Class<JobPage>("JobPage")({
  jobs: Schema.Array(Job).annotate({ description: "newest first; `results` is null here (read a job for its results)" }),
  next_cursor: NextCursor
}) {}
