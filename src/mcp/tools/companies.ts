import { Effect, Schema } from "effect"
import { AwardPage, AwardParams } from "../../domain/schemas/Award.js"
import { CompanyRecord } from "../../domain/schemas/Company.js"
import { CompanyKey, CountryCode } from "../../domain/schemas/params.js"
import { RegistriesResponse } from "../../domain/schemas/Registry.js"
import { SearchParams, SearchResponse } from "../../domain/schemas/Search.js"
import { Awards } from "../../awards/Awards.js"
import { CompanyLookup } from "../../companies/CompanyLookup.js"
import { RegistryCoverageService } from "../../registries/RegistryCoverageService.js"
import { CompanySearch } from "../../search/CompanySearch.js"
import { makeTool, unavailable } from "../tool.js"

const company = {
  country: CountryCode,
  registration_no: CompanyKey("The registry number, any separator style, or a reference id search gave")
}

export const companyTools = [
  makeTool({
    name: "search_companies",
    description: "Companies by name, registration number or tax id, best first.",
    writes: false,
    idempotent: true,
    input: SearchParams,
    output: SearchResponse,
    queryString: true,
    openWorld: true,
    run: (_key, input) => Effect.flatMap(CompanySearch, (search) => Effect.orDie(search.search(input)))
  }),
  makeTool({
    name: "get_company",
    description: "A company's record, each field with its source and date.",
    writes: false,
    idempotent: true,
    input: Schema.Struct(company),
    output: CompanyRecord,
    openWorld: true,
    run: (_key, input) =>
      Effect.flatMap(CompanyLookup, (companies) =>
        companies.get(input.country, input.registration_no).pipe(
          Effect.catchTag("RecordUnavailable", (e) => Effect.fail(unavailable(e.message)))
        ))
  }),
  makeTool({
    name: "get_company_awards",
    description: "A company's public-procurement awards, newest first.",
    writes: false,
    idempotent: true,
    input: Schema.Struct({ ...company, ...AwardParams.fields }),
    output: AwardPage,
    queryString: true,
    run: (_key, input) => Effect.flatMap(Awards, (awards) => awards.page(input.country, input.registration_no, input))
  }),
  makeTool({
    name: "list_registries",
    description: "Each registry, its record count and whether it is searched live.",
    writes: false,
    idempotent: true,
    input: Schema.Struct({}),
    output: RegistriesResponse,
    run: () => Effect.flatMap(RegistryCoverageService, (registries) => registries.list)
  })
]
