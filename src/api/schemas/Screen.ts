import { Schema } from "effect"
import { CountryCode, TextInput } from "./params.js"
import { optionalField, stated } from "./stated.js"
import { SanctionsHit, ScreenedList } from "./Verdict.js"

export const SubjectKind = Schema.Literals(["person", "organisation", "vessel", "unknown"]).annotate({
  description: "What the name is, when known: person (screened against the lists' individuals), organisation (entities), vessel; unknown (default): every kind"
})

/** YYYY, YYYY-MM or YYYY-MM-DD, a real date. */
const isBirthDate = (s: string) => {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(s)
  if (m === null) return false
  const [year, month, day] = [Number(m[1]), Number(m[2] ?? 1), Number(m[3] ?? 1)]
  const d = new Date(Date.UTC(year, month - 1, day))
  return year >= 1900 && year <= 2100 && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
}

export const BirthDate = Schema.String.annotate(stated({
  type: "string",
  pattern: "^\\d{4}(-\\d{2}(-\\d{2})?)?$",
  description: "Date of birth (YYYY-MM-DD), or only its year (YYYY) or month (YYYY-MM): a person's only",
  examples: ["1966"]
})).check(Schema.makeFilter(isBirthDate, { message: "must be a date of birth as YYYY, YYYY-MM or YYYY-MM-DD" }))

export const KnownIdentifier = Schema.Struct({
  type: optionalField(TextInput("type", 40, "e.g. passport, national_id, registration_no, imo")),
  value: TextInput("value", 64, "The identifier as written; compared without spaces, dashes or case")
}).annotate({ identifier: "KnownIdentifier" })

/** What the caller knows of a name screened (a declared person's too): raises or lowers a hit, never finds one. */
export const knownFields = {
  date_of_birth: optionalField(BirthDate),
  nationality: optionalField(CountryCode.annotate({ description: "A person's nationality (ISO 3166 alpha-2)" })),
  identifiers: optionalField(Schema.Array(KnownIdentifier).check(Schema.isMaxLength(10, { message: "must hold at most 10 identifiers" })).annotate({
    description: "Identifiers the caller holds (passport, national id, registration or IMO number): one the list gives raises the hit"
  }))
}

export const ScreenBody = Schema.Struct({
  name: TextInput("name", 200, "The name to screen: a person's, an organisation's or a vessel's"),
  kind: optionalField(SubjectKind),
  country: optionalField(CountryCode.annotate({ description: "Where the subject is (ISO 3166 alpha-2): a listed entry located elsewhere scores slightly lower" })),
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
