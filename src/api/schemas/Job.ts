import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import { Schema } from "effect"
import { AttributionOrNull } from "./Attribution.js"
import { NextCursor } from "./Paging.js"
import { AnyValue, optionalField, stated } from "./stated.js"
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

const isBatch = (u: unknown): u is ReadonlyArray<unknown> => Array.isArray(u) && u.length >= 1 && u.length <= MAX_BATCH_ITEMS

/**
 * A batch's body: a JSON array of requests (each row checked on its own), or CSV with a header row. Any JSON body is
 * taken, then refused as a whole in the words of `takes` unless it is an array of 1 to 1,000 rows.
 */
const batchPayload = (spec: {
  readonly takes: string; readonly identifier: string; readonly route: string; readonly fields: string; readonly done: string; readonly columns: string
}) => [
  AnyValue().pipe(Schema.refine(isBatch, {
    message: spec.takes,
    identifier: spec.identifier,
    toJsonSchema: () => ({}),
    ...stated({
      type: "array",
      items: { $ref: "#/components/schemas/AsSent" },
      description: `1 to ${MAX_BATCH_ITEMS} objects like the body of ${spec.route} (${spec.fields}); ` +
        `a row that is not one is reported in its place, not ${spec.done} and not counted.`,
      minItems: 1,
      maxItems: MAX_BATCH_ITEMS
    })
  })),
  Schema.String.annotate({
    description: `CSV with a header row naming columns among ${spec.columns}; 1 to ${MAX_BATCH_ITEMS} rows.`
  }).pipe(HttpApiSchema.asText({ contentType: "text/csv" }))
] as const

/** Verification requests (POST /v1/verify/batch). */
export const BatchPayload = batchPayload({
  takes: BATCH_TAKES, identifier: "BatchRequest", route: "POST /v1/verify", fields: "{name?, registration_no?, country?}", done: "verified",
  columns: "name, registration_no, country"
})

/** Screening requests (POST /v1/screen/batch). */
export const ScreenBatchPayload = batchPayload({
  takes: SCREEN_BATCH_TAKES, identifier: "ScreenBatchRequest", route: "POST /v1/screen",
  fields: "{name, kind?, country?, date_of_birth?, nationality?, identifiers?}", done: "screened", columns: "name, kind, country, date_of_birth, nationality"
})

export const BatchHeaders = Schema.Struct({
  "idempotency-key": optionalField(Schema.String.annotate({
    description: "The same key and body return the same job; the same key with another body is 409."
  }).check(Schema.isMinLength(1), Schema.isMaxLength(200)))
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

export const JobResultsJsonl = Schema.String.pipe(HttpApiSchema.asText({ contentType: "application/x-ndjson" })).annotate({
  description: "One JobResult per line, in input order (the job must be done)."
})
export const JobResultsCsv = Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/csv" })).annotate({
  description: "row,name,registration_no,country,result,registered,sanctions,review_reason,check_id,error (row counts from 1: the first row after the header; the JSON lines' position is 0-based)"
})
