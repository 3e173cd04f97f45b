import { Schema } from "effect"

export class RegistryCoverage extends Schema.Class<RegistryCoverage>("RegistryCoverage")({
  id: Schema.String,
  country: Schema.String,
  name: Schema.String,
  identifier_scheme: Schema.String,
  url: Schema.String,
  live: Schema.Boolean,
  reachable: Schema.NullOr(Schema.Boolean).annotations({
    description: "Live registries: whether the last calls succeeded (circuit closed); null without a live adapter"
  }),
  record_count: Schema.Int,
  last_verified_at: Schema.NullOr(Schema.String).annotations({ format: "date-time" })
}) {}

export class RegistriesResponse extends Schema.Class<RegistriesResponse>("RegistriesResponse")({
  registries: Schema.Array(RegistryCoverage)
}) {}
