import { assert, describe, layer } from "@effect/vitest"
import { Ajv2020 } from "ajv/dist/2020.js"
import formats, { type FormatsPlugin } from "ajv-formats"
import { Effect, Layer } from "effect"
import fc from "fast-check"
import { isIsoCountry } from "../../src/domain/countryNames.js"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { WebhookResolver } from "../../src/webhooks/addresses.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { forgedCursor, invalid, type Json, type Override, resolver, valid } from "./schemaArbitraries.js"

/**
 * What Schemathesis asserts, from the service's own OpenAPI document, in the suite: requests generated from each
 * operation's parameter and body schemas, valid ones and ones wrong in one place, against a real server on loopback
 * with a fresh database. No 5xx; every status documented for its operation, with a documented media type and a body
 * matching its documented schema; every schema-invalid request a 4xx; every valid one accepted (2xx, or a documented
 * domain refusal such as 404 not found, never invalid_request). CONTRACT_RUNS (2,000 in the suite) and CONTRACT_SEED
 * reproduce a run.
 */
const runs = Number(process.env["CONTRACT_RUNS"] ?? "2000")
const seed = Number(process.env["CONTRACT_SEED"] ?? "20261127")
// ajv-formats is CommonJS: its function is the module itself, typed as the module's `default`.
const addFormats: FormatsPlugin = (formats as unknown as { default?: FormatsPlugin }).default ?? (formats as unknown as FormatsPlugin)
const BASE = "https://kyb.test/openapi.json"

interface Parameter { readonly name: string; readonly in: "query" | "path" | "header"; readonly required?: boolean; readonly schema: unknown }
interface Operation { readonly method: string; readonly path: string; readonly parameters: ReadonlyArray<Parameter>; readonly body: unknown; readonly responses: Json; readonly pointer: string }
interface Generated { readonly op: Operation; readonly valid: boolean; readonly params: Json; readonly body?: unknown; readonly target: string }

/**
 * Values a pattern cannot say, stated in words in the document: a monitor's country is one ISO 3166-1 assigns (the
 * pattern says two letters; the description, an ISO 3166-1 country). A `cursor` is valid only as a next_cursor the
 * service gave for that list, account and filters (sealed with its secret): no generator can make one, so valid
 * requests send none, and every generated one (a forged position included) must be refused.
 */
const statedValues = (op: { readonly method: string; readonly path: string }): Override => (name) =>
  name === "country" && op.method === "POST" && op.path === "/v1/monitors"
    ? fc.stringMatching(/^[A-Za-z]{2}$/).filter(isIsoCountry)
    : undefined

/** A header carries visible ASCII, its ends trimmed by HTTP (RFC 9110 §5.5): the text a header parameter can be. */
const headerText: Override = () =>
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 60 })

/** A counterexample as a line, not the whole operation's document. */
const named = (g: Generated): Generated =>
  Object.assign(g, { [fc.toStringMethod]: () => `${g.valid ? "valid" : `invalid ${g.target}`} ${g.op.method} ${g.op.path} ${JSON.stringify(g.params)} ${JSON.stringify(g.body) ?? ""}` })

const pointerPart = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1")

/**
 * Operations whose valid requests this test does not send, and why: a webhook registered at a valid (public) address
 * would be delivered to it, and nothing a test sends may leave 127.0.0.1; its invalid requests are sent.
 */
const noValidRequests = new Set(["POST /v1/webhooks"])

/**
 * Rules across parameters, which OpenAPI cannot put in a schema (no anyOf over query parameters): each is stated in
 * the parameters' descriptions, and is part of what "valid" means here.
 */
const statedInWords: Readonly<Record<string, (params: Json) => boolean>> = {
  "GET /v1/verify": (params) => params["name"] !== undefined || params["registration_no"] !== undefined
}

const operationsOf = (doc: Json): ReadonlyArray<Operation> =>
  Object.entries(doc["paths"] as Record<string, Record<string, Json>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = (op["requestBody"] as { content?: Record<string, { schema: unknown }> } | undefined)?.content
      return {
        method: method.toUpperCase(), path, parameters: (op["parameters"] ?? []) as ReadonlyArray<Parameter>,
        body: content?.["application/json"]?.schema, responses: op["responses"] as Json,
        pointer: `/paths/${pointerPart(path)}/${method}`
      }
    }))

/** A parameter as the server reads it: text, a number when the schema says integer and the text is one. */
const asRead = (schema: Json, text: string): unknown =>
  (schema["type"] === "integer" || schema["type"] === "number") && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text

describe("property-based contract test from the OpenAPI document (issue 43)", () => {
  // No host name resolves here, and no address is contacted: webhooks are not registered with valid addresses.
  const noDns = Layer.succeed(WebhookResolver, WebhookResolver.of({ resolve: () => Promise.resolve([]) }))
  layer(makeTestServer().pipe(Layer.provide(noDns)), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect(`${runs} generated requests (seed ${seed}): documented statuses and bodies, invalid refused, valid accepted`, () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        yield* (yield* CompanyWriter).upsertBatch([{
          country: "NG", registration_no: "RC 208767", legal_name: "Dangote Cement PLC", status: "active",
          source: "test", source_kind: "registry", last_verified_at: new Date().toISOString()
        }]).pipe(Effect.orDie)
        const key = yield* server.newKey({ plan: "unlimited" })
        const doc = (yield* Effect.promise(() => fetch(`${server.url}/v1/openapi.json`).then((r) => r.json()))) as Json
        const resolve = resolver(doc)
        const ajv = new Ajv2020({ strict: false, allErrors: false })
        addFormats(ajv)
        ajv.addSchema({ ...doc, $id: BASE })
        const validators = new Map<string, ReturnType<typeof ajv.compile>>()
        const validator = (pointer: string) => {
          const known = validators.get(pointer) ?? ajv.compile({ $ref: `${BASE}#${pointer}` })
          validators.set(pointer, known)
          return known
        }
        const operations = operationsOf(doc)
        assert.isAtLeast(operations.length, 25)

        const generated = fc.constantFrom(...operations).chain((op): fc.Arbitrary<Generated> => {
          const sendsValid = !noValidRequests.has(`${op.method} ${op.path}`)
          const validParams = fc.record(
            Object.fromEntries(op.parameters.filter((p) => p.name !== "cursor")
              .map((p) => [p.name, valid(resolve, p.schema, p.name, p.in === "header" ? headerText : statedValues(op))])),
            { requiredKeys: op.parameters.filter((p) => p.required === true).map((p) => p.name) }
          ) as fc.Arbitrary<Json>
          const validBody = op.body === undefined ? fc.constant(undefined) : valid(resolve, op.body, "", statedValues(op))
          const targets = [
            ...op.parameters.map((p) => ({ where: p.name, bad: p.name === "cursor" ? fc.oneof(invalid(resolve, p.schema), forgedCursor) : invalid(resolve, p.schema) })),
            ...op.parameters.filter((p) => p.required === true && p.in !== "path").map((p) => ({ where: `${p.name} missing`, bad: fc.constant(undefined) })),
            ...(op.body === undefined ? [] : [{ where: "body", bad: invalid(resolve, op.body) }])
          ]
          const positive = fc.record({ params: validParams, body: validBody }).map((r) => named({ op, valid: true, ...r, target: "" }))
          if (targets.length === 0) return positive
          const negative = fc.tuple(validParams, validBody, fc.constantFrom(...targets)).chain(([params, body, target]) =>
            target.bad.map((bad) => {
              if (target.where === "body") return named({ op, valid: false, params, body: bad, target: "body" })
              const name = target.where.replace(/ missing$/, "")
              const { [name]: _dropped, ...others } = params
              return named({ op, valid: false, params: bad === undefined ? others : { ...others, [name]: bad }, body, target: name })
            }))
          return sendsValid ? fc.oneof(positive, negative) : negative
        })

        /** Whether the request as sent (parameters as text) is what the document admits. */
        const admitted = (g: Generated): boolean =>
          (statedInWords[`${g.op.method} ${g.op.path}`]?.(g.params) ?? true) && g.op.parameters.every((p, i) => {
            const value = g.params[p.name]
            if (value === undefined) return p.required !== true
            return validator(`${g.op.pointer}/parameters/${i}/schema`)(asRead(resolve(p.schema), String(value))) === true
          }) && (g.op.body === undefined || validator(`${g.op.pointer}/requestBody/content/application~1json/schema`)(g.body) === true)

        const statuses = new Map<string, Set<number>>()
        let sent = 0
        let validSent = 0
        let accepted = 0
        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(generated, async (g) => {
              if (g.valid === false && g.target !== "body" && g.params[g.target] === null) fc.pre(false)
              // An empty path segment addresses another resource (the route's parent), not this operation.
              fc.pre(g.op.parameters.every((p) => p.in !== "path" || String(g.params[p.name]) !== ""))
              fc.pre(admitted(g) === g.valid)
              const path = g.op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(g.params[name])))
              const query = new URLSearchParams(g.op.parameters.filter((p) => p.in === "query" && g.params[p.name] !== undefined)
                .map((p): [string, string] => [p.name, String(g.params[p.name])]))
              const headers: Record<string, string> = { authorization: `Bearer ${key}` }
              for (const p of g.op.parameters) if (p.in === "header" && g.params[p.name] !== undefined) headers[p.name] = String(g.params[p.name])
              if (g.body !== undefined) headers["content-type"] = "application/json"
              const target = `${path}${query.size === 0 ? "" : `?${query}`}`
              const reply = await fetch(`${server.url}${target}`, {
                method: g.op.method, headers, ...(g.body === undefined || g.op.body === undefined ? {} : { body: JSON.stringify(g.body) })
              })
              sent++
              if (g.valid) validSent++
              if (g.valid && reply.status < 300) accepted++
              const text = await reply.text()
              const where = `${g.valid ? "valid" : `invalid ${g.target}`}: ${g.op.method} ${target} ${g.body === undefined ? "" : JSON.stringify(g.body).slice(0, 300)} -> ${reply.status} ${text.slice(0, 300)}`
              statuses.set(`${g.op.method} ${g.op.path}`, (statuses.get(`${g.op.method} ${g.op.path}`) ?? new Set()).add(reply.status))
              if (reply.status >= 500) throw new Error(`server error: ${where}`)
              const documented = g.op.responses[String(reply.status)] as { content?: Record<string, unknown> } | undefined
              if (documented === undefined) throw new Error(`undocumented status: ${where}`)
              const mediaType = (reply.headers.get("content-type") ?? "").split(";")[0]!.trim()
              if (documented.content !== undefined) {
                if (!(mediaType in documented.content)) throw new Error(`undocumented media type ${mediaType}: ${where}`)
                if (mediaType === "application/json") {
                  const check = validator(`${g.op.pointer}/responses/${reply.status}/content/application~1json/schema`)
                  if (!check(JSON.parse(text))) throw new Error(`body off its schema (${ajv.errorsText(check.errors)}): ${where}`)
                }
              }
              if (!g.valid && (reply.status < 400 || reply.status >= 500)) throw new Error(`invalid request accepted: ${where}`)
              if (g.valid && reply.status >= 400 && (reply.status === 400 || (JSON.parse(text) as Json)["error"] === "invalid_request")) {
                throw new Error(`valid request refused: ${where}`)
              }
            }),
            { numRuns: runs, seed, endOnFailure: true, maxSkipsPerRun: 1000 }
          )
        )
        assert.isAtLeast(sent, runs, "every run sent its request")
        assert.isAbove(validSent, runs / 4, "valid requests")
        assert.isAbove(sent - validSent, runs / 4, "invalid requests")
        // Many valid requests name ids nobody made (404): still, a good share is answered 2xx.
        assert.isAbove(accepted, validSent / 4, "valid requests answered 2xx")
        for (const op of operations) assert.isTrue(statuses.has(`${op.method} ${op.path}`), `${op.method} ${op.path} not reached`)
      }), 300_000)
  })
})
