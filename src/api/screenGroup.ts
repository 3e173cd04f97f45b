import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { errors, guarded } from "./groups.js"
import { ScreenBody, Screening } from "./schemas/Screen.js"

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
) {}
