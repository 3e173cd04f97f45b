import { Schema } from "effect"
import { CompanyFields } from "./Company.js"
import { CountryCode, TextInput } from "./params.js"

const inputFields = {
  name: Schema.optional(TextInput("name")),
  registration_no: Schema.optional(TextInput("registration_no", 64)),
  country: Schema.optional(CountryCode)
}
const oneOfNameOrNumber = (input: { readonly name?: string | undefined; readonly registration_no?: string | undefined }) =>
  input.name !== undefined || input.registration_no !== undefined
    ? true
    : "one of name or registration_no is required"

export const VerifyQuery = Schema.Struct(inputFields).pipe(Schema.filter(oneOfNameOrNumber))
export const VerifyBody = Schema.Struct(inputFields).pipe(Schema.filter(oneOfNameOrNumber)).annotations({
  identifier: "VerifyRequest"
})
export type VerifyInput = typeof VerifyBody.Type

export const VerdictResult = Schema.Literal("verified", "review", "not_found")
export type VerdictResult = typeof VerdictResult.Type

export const ReviewReason = Schema.Literal(
  "sanctions_match",
  "sanctions_unavailable",
  "name_mismatch",
  "ambiguous_match",
  "low_match_confidence",
  "status_dissolved",
  "status_dormant",
  "status_unknown",
  "registry_unreachable"
)
export type ReviewReason = typeof ReviewReason.Type

export const SanctionsList = Schema.Literal("ofac_sdn", "ofac_consolidated", "un_sc")

export class SanctionsHit extends Schema.Class<SanctionsHit>("SanctionsHit")({
  list: SanctionsList,
  entry_id: Schema.String,
  name: Schema.String,
  matched_name: Schema.String,
  score: Schema.Number,
  programs: Schema.Array(Schema.String),
  entity_type: Schema.String,
  listed_on: Schema.NullOr(Schema.String),
  list_version: Schema.String
}) {}

export class SanctionsScreening extends Schema.Class<SanctionsScreening>("SanctionsScreening")({
  screened: Schema.Boolean,
  result: Schema.Literal("clear", "potential_match", "match", "unavailable"),
  hits: Schema.Array(SanctionsHit)
}) {}

export class Signals extends Schema.Class<Signals>("Signals")({
  listed: Schema.Boolean,
  has_government_contracts: Schema.Boolean,
  has_trademarks: Schema.Boolean,
  active: Schema.Boolean,
  registry_reachable: Schema.Boolean,
  sanctions_hit: Schema.Boolean
}) {}

export class VerdictCompany extends Schema.Class<VerdictCompany>("VerdictCompany")(CompanyFields) {}

export class Verdict extends Schema.Class<Verdict>("Verdict")({
  result: VerdictResult,
  registered: Schema.Boolean,
  match_confidence: Schema.Number,
  company: Schema.NullOr(VerdictCompany),
  sanctions: SanctionsScreening,
  data_confidence: Schema.NullOr(Schema.Number),
  signals: Signals,
  sources: Schema.Array(Schema.String),
  review_reason: Schema.NullOr(ReviewReason),
  review_reasons: Schema.Array(ReviewReason),
  checked_at: Schema.String.annotations({ format: "date-time" })
}) {}
