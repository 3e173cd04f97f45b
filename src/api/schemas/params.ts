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

export const LimitParam = integerFromQuery("limit").pipe(
  Schema.between(1, 100, { message: () => "limit must be between 1 and 100" })
).annotations({ description: "Page size: default 25, maximum 100 (larger values are rejected)" })

export const OffsetParam = integerFromQuery("offset").pipe(
  Schema.between(0, 10_000, { message: () => "offset must be between 0 and 10000" })
).annotations({ description: "Results to skip: default 0" })
