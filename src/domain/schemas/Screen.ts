import { Schema } from "effect"
import { knownFields } from "./KnownFacts.js"
import { CountryCode, TextInput } from "./params.js"
import { optionalField } from "./stated.js"
import { SanctionsHit, ScreenedList } from "./Verdict.js"

export const SubjectKind = Schema.Literals(["person", "organisation", "vessel", "unknown"]).annotate({
  description: "Default unknown: every kind"
})

export const ScreenBody = Schema.Struct({
  name: TextInput("name", 200, "The name to screen"),
  kind: optionalField(SubjectKind),
  country: optionalField(CountryCode),
  ...knownFields
}).annotate({ identifier: "ScreenRequest" })
export type ScreenInput = typeof ScreenBody.Type

export const ScreenedKinds = Schema.Array(Schema.Literals(["individual", "entity", "vessel", "aircraft"])).annotate({
  description: "The kinds of listed entries the name was screened against"
})

export class Screening extends Schema.Class<Screening>("Screening")({
  name: Schema.String.annotate({ description: "The name screened, as given" }),
  kind: SubjectKind,
  screened_as: ScreenedKinds,
  result: Schema.Literals(["clear", "potential_match", "match", "unavailable"]).annotate({
    description: "The best hit not dismissed by a reviewer's decision: match at 0.9 or more, potential_match at 0.7 or more; unavailable: no list is loaded (never clear)"
  }),
  hits: Schema.Array(SanctionsHit).annotate({
    description: "Best first, each as /v1/verify gives it (list facts, decision, explanation); what the caller knows is weighed in each hit's score and said in its explanation's factors"
  }),
  lists: Schema.Array(ScreenedList),
  sources: Schema.Array(Schema.String),
  checked_at: Schema.String.annotate({ format: "date-time" }),
  check_id: Schema.NullOr(Schema.String).annotate({ description: "The stored check of this screening (GET /v1/checks/{id})" })
}) {}
