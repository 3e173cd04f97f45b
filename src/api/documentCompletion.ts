import { edgeResponses } from "./edgeResponses.js"
import { operationExamples } from "../domain/examples/operationExamples.js"
import { withStatedSchemas } from "../domain/schemas/stated.js"

type JsonObject = Record<string, unknown>
const isObject = (u: unknown): u is JsonObject => typeof u === "object" && u !== null && !Array.isArray(u)

const integerHeader = (description: string) => ({ description, schema: { type: "integer" } })
const quotaHeaders = {
  "X-RateLimit-Limit": integerHeader("Monthly request quota of the key"),
  "X-RateLimit-Remaining": integerHeader("Requests left this month"),
  "X-RateLimit-Reset": { description: "When the quota renews (RFC 3339, UTC)", schema: { type: "string", format: "date-time" } }
}
const errorSchema = {
  type: "object",
  required: ["error", "message"],
  properties: { error: { type: "string", description: "Machine code" }, message: { type: "string", description: "Human text" } },
  additionalProperties: false,
  description: "Every non-2xx response"
}

const tagDescriptions: Readonly<Record<string, string>> = {
  search: "Tolerant company search over the 18 registries",
  companies: "One company's full record with officers and per-field provenance",
  verify: "A verdict: resolved, registered, active, screened against the sanctions lists",
  screen: "Any one name (a person, an organisation, a vessel) screened on demand, kept as a check",
  registries: "The registries covered, with record counts",
  health: "Liveness of the service and its database",
  checks: "Every verification kept as evidence, for auditors and regulators",
  batch: "Up to 1,000 verifications in one job, run in the background, with results as JSON, JSON Lines or CSV",
  monitoring: "Names and companies watched: list changes that concern them become events",
  webhooks: "Signed deliveries of events to your endpoints, retried for 24 hours",
  audit: "The account's append-only, hash-chained audit log: who did what, when, from where (keys with scope audit)",
  decisions: "Reviewers' decisions on sanctions hits: a dismissed false positive stays out of later verdicts until its entry changes",
  cases: "The review queue: every verdict in review opens or joins its subject's case, owned, discussed, decided and closed"
}

/**
 * The generator names a class's JSON schema after the class with `Encoded` after it (the class itself is its decoded
 * side): the document names it as the class, where no other schema has that name.
 */
const withClassNames = (spec: JsonObject): JsonObject => {
  const components = isObject(spec["components"]) ? spec["components"] : {}
  const schemas = isObject(components["schemas"]) ? components["schemas"] : {}
  const renamed = new Map<string, string>()
  for (const name of Object.keys(schemas)) {
    const base = name.endsWith("Encoded") ? name.slice(0, -"Encoded".length) : undefined
    if (base !== undefined && !(base in schemas)) renamed.set(`#/components/schemas/${name}`, `#/components/schemas/${base}`)
  }
  const rename = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(rename)
    : isObject(value) ? Object.fromEntries(Object.entries(value).map(([key, inner]) =>
      key === "$ref" && typeof inner === "string" ? [key, renamed.get(inner) ?? inner] : [key, rename(inner)]))
    : value
  const named = Object.fromEntries(Object.entries(schemas).map(([name, schema]) =>
    [renamed.get(`#/components/schemas/${name}`)?.slice("#/components/schemas/".length) ?? name, schema]))
  return rename({ ...spec, components: { ...components, schemas: named } }) as JsonObject
}

/**
 * Objects as the Effect 3 document wrote them, always with `properties` and `required` (empty for a record), and a
 * record of any value with `additionalProperties: {}`: the same schemas, spelled as clients have them.
 */
const withObjectsSpelledOut = (value: unknown): void => {
  if (Array.isArray(value)) value.forEach(withObjectsSpelledOut)
  else if (isObject(value)) {
    if (value["type"] === "object") {
      if (value["properties"] === undefined) {
        value["properties"] = {}
        value["additionalProperties"] ??= {}
      }
      value["required"] ??= []
    }
    Object.values(value).forEach(withObjectsSpelledOut)
  }
}

const DECODE_ERROR = { $ref: "#/components/schemas/HttpApiDecodeError" }

/**
 * Every operation answers 400 with the decode-failure body when a parameter or the body is refused by its schema
 * (beside a 400 it declares); a status several errors share is described by the first.
 */
const withDecodeFailures = (responses: JsonObject): JsonObject => {
  const out: JsonObject = {}
  for (const [status, response] of Object.entries(responses)) {
    out[status] = isObject(response) && typeof response["description"] === "string"
      ? { ...response, description: response["description"].split(" | ")[0] }
      : response
  }
  const declared = out["400"]
  const content = isObject(declared) && isObject(declared["content"]) ? declared["content"]["application/json"] : undefined
  const schema = isObject(content) && isObject(content["schema"]) ? content["schema"] : undefined
  const refused = schema === undefined ? DECODE_ERROR : { anyOf: [DECODE_ERROR, ...(Array.isArray(schema["anyOf"]) ? schema["anyOf"] : [schema])] }
  out["400"] = { description: "The request did not match the expected schema", content: { "application/json": { schema: refused } } }
  return out
}

/** A parameter says what it is beside its schema, as the schema does. */
const describedParameter = (parameter: unknown): unknown =>
  isObject(parameter) && isObject(parameter["schema"]) && typeof parameter["schema"]["description"] === "string"
    ? { ...parameter, description: parameter["schema"]["description"] }
    : parameter

/** Statuses answered before a key is read (the edge's refusals): they carry no quota headers. */
const BEFORE_ADMISSION = new Set(["401", "413", "414", "415", "431"])

/**
 * The document as served: the generator's, completed and spelled as the contract has it. The generator knows neither
 * our error bodies for decode failures nor response headers set by middleware: document both, and attach one example
 * per operation.
 */
export const completeSpec = (generated: JsonObject): JsonObject => {
  const spec = withClassNames(withStatedSchemas(generated) as JsonObject)
  withObjectsSpelledOut(spec)
  const components = isObject(spec["components"]) ? spec["components"] : {}
  const schemas = isObject(components["schemas"]) ? components["schemas"] : {}
  const paths = isObject(spec["paths"]) ? spec["paths"] : {}
  for (const pathItem of Object.values(paths)) {
    if (!isObject(pathItem)) continue
    for (const operation of Object.values(pathItem)) {
      if (!isObject(operation) || !isObject(operation["responses"])) continue
      const secured = Array.isArray(operation["security"]) && operation["security"].length > 0
      const example = operationExamples[String(operation["operationId"])]
      const responses = { ...edgeResponses(operation["requestBody"] !== undefined), ...withDecodeFailures(operation["responses"]) }
      operation["responses"] = responses
      if (Array.isArray(operation["parameters"])) operation["parameters"] = operation["parameters"].map(describedParameter)
      for (const [status, response] of Object.entries(responses)) {
        if (!isObject(response)) continue
        if (secured && status === "401") {
          response["headers"] = { "WWW-Authenticate": { description: "The scheme to authenticate with: `Bearer realm=\"KYB Africa\"`", schema: { type: "string" } } }
        } else if (secured && !BEFORE_ADMISSION.has(status)) {
          response["headers"] = status === "429"
            ? { ...quotaHeaders, "Retry-After": integerHeader("Seconds until the quota renews") }
            : quotaHeaders
        }
        if (status === "503") {
          response["headers"] = {
            ...(isObject(response["headers"]) ? response["headers"] : {}),
            "Retry-After": integerHeader("Seconds after which the database or registry is worth asking again")
          }
        }
        const content = isObject(response["content"]) ? Object.values(response["content"])[0] : undefined
        if (status.startsWith("2") && example !== undefined && isObject(content)) content["example"] = example
      }
    }
  }
  return {
    ...spec,
    servers: [{ url: "/", description: "This server" }],
    info: {
      ...(isObject(spec["info"]) ? spec["info"] : {}),
      contact: { name: "KYB Africa API (reference and console: /v1/docs)" },
      license: { name: "Proprietary", identifier: "LicenseRef-KYB-Africa" }
    },
    tags: (Array.isArray(spec["tags"]) ? spec["tags"] : []).map((tag: unknown) =>
      isObject(tag) && typeof tag["name"] === "string" && tag["description"] === undefined
        ? { ...tag, description: tagDescriptions[tag["name"]] ?? tag["name"] }
        : tag
    ),
    components: { ...components, schemas: { ...schemas, HttpApiDecodeError: errorSchema } }
  }
}
