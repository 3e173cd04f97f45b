import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import { IdempotencyKeyReused, InsufficientScope, LimitReached, QuotaExceeded } from "../domain/errors.js"
import { errors, guarded } from "./groups.js"
import { BatchHeaders, ScreenBatchPayload } from "./schemas/Job.js"
import { Job, MAX_BATCH_ITEMS } from "../domain/schemas/Job.js"
import { ScreenBody, Screening } from "../domain/schemas/Screen.js"

export class ScreenApi extends guarded(HttpApiGroup.make("screen")
  .add(
    HttpApiEndpoint.post("screen", "/screen", { payload: ScreenBody, success: Screening, error: errors() })
      .annotateMerge(OpenApi.annotations({
        summary: "Screen one name (a person, an organisation, a vessel) against the sanctions lists",
        description: "Any name screened on demand against the lists the account screens: `kind` person screens it against " +
          "the lists' individuals, organisation against entities, vessel against vessels, unknown (the default) against every kind " +
          "(`screened_as` says which). What the caller knows moves each hit's score and is said in its explanation: a date or " +
          "year of birth or a nationality the list gives raises it, one that conflicts lowers it (never below potential_match), " +
          "an identifier the list gives raises it. Each hit is reported as /v1/verify reports it; the account's decisions on the " +
          "name (POST /v1/decisions with this `name`, and `country` when one was given) apply to later screenings of it. Kept as a check " +
          "(`check_id`, GET /v1/checks/{id}, `kind` screen) and counted against the quota like a verification."
      }))
  )
  .add(
    HttpApiEndpoint.post("screenBatch", "/screen/batch", {
      headers: BatchHeaders, payload: ScreenBatchPayload, success: Job.pipe(HttpApiSchema.status(202)), error: errors(IdempotencyKeyReused, QuotaExceeded, LimitReached, InsufficientScope)
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Screen up to 1,000 names in one job",
        description: `A JSON array (or CSV) of up to ${MAX_BATCH_ITEMS} screening requests, run as a batch job like POST /v1/verify/batch ` +
          "(202 at once; GET /v1/jobs/{id} for progress, then each row's `screening` with its `check_id`). One quota unit per row " +
          "screened, the whole job refused with 429 when the month has not that many left; a row that is not a screening request is " +
          "reported in its place and not counted; `Idempotency-Key` as for verification batches."
      }))
  )
) {}
