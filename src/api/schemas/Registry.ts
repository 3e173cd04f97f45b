import { Schema } from "effect"
import { Int } from "./stated.js"

export class RegistryCoverage extends Schema.Class<RegistryCoverage>("RegistryCoverage")({
  id: Schema.String,
  country: Schema.String,
  name: Schema.String,
  identifier_scheme: Schema.String,
  url: Schema.String,
  live: Schema.Boolean,
  reachable: Schema.NullOr(Schema.Boolean).annotate({
    description: "Live registries: whether the last calls succeeded (circuit closed); null without a live adapter"
  }),
  coverage: Schema.Literals(["live", "registry_not_covered"]).annotate({
    description: "live: a live search of the registry is switched on and asked when the store has no match; registry_not_covered: no live registry here, so a verdict that finds nothing a registry confirmed is review (registry_not_covered), never not_found"
  }),
  record_count: Int,
  last_verified_at: Schema.NullOr(Schema.String).annotate({ format: "date-time" })
}) {}

export class RegistriesResponse extends Schema.Class<RegistriesResponse>("RegistriesResponse")({
  registries: Schema.Array(RegistryCoverage)
}) {}
