import { Schema } from "effect"
import { LimitParam, OffsetParam } from "./params.js"

/** One public-procurement award matched to the company (its supplier matched by name, or by a stated alias). */
export class Award extends Schema.Class<Award>("Award")({
  buyer: Schema.NullOr(Schema.String).annotations({ description: "The contracting authority" }),
  title: Schema.NullOr(Schema.String),
  value: Schema.NullOr(Schema.Number).annotations({ description: "The awarded amount, in `currency`" }),
  currency: Schema.NullOr(Schema.String).annotations({ description: "ISO-4217 code", examples: ["NGN"] }),
  date: Schema.NullOr(Schema.String.annotations({ format: "date" })).annotations({ description: "The award date" }),
  supplier: Schema.String.annotations({ description: "The supplier as the award names it (what was matched to the company)" }),
  source: Schema.Struct({
    ocid: Schema.NullOr(Schema.String).annotations({ description: "Open Contracting id of the contracting process" }),
    url: Schema.NullOr(Schema.String).annotations({ description: "The publisher's page or document, when it gave one" }),
    ingested_at: Schema.String.annotations({ format: "date-time" })
  }).annotations({ identifier: "AwardSource", description: "Where the award was read" })
}) {}

export const AwardParams = Schema.Struct({
  limit: Schema.optional(LimitParam),
  offset: Schema.optional(OffsetParam)
})

export class AwardPage extends Schema.Class<AwardPage>("AwardPage")({
  country: Schema.String,
  registration_no: Schema.String.annotations({ description: "The company's number in its registry's canonical form" }),
  count: Schema.Int.annotations({ description: "Awards matched to the company, across all pages" }),
  limit: Schema.Int,
  offset: Schema.Int,
  awards: Schema.Array(Award).annotations({ description: "Newest award first (undated last)" })
}) {}
