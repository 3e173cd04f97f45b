import { Schema, SchemaTransformation } from "effect"
import { MAX_REFERENCE_ID_LENGTH } from "../CanonicalCompany.js"
import { isIsoCountry } from "../countryNames.js"
import { hasCursorShape } from "../cursor.js"
import { stated, STATED_SCHEMA, withStatedSchemas } from "./stated.js"

type JsonObject = Record<string, unknown>

/**
 * The JSON Schema of a body whose fields are each optional but which needs one of some sets of them ("name or
 * registration_no"): the struct's own schema with `anyOf` the sets, stated for the checked struct (the generator
 * would otherwise document only the struct, saying `{}` is valid).
 */
export const requiringOneOf = (
  struct: Schema.Top,
  sets: ReadonlyArray<ReadonlyArray<string>>,
  /** Fields that need others beside them whatever else is given (`registration_no` needs `country`). */
  dependentRequired?: Readonly<Record<string, ReadonlyArray<string>>>
): JsonObject => {
  const generated = Schema.toJsonSchemaDocument(Schema.toCodecJson(struct), {
    onExcessProperty: "error",
    includeAnnotationKey: (key) => key === STATED_SCHEMA
  }).schema
  const schema = withStatedSchemas(generated) as JsonObject
  return {
    ...schema,
    required: Array.isArray(schema["required"]) ? schema["required"] : [],
    anyOf: sets.map((required) => ({ required })),
    ...(dependentRequired === undefined ? {} : { dependentRequired })
  }
}

/** What a JSON body's decoding is given: a field the contract does not name is refused with 400 naming it (a misspelt field is never dropped). */
export const refuseUnknownFields = { onExcessProperty: "error" } as const

export const CountryCode = Schema.String.annotate({ description: "ISO 3166 alpha-2 country, any case", examples: ["NG"] }).check(
  Schema.isPattern(/^[A-Za-z]{2}$/u, { message: "must be a two-letter ISO-3166 country code" })
)

/** A country that ISO 3166-1 assigns (not only two letters): what is kept and watched (monitors). */
export const isoCountryCode = (description: string) => Schema.String.annotate(stated({
  type: "string",
  description,
  examples: ["NG"],
  pattern: "^[A-Za-z]{2}$"
})).check(Schema.makeFilter((code: string) =>
  !/^[A-Za-z]{2}$/.test(code) ? "must be a two-letter ISO-3166 country code" : isIsoCountry(code) || `${code} is not an ISO 3166-1 country code`
))

export const IsoCountryCode = isoCountryCode("ISO-3166-1 alpha-2 code of a country, case-insensitive")

/**
 * A bounded, non-blank text input (names, numbers, queries). The error body puts the field's name before the message;
 * the contract states the limits and says what it is.
 */
export const TextInput = (_field: string, maxLength = 200, description = "") =>
  Schema.String.annotate(stated({
    type: "string",
    maxLength,
    pattern: "\\S",
    // The limits are the keywords beside it (minLength, maxLength, a non-space character): not repeated in words.
    ...(description === "" ? {} : { description })
  })).check(
    Schema.makeFilter((s: string) => s.trim().length > 0, { message: "must not be empty" }),
    Schema.makeFilter((s: string) => s.length <= maxLength, { message: `must be at most ${maxLength} characters` })
  )

/**
 * An integer in a query string, in range: the contract says so (generated clients then type the parameter as a
 * number), with its default and what it is.
 */
export const IntegerFromQuery = (min: number, max: number, jsonSchema: JsonObject) =>
  Schema.String.annotate({ ...stated({ type: "integer", minimum: min, maximum: max, ...jsonSchema }), expected: "a string that will be decoded as a number" }).pipe(
    Schema.decodeTo(Schema.Finite, SchemaTransformation.numberFromString),
    (schema) => schema.check(
      Schema.isInt({ message: "must be an integer" }),
      Schema.isBetween({ minimum: min, maximum: max }, { message: `must be between ${min} and ${max}` })
    )
  )

export const LimitParam = IntegerFromQuery(1, 100, { default: 25, description: "Page size" })

export const OffsetParam = IntegerFromQuery(0, 10_000, { default: 0, description: "Results to skip" })

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A path id this service made (a UUID, any case): anything else is a 400 naming the field, never a database error. */
export const IdParam = (what: string) =>
  Schema.String.annotate(stated({ type: "string", format: "uuid", description: `The ${what}'s id` }))
    .check(Schema.isPattern(UUID, { message: `must be a ${what} id (a UUID)` }))

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

export const SinceParam = Schema.String.annotate(stated({
  type: "string",
  format: "date-time",
  description: "Only after this RFC 3339 date or date-time (1970 to 9999)"
})).check(Schema.makeFilter((s: string) => instantOf(s) !== null, { message: "must be an RFC 3339 date or date-time from 1970 on" }))

/** A page's `next_cursor`: the shape here; whether it opens (made for this list, account and filters) where the account is known. */
export const cursorInput = (description: string) =>
  Schema.String.annotate(stated({ type: "string", maxLength: 200, pattern: "^[\\w-]+$", description }))
    .check(Schema.makeFilter((s: string) => hasCursorShape(s), { message: "must be a next_cursor this service gave" }))

export const CursorParam = cursorInput("A page's `next_cursor`, as given")

/**
 * A company as the record routes and tools name it: its registration number, or the reference id search gives for
 * a business known only from a secondary source (up to the length such an id may have: every id served is taken).
 */
export const CompanyKey = (description: string) => TextInput("registration_no", MAX_REFERENCE_ID_LENGTH, description)
