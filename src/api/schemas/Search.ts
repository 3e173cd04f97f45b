import { Schema } from "effect"
import { CompanyFields } from "./Company.js"
import { CountryCode, LimitParam, OffsetParam, TextInput } from "./params.js"

export const MatchType = Schema.Literal("id", "prefix", "contains", "normalized", "alias", "fuzzy", "live")
export type MatchType = typeof MatchType.Type

export const MatchedField = Schema.Literal("legal_name", "alias", "registration_no", "tax_id")
export type MatchedField = typeof MatchedField.Type

export const SearchParams = Schema.Struct({
  q: TextInput("q", 200, "Name, registration number or tax id"),
  country: Schema.optional(CountryCode),
  limit: Schema.optional(LimitParam),
  offset: Schema.optional(OffsetParam)
})
export type SearchParams = typeof SearchParams.Type

export class SearchResult extends Schema.Class<SearchResult>("SearchResult")({
  ...CompanyFields,
  match_type: MatchType,
  match_score: Schema.Number.pipe(Schema.between(0, 1)).annotations({ description: "1 only for literal matches" }),
  matched_alias: Schema.optional(Schema.String).annotations({ description: "Only when match_type is alias" }),
  matched_field: Schema.optional(MatchedField).annotations({ description: "Which field the query matched" })
}) {}

export class Suggestion extends Schema.Class<Suggestion>("Suggestion")({
  legal_name: Schema.String,
  country: Schema.String,
  registration_no: Schema.String,
  score: Schema.Number
}) {}

export class SearchResponse extends Schema.Class<SearchResponse>("SearchResponse")({
  query: Schema.String,
  query_normalized: Schema.String,
  country: Schema.NullOr(Schema.String).annotations({ description: "The country scope, upper case; null for all" }),
  count: Schema.Int.annotations({ description: "Distinct matches across all tiers and pages" }),
  limit: Schema.Int,
  offset: Schema.Int,
  source: Schema.Literal("db", "live"),
  checked_registries: Schema.Array(Schema.String),
  unreachable_registries: Schema.Array(Schema.String),
  results: Schema.Array(SearchResult),
  suggestions: Schema.optional(Schema.Array(Suggestion)).annotations({
    description: "Only when results is empty: the closest names held"
  })
}) {}
