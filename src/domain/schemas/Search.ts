import { Schema } from "effect"
import { CompanyFields } from "./Company.js"
import { CountryCode, LimitParam, OffsetParam, TextInput } from "./params.js"
import { describedInt, Int, optionalField } from "./stated.js"

export const MatchType = Schema.Literals(["id", "prefix", "contains", "normalized", "alias", "fuzzy", "live"])
export type MatchType = typeof MatchType.Type

export const MatchedField = Schema.Literals(["legal_name", "alias", "registration_no", "tax_id"])
export type MatchedField = typeof MatchedField.Type

export const SearchParams = Schema.Struct({
  q: TextInput("q", 200, "Name, registration number or tax id"),
  country: optionalField(CountryCode),
  limit: optionalField(LimitParam),
  offset: optionalField(OffsetParam)
})
export type SearchParams = typeof SearchParams.Type

// Structs, not classes: a search's answer is made as plain values and checked once, when it is encoded (a class checks
// its fields' types again when it is made, even with `disableChecks`).
export const SearchResult = Schema.Struct({
  ...CompanyFields,
  match_type: MatchType,
  match_score: Schema.Finite.check(Schema.isBetween({ minimum: 0, maximum: 1 })).annotate({ description: "1 only for literal matches" }),
  matched_alias: optionalField(Schema.String.annotate({ description: "Only when match_type is alias" })),
  matched_field: optionalField(MatchedField.annotate({ description: "Which field the query matched" }))
}).annotate({ identifier: "SearchResult" })
export type SearchResult = typeof SearchResult.Type

export const Suggestion = Schema.Struct({
  legal_name: Schema.String,
  country: Schema.String,
  registration_no: Schema.NullOr(Schema.String).annotate({ description: "null: known only from a secondary source (see reference_id)" }),
  reference_id: Schema.NullOr(Schema.String).annotate({
    description: "our id of a business known only from a secondary source; GET /v1/company/{country}/{reference_id} serves it"
  }),
  score: Schema.Finite
}).annotate({ identifier: "Suggestion" })
export type Suggestion = typeof Suggestion.Type

export const SearchResponse = Schema.Struct({
  query: Schema.String,
  query_normalized: Schema.String,
  country: Schema.NullOr(Schema.String).annotate({ description: "The country scope, upper case; null for all" }),
  count: describedInt("Distinct matches across all tiers and pages"),
  limit: Int,
  offset: Int,
  source: Schema.Literals(["db", "live"]),
  checked_registries: Schema.Array(Schema.String),
  unreachable_registries: Schema.Array(Schema.String),
  results: Schema.Array(SearchResult),
  suggestions: optionalField(Schema.Array(Suggestion).annotate({
    description: "Only when results is empty: the closest names held"
  }))
}).annotate({ identifier: "SearchResponse" })
export type SearchResponse = typeof SearchResponse.Type
