import { JSONSchema, type Schema } from "effect"

type Json = Record<string, unknown>
const isObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)

/** The generator marks every `unknown` with the same `$id`, which a validator would read as a document address. */
const withoutIds = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutIds)
    : isObject(value)
    ? Object.fromEntries(Object.entries(value).filter(([k]) => k !== "$id").map(([k, v]) => [k, withoutIds(v)]))
    : value

/**
 * A tool's input or output JSON Schema, made from the API's own Effect schema: MCP wants an object schema at the
 * root, so a root `$ref` to a definition is replaced by that definition, the definitions kept beside it.
 */
export const toolJsonSchema = <A, I>(schema: Schema.Schema<A, I>): Json => {
  const { $schema: _draft, $defs, $ref, ...rest } = JSONSchema.make(schema) as unknown as Json
  const definitions = isObject($defs) ? $defs : {}
  const named = typeof $ref === "string" ? definitions[$ref.replace("#/$defs/", "")] : undefined
  const root = isObject(named) ? { ...named, ...rest } : rest
  return withoutIds({ ...root, type: "object", ...(Object.keys(definitions).length === 0 ? {} : { $defs: definitions }) }) as Json
}
