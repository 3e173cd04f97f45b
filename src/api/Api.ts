import { HttpApi, OpenApi } from "effect/http-api"
import { AuditApi, BatchApi, ChecksApi, DecisionsApi, MonitoringApi, WebhooksApi, CompaniesApi, HealthApi, RegistriesApi, SearchApi, VerifyApi } from "./groups.js"
import { CasesApi } from "./casesGroup.js"
import { edgeResponses } from "./edgeResponses.js"
import { operationExamples } from "./openapiExamples.js"
import { refuseUnknownFields } from "./schemas/params.js"
import { STATED_SCHEMA, withStatedSchemas } from "./schemas/stated.js"

const description = [
  "KYB Africa answers \"is this African business real, registered, active and not sanctioned?\" over 18 official",
  "registries, with the source, checked date and confidence of every value, and screening against OFAC SDN, OFAC",
  "Consolidated and the UN Security Council list. Every `/v1` route except this document and the docs page (`/v1/docs`",
  "and its script) needs an API key (`Authorization: Bearer <key>` or `x-api-key: <key>`) and counts against the",
  "key's monthly quota. Every error is `{error, message}`; a JSON body's field the schema does not name is refused with 400,",
  "and control characters are refused in every parameter, header and string."
].join(" ")

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
 * The generator knows neither our error bodies for decode failures nor response headers set by middleware:
 * document both, and attach one example per operation.
 */
/** The generator marks every `unknown` with the same `$id`; a document may define an `$id` once (rows as sent, checks). */
const withoutUnknownIds = (value: unknown): void => {
  if (Array.isArray(value)) value.forEach(withoutUnknownIds)
  else if (isObject(value)) {
    if (value["$id"] === "/schemas/unknown") delete value["$id"]
    Object.values(value).forEach(withoutUnknownIds)
  }
}

/** The generator titles refined fields with the refinement's name ("maxLength(64)", "int"): the docs page would show it. */
const INTERNAL_TITLE = /^[a-z][A-Za-z]*(\(.*\))?$/
const withoutInternalTitles = (value: unknown): void => {
  if (Array.isArray(value)) value.forEach(withoutInternalTitles)
  else if (isObject(value)) {
    if (typeof value["title"] === "string" && INTERNAL_TITLE.test(value["title"])) delete value["title"]
    Object.values(value).forEach(withoutInternalTitles)
  }
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

const completeSpec = (generated: JsonObject): JsonObject => {
  const spec = withClassNames(withStatedSchemas(generated) as JsonObject)
  withoutUnknownIds(spec)
  withObjectsSpelledOut(spec)
  withoutInternalTitles(spec)
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
  // Issue and PropertyKey describe the framework's own decode errors, which the service never sends (see HttpApiDecodeError).
  const { Issue: _issue, PropertyKey: _propertyKey, ...usedSchemas } = schemas
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
    components: { ...components, schemas: { ...usedSchemas, HttpApiDecodeError: errorSchema } }
  }
}

export class KybApi extends HttpApi.make("kyb")
  .add(SearchApi)
  .add(CompaniesApi)
  .add(VerifyApi)
  .add(ChecksApi)
  .add(BatchApi)
  .add(DecisionsApi)
  .add(CasesApi)
  .add(MonitoringApi)
  .add(WebhooksApi)
  .add(AuditApi)
  .add(RegistriesApi)
  .add(HealthApi)
  .annotateMerge(OpenApi.annotations({
    title: "KYB Africa API",
    version: "1.0.0",
    description,
    transform: completeSpec
  }))
  // A JSON body's field the contract does not name is refused (400 naming it), never dropped.
  .annotate(HttpApi.PayloadParseOptions, refuseUnknownFields) {}

const documentOptions: OpenApi.FromApiOptions = { includeAnnotationKey: (key) => key === STATED_SCHEMA }

/** The OpenAPI document of the API, as /v1/openapi.json serves it (the generator's, with the contract's stated schemas). */
export const openApiDocument = (): OpenApi.OpenAPISpec => OpenApi.fromApi(KybApi, documentOptions)
