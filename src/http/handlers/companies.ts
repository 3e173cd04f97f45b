import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { CompanyLookup } from "../../companies/CompanyLookup.js"
import { asServiceUnavailable } from "../retryAfter.js"

export const CompaniesHandlers = HttpApiBuilder.group(KybApi, "companies", (handlers) =>
  Effect.map(CompanyLookup, (companies) =>
    handlers.handle("get", ({ path }) =>
      companies.get(path.country, path.registration_no).pipe(
        Effect.catchTag("RecordUnavailable", asServiceUnavailable)
      ))))
