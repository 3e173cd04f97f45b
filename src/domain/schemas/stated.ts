import { Option, Schema, SchemaGetter } from "effect"

/**
 * The annotation under which a schema carries the JSON Schema the contract states for it (limits in words a client
 * generator reads, a query string's integer): the OpenAPI document puts it in place of the generated one
 * (documentCompletion.ts).
 * Put it on the base schema, before its checks: the generator drops the annotations of a check it cannot export.
 */
export const STATED_SCHEMA = "x-kyb-stated-schema"

export const stated = (jsonSchema: Readonly<Record<string, unknown>>) => ({ [STATED_SCHEMA]: jsonSchema })

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** The schema a node states: its own, or that of the member of its `allOf` its checks were added around. */
const statedOf = (node: Record<string, unknown>): unknown => {
  if (isObject(node[STATED_SCHEMA])) return node[STATED_SCHEMA]
  const members = Array.isArray(node["allOf"]) ? node["allOf"] : []
  const member = members.find((m): m is Record<string, unknown> => isObject(m) && isObject(m[STATED_SCHEMA]))
  return member === undefined ? undefined : member[STATED_SCHEMA]
}

/** A generated JSON Schema (or document) with each stated schema in place of the one generated around it. */
export const withStatedSchemas = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withStatedSchemas)
  if (!isObject(value)) return value
  const statedSchema = statedOf(value)
  return statedSchema !== undefined
    ? withStatedSchemas(statedSchema)
    : Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withStatedSchemas(inner)]))
}

/**
 * A field that may be absent (or undefined in the type), as a JSON body or answer has it: undefined is never sent as
 * `null`, and `null` is not taken for absent. Describe the schema, not the field: the generator writes a field's own
 * annotations beside its schema (`allOf`).
 */
export const optionalField = <S extends Schema.Top>(schema: S) =>
  Schema.optionalKey(schema).pipe(Schema.decodeTo(Schema.optional(Schema.toType(schema)), {
    decode: SchemaGetter.passthrough(),
    encode: SchemaGetter.transformOptional(Option.filter((value) => value !== undefined))
  }))

/** An integer (the document names the one schema of integers `Int`, as the Effect 3 document did). */
export const Int = Schema.Finite.annotate(stated({ type: "integer", description: "an integer" })).check(Schema.isInt({ identifier: "Int" }))

/** An integer with a description of its own: written out where it is used. */
export const describedInt = (description: string) =>
  Schema.Finite.annotate(stated({ type: "integer", description })).check(Schema.isInt())

/** A whole count of days, or of anything else: never below 0. */
export const NonNegativeInt = Schema.Finite.annotate(stated({ $ref: "#/components/schemas/Int", description: "a non-negative number", minimum: 0 }))
  .check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))

/** A share between 0 and 1 (a confidence). */
export const UnitInterval = Schema.Finite.annotate(stated({ type: "number", description: "a number between 0 and 1", minimum: 0, maximum: 1 }))
  .check(Schema.isBetween({ minimum: 0, maximum: 1 }))

/** Any value, kept as it is (a row as sent, a verdict as answered): the document says what it is. */
export const AnyValue = (annotations: { readonly identifier?: string; readonly title?: string; readonly description?: string } = {}) =>
  Schema.declare((_: unknown): _ is unknown => true, { ...annotations, toCodecJson: () => undefined })
