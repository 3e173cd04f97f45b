import { Schema } from "effect"
import { CountryCode, TextInput } from "./params.js"
import { optionalField, stated } from "./stated.js"

/**
 * YYYY, YYYY-MM or YYYY-MM-DD, from 1900 to 2099: the pattern the contract states is the whole check (a generated client
 * can hold it); only its year and, when whole, the date itself are compared with what a list gives.
 */
const BIRTH_DATE = /^(19|20)\d{2}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/

export const BirthDate = Schema.String.annotate(stated({
  type: "string",
  pattern: BIRTH_DATE.source,
  description: "A person's date of birth, or its year or month",
  examples: ["1966"]
})).check(Schema.isPattern(BIRTH_DATE, { message: "must be a date of birth as YYYY, YYYY-MM or YYYY-MM-DD (1900 to 2099)" }))

export const KnownIdentifier = Schema.Struct({
  type: optionalField(TextInput("type", 40, "e.g. passport, imo")),
  value: TextInput("value", 64, "As written")
})

/** What the caller knows of a person screened (a declared person's too): raises or lowers a hit, never finds one. */
export const personFacts = {
  date_of_birth: optionalField(BirthDate),
  nationality: optionalField(CountryCode)
}

/** The same and identifiers (any name screened): one the list gives raises the hit. */
export const knownFields = {
  ...personFacts,
  identifiers: optionalField(Schema.Array(KnownIdentifier).check(Schema.isMaxLength(10, { message: "must hold at most 10 identifiers" })).annotate({
    description: "Passport, national id, registration or IMO numbers"
  }))
}

/** A person the customer declared beside the business (POST /v1/verify `people`), screened as a person. */
export const DeclaredPerson = Schema.Struct({
  name: TextInput("name", 200, "As declared"),
  role: Schema.Literals(["owner", "director"]).annotate({ description: "owner: shareholder or beneficial owner" }),
  share: optionalField(Schema.Finite.annotate(stated({ type: "number", minimum: 0, maximum: 100, description: "Per cent" }))
    .check(Schema.isBetween({ minimum: 0, maximum: 100 }, { message: "must be a share between 0 and 100 (per cent)" }))),
  ...personFacts
})
export type DeclaredPerson = typeof DeclaredPerson.Type

export const MAX_DECLARED_PEOPLE = 50
