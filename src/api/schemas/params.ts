import { JSONSchema, Schema } from "effect"
import { isIsoCountry } from "../../domain/countryNames.js"
import { hasCursorShape } from "../../domain/cursor.js"

/**
 * The JSON Schema of a body whose fields are each optional but which needs one of some sets of them ("name or
 * registration_no"): the struct's own schema with `anyOf` the sets, as the refinement's whole schema (the generator
 * would otherwise document only the struct, saying `{}` is valid).
 */
export const requiringOneOf = <A, I>(
  struct: Schema.Schema<A, I>,
  sets: ReadonlyArray<ReadonlyArray<string>>,
  /** Fields that need others beside them whatever else is given (`registration_no` needs `country`). */
  dependentRequired?: Readonly<Record<string, ReadonlyArray<string>>>
) => {
  const { $schema: _draft, ...schema } = JSONSchema.make(struct) as unknown as Record<string, unknown>
  return { ...schema, anyOf: sets.map((required) => ({ required })), ...(dependentRequired === undefined ? {} : { dependentRequired }) }
}

/** A JSON body's annotation: a field the contract does not name is refused with 400 naming it (a misspelt field is never dropped). */
export const refuseUnknownFields = { parseOptions: { onExcessProperty: "error" } } as const

export const CountryCode = Schema.String.pipe(
  Schema.pattern(/^[A-Za-z]{2}$/, { message: () => "must be a two-letter ISO-3166 country code" })
).annotations({ description: "ISO 3166 alpha-2 country, any case", examples: ["NG"] })

/** A country that ISO 3166-1 assigns (not only two letters): what is kept and watched (monitors). */
export const IsoCountryCode = Schema.String.pipe(
  Schema.filter((code) =>
    !/^[A-Za-z]{2}$/.test(code) ? "must be a two-letter ISO-3166 country code" : isIsoCountry(code) || `${code} is not an ISO 3166-1 country code`, {
    jsonSchema: { pattern: "^[A-Za-z]{2}$" }
  })
).annotations({ description: "ISO-3166-1 alpha-2 code of a country, case-insensitive", examples: ["NG"] })

/**
 * A bounded, non-blank text input (names, numbers, queries). The error body puts the field's name before the message;
 * the contract states the limits and says what it is (`description`: the generator drops a description added later).
 */
export const TextInput = (_field: string, maxLength = 200, description = "") =>
  Schema.String.pipe(
    Schema.filter((s) => s.trim().length > 0, { message: () => "must not be empty" }),
    Schema.filter((s) => s.length <= maxLength, { message: () => `must be at most ${maxLength} characters` })
  ).annotations({
    jsonSchema: {
      type: "string",
      maxLength,
      pattern: "\\S",
      // The limits are the keywords beside it (minLength, maxLength, a non-space character): not repeated in words.
      ...(description === "" ? {} : { description })
    }
  })

const integerFromQuery = Schema.NumberFromString.pipe(Schema.int({ message: () => "must be an integer" }))

// Query strings carry text; the contract says what the text must be: an integer in range (generated clients then
// type these parameters as numbers).
export const LimitParam = integerFromQuery.pipe(
  Schema.between(1, 100, { message: () => "must be between 1 and 100" })
).annotations({
  description: "Page size",
  jsonSchema: { type: "integer", minimum: 1, maximum: 100, default: 25, description: "Page size" }
})

export const OffsetParam = integerFromQuery.pipe(
  Schema.between(0, 10_000, { message: () => "must be between 0 and 10000" })
).annotations({
  description: "Results to skip",
  jsonSchema: { type: "integer", minimum: 0, maximum: 10_000, default: 0, description: "Results to skip" }
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A path id this service made (a UUID, any case): anything else is a 400 naming the field, never a database error. */
export const IdParam = (what: string) =>
  Schema.String.pipe(Schema.pattern(UUID, { message: () => `must be a ${what} id (a UUID)` }))
    .annotations({ description: `The ${what}'s id (a UUID)`, jsonSchema: { type: "string", format: "uuid", description: `The ${what}'s id` } })

/** The earliest and latest instants a date parameter or a cursor may name (PostgreSQL's range is wider; ours is plain). */
const EARLIEST = Date.UTC(1970, 0, 1)
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999)
const RFC3339 = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:\d{2}))?$/

/** The instant an RFC 3339 date or date-time names, when it is a real one between 1970 and 9999; null otherwise. */
export const instantOf = (text: string): Date | null => {
  if (!RFC3339.test(text)) return null
  const [year, month, day] = text.slice(0, 10).split("-").map(Number) as [number, number, number]
  const calendar = new Date(Date.UTC(year, month - 1, day))
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null
  const at = new Date(text.length === 10 ? `${text}T00:00:00Z` : text)
  const ms = at.getTime()
  return Number.isNaN(ms) || ms < EARLIEST || ms > LATEST ? null : at
}

export const SinceParam = Schema.String.pipe(
  Schema.filter((s) => instantOf(s) !== null, { message: () => "must be an RFC 3339 date or date-time from 1970 on" })
).annotations({
  jsonSchema: {
    type: "string",
    format: "date-time",
    description: "Only after this RFC 3339 date or date-time (1970 to 9999)"
  }
})

export const CursorParam = Schema.String.pipe(
  // the shape here; whether it opens (made for this list, account and filters) where the account is known
  Schema.filter((s) => hasCursorShape(s), { message: () => "must be a next_cursor this service gave" })
).annotations({
  jsonSchema: {
    type: "string",
    maxLength: 200,
    pattern: "^[\\w-]+$",
    description: "A page's `next_cursor`, as given"
  }
})
