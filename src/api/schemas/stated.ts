import { Option, Schema, SchemaGetter } from "effect"

/**
 * The annotation under which a schema carries the JSON Schema the contract states for it (limits in words a client
 * generator reads, a query string's integer): the OpenAPI document puts it in place of the generated one (Api.ts).
 * Put it on the base schema, before its checks: the generator drops the annotations of a check it cannot export.
 */
export const STATED_SCHEMA = "x-kyb-stated-schema"

export const stated = (jsonSchema: Readonly<Record<string, unknown>>) => ({ [STATED_SCHEMA]: jsonSchema })

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** A generated JSON Schema (or document) with each stated schema in place of the one generated around it. */
export const withStatedSchemas = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(withStatedSchemas)
  : isObject(value)
  ? (isObject(value[STATED_SCHEMA])
    ? withStatedSchemas(value[STATED_SCHEMA])
    : Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withStatedSchemas(inner)])))
  : value

/**
 * A field that may be absent (or undefined in the type), as a JSON body or answer has it: undefined is never sent as
 * `null`, and `null` is not taken for absent. `annotations` describe the field (the property, not its schema).
 */
export const optionalField = <S extends Schema.Top>(schema: S, annotations?: Schema.Annotations.Key<S["Type"]>) =>
  Schema.optionalKey(schema).annotateKey(annotations ?? {}).pipe(Schema.decodeTo(Schema.optional(Schema.toType(schema)), {
    decode: SchemaGetter.passthrough(),
    encode: SchemaGetter.transformOptional(Option.filter((value) => value !== undefined))
  }))
