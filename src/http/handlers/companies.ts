import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { capturingGuarded } from "./capturing.js"
import { Awards } from "../../awards/Awards.js"
import { CompanyLookup } from "../../companies/CompanyLookup.js"
import { asServiceUnavailable } from "../retryAfter.js"

export const CompaniesHandlers = HttpApiBuilder.group(KybApi, "companies", (handlers) =>
  Effect.map(Effect.all([CompanyLookup, Awards]), ([companies, awards]) =>
    handlers
      .handle("get", ({ params }) =>
        companies.get(params.country, params.registration_no).pipe(
          Effect.catchTag("RecordUnavailable", asServiceUnavailable)
        ))
      .handle("awards", ({ params, query }) => awards.page(params.country, params.registration_no, query)))).pipe(capturingGuarded(CompanyLookup, Awards))
