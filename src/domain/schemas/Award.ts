import { Schema } from "effect"
import { LimitParam, OffsetParam } from "./params.js"
import { describedInt, Int, optionalField } from "./stated.js"

/** One public-procurement award matched to the company (its supplier matched by name, or by a stated alias). */
export class Award extends Schema.Class<Award>("Award")({
  buyer: Schema.NullOr(Schema.String).annotate({ description: "The contracting authority" }),
  title: Schema.NullOr(Schema.String),
  value: Schema.NullOr(Schema.Finite).annotate({ description: "The awarded amount, in `currency`" }),
  currency: Schema.NullOr(Schema.String).annotate({ description: "ISO-4217 code", examples: ["NGN"] }),
  date: Schema.NullOr(Schema.String.annotate({ format: "date" })).annotate({ description: "The award date" }),
  supplier: Schema.String.annotate({ description: "The supplier as the award names it (what was matched to the company)" }),
  source: Schema.Struct({
    ocid: Schema.NullOr(Schema.String).annotate({ description: "Open Contracting id of the contracting process" }),
    url: Schema.NullOr(Schema.String).annotate({ description: "The publisher's page or document, when it gave one" }),
    ingested_at: Schema.String.annotate({ format: "date-time" })
  }).annotate({ identifier: "AwardSource", description: "Where the award was read" })
}) {}

export const AwardParams = Schema.Struct({
  limit: optionalField(LimitParam),
  offset: optionalField(OffsetParam)
})

export class AwardPage extends Schema.Class<AwardPage>("AwardPage")({
  country: Schema.String,
  registration_no: Schema.String.annotate({ description: "The company's number in its registry's canonical form" }),
  count: describedInt("Awards matched to the company, across all pages"),
  limit: Int,
  offset: Int,
  awards: Schema.Array(Award).annotate({ description: "Newest award first (undated last)" })
}) {}
