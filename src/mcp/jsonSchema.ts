import { JsonSchema, Schema } from "effect"
import { STATED_SCHEMA, withStatedSchemas } from "../domain/schemas/stated.js"

type Json = Record<string, unknown>
const isObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)

/** Keys an agent does not need: the generator's `$id` marks, titles naming refinements ("maxLength(64)"), examples. */
const dropped = new Set(["$id", "$schema", "title", "examples"])

/** Every `$ref` replaced by its definition (tool schemas are not recursive), the noise keys dropped. */
const inline = (value: unknown, definitions: Json): unknown => {
  if (Array.isArray(value)) return value.map((v) => inline(v, definitions))
  if (!isObject(value)) return value
  const { $ref, ...rest } = value
  const target = typeof $ref === "string" ? definitions[$ref.slice($ref.lastIndexOf("/") + 1)] : undefined
  const merged = isObject(target) ? { ...target, ...rest } : rest
  const out: Json = {}
  for (const [k, v] of Object.entries(merged)) {
    if (dropped.has(k) || k === "$defs" || k === "definitions") continue
    if (k === "required" && Array.isArray(v) && v.length === 0) continue
    out[k] = k === "properties" && isObject(v)
      ? Object.fromEntries(Object.entries(v).map(([name, p]) => [name, inline(p, definitions)]))
      : inline(v, definitions)
  }
  return out
}

const rooted = (schema: Schema.Top): { readonly root: Json; readonly definitions: Json } => {
  // The contract's stated schemas (a query string's integer, limits in words) in place, as the OpenAPI document has them.
  const generated = JsonSchema.toDocumentDraft07(Schema.toJsonSchemaDocument(schema, {
    onExcessProperty: "error",
    includeAnnotationKey: (key) => key === STATED_SCHEMA
  }))
  const document = withStatedSchemas(generated) as typeof generated
  const definitions: Json = { ...document.definitions }
  return { root: inline(document.schema, definitions) as Json, definitions }
}

/**
 * A tool's input schema, made from the API's own Effect schema: every limit and pattern the route enforces, each
 * property's description, the definitions inlined (MCP wants an object at the root; a `$defs` copy of the root would
 * double it).
 */
export const inputJsonSchema = (schema: Schema.Top): Json => {
  // Unknown arguments are refused by every tool (named in the error), which `tools/list` need not repeat on each: the
  // bytes go to the descriptions. A struct of no fields is generated as "an object or an array": it takes `{}`.
  const { additionalProperties: _strict, ...root } = rooted(schema).root
  return "properties" in root ? { ...root, type: "object" } : { type: "object", properties: {} }
}

/**
 * A tool's output schema: an object with the fields the route's body always has (their shapes are the OpenAPI
 * document's schema of that body), so that `tools/list` stays small; MCP clients validate results with it.
 */
export const outputJsonSchema = (schema: Schema.Top): Json => {
  const { root } = rooted(schema)
  const required = Array.isArray(root["required"]) ? root["required"] : []
  return { type: "object", required }
}
