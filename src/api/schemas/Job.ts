import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import { Schema } from "effect"
import { BATCH_TAKES, MAX_BATCH_ITEMS, SCREEN_BATCH_TAKES } from "../../domain/schemas/Job.js"
import { AnyValue, optionalField, stated } from "../../domain/schemas/stated.js"

/** The batch routes' bodies, headers and result encodings: the contract's own (the jobs themselves: src/domain/schemas/Job.ts). */

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

export const JobResultsJsonl = Schema.String.pipe(HttpApiSchema.asText({ contentType: "application/x-ndjson" })).annotate({
  description: "One JobResult per line, in input order (the job must be done)."
})
export const JobResultsCsv = Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/csv" })).annotate({
  description: "row,name,registration_no,country,result,registered,sanctions,review_reason,check_id,error (row counts from 1: the first row after the header; the JSON lines' position is 0-based)"
})
