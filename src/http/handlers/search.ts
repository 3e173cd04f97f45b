import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect } from "effect"
import { KybApi } from "../../api/Api.js"
import { capturingGuarded } from "./capturing.js"
import { CompanySearch } from "../../search/CompanySearch.js"

export const SearchHandlers = HttpApiBuilder.group(KybApi, "search", (handlers) =>
  Effect.map(CompanySearch, (search) =>
    handlers.handle("search", ({ query }) => search.search(query).pipe(Effect.orDie)))).pipe(capturingGuarded(CompanySearch))
