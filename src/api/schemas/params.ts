import { Schema } from "effect"

export const CountryCode = Schema.String.pipe(
  Schema.pattern(/^[A-Za-z]{2}$/, { message: () => "must be a two-letter ISO-3166 country code" })
).annotations({ description: "ISO-3166 alpha-2 code, case-insensitive", examples: ["NG"] })

/** A bounded, non-blank text input (names, numbers, queries). */
export const TextInput = (what: string, maxLength = 200) =>
  Schema.String.pipe(
    Schema.filter((s) => s.trim().length > 0, { message: () => `${what} must not be empty` }),
    Schema.filter((s) => s.length <= maxLength, { message: () => `${what} must be at most ${maxLength} characters` })
  )

const integerFromQuery = (name: string) =>
  Schema.NumberFromString.pipe(Schema.int({ message: () => `${name} must be an integer` }))

// Query strings carry text; the contract says what the text must be: an integer in range (generated clients then
// type these parameters as numbers).
export const LimitParam = integerFromQuery("limit").pipe(
  Schema.between(1, 100, { message: () => "limit must be between 1 and 100" })
).annotations({
  description: "Page size: default 25, maximum 100 (larger values are rejected)",
  jsonSchema: { type: "integer", minimum: 1, maximum: 100, default: 25, description: "Page size: default 25, maximum 100 (larger values are rejected)" }
})

export const OffsetParam = integerFromQuery("offset").pipe(
  Schema.between(0, 10_000, { message: () => "offset must be between 0 and 10000" })
).annotations({
  description: "Results to skip: default 0, at most 10000",
  jsonSchema: { type: "integer", minimum: 0, maximum: 10_000, default: 0, description: "Results to skip: default 0, at most 10000" }
})
