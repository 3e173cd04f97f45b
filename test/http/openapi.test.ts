import { Validator } from "@seriousme/openapi-schema-validator"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { call } from "../support/http.js"
import { TestServer, TestServerLive } from "../support/server.js"

type Json = Record<string, unknown>
const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const obj = (u: unknown): Json => (typeof u === "object" && u !== null ? (u as Json) : {})

describe("OpenAPI 3.1 at /v1/openapi.json", () => {
  layer(TestServerLive, { timeout: "90 seconds", excludeTestServices: true })((it) => {
    it.effect("is a valid OpenAPI 3.1 document describing the contract", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const reply = yield* promise(() => call(`${url}/v1/openapi.json`))
        assert.strictEqual(reply.status, 200)
        const spec = obj(reply.body)
        const result = yield* promise(() => new Validator().validate(spec))
        assert.isTrue(result.valid, JSON.stringify(result.errors, null, 1)?.slice(0, 2000))
        assert.strictEqual(spec["openapi"], "3.1.0")
        assert.strictEqual(obj(spec["info"])["version"], "1.0.0")
        assert.isString(obj(spec["info"])["title"])
        assert.isString(obj(spec["info"])["description"])
        const schemes = obj(obj(spec["components"])["securitySchemes"])
        assert.includeMembers(Object.values(schemes).map((s) => obj(s)["type"]), ["http", "apiKey"])
        const paths = obj(spec["paths"])
        assert.includeMembers(Object.keys(paths), [
          "/v1/search", "/v1/company/{country}/{registration_no}", "/v1/verify", "/v1/registries", "/health"
        ])
        const verify = obj(paths["/v1/verify"])
        assert.containsAllKeys(verify, ["get", "post"])
      }))

    it.effect("every operation has an example, every error the {error, message} schema, quota headers", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const spec = obj((yield* promise(() => call(`${url}/v1/openapi.json`))).body)
        const schemas = obj(obj(spec["components"])["schemas"])
        const resolve = (s: Json): Json =>
          typeof s["$ref"] === "string" ? obj(schemas[String(s["$ref"]).split("/").pop()!]) : s
        const hasErrorShape = (schema: Json): boolean => {
          const s = resolve(schema)
          if (Array.isArray(s["anyOf"])) return s["anyOf"].every((x) => hasErrorShape(obj(x)))
          const props = Object.keys(obj(s["properties"])).sort().join(",")
          return props === "error,message"
        }
        for (const [path, item] of Object.entries(obj(spec["paths"]))) {
          for (const [method, op] of Object.entries(obj(item))) {
            const operation = obj(op)
            const responses = obj(operation["responses"])
            const success = Object.keys(responses).find((status) => status.startsWith("2"))!
            const ok = obj(Object.values(obj(obj(responses[success])["content"]))[0] as Json)
            assert.isDefined(ok["example"], `${method} ${path} example`)
            const secured = Array.isArray(operation["security"]) && operation["security"].length > 0
            assert.strictEqual(secured, path !== "/health", `${method} ${path} security`)
            for (const [status, response] of Object.entries(responses)) {
              const r = obj(response)
              if (secured && status === "401") assert.deepStrictEqual(Object.keys(obj(r["headers"])), ["WWW-Authenticate"])
              else if (secured && ["413", "414", "415", "431"].includes(status)) assert.isUndefined(r["headers"], `${method} ${path} ${status}`)
              else if (secured) assert.containsAllKeys(obj(r["headers"]), ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"])
              if (status.startsWith("2")) continue
              const schema = obj(obj(obj(r["content"])["application/json"])["schema"])
              assert.isTrue(hasErrorShape(schema), `${method} ${path} ${status}: ${JSON.stringify(schema)}`)
            }
            if (secured) {
              assert.containsAllKeys(responses, ["400", "401", "429"], `${method} ${path}`)
              assert.containsAllKeys(obj(obj(responses["429"])["headers"]), ["Retry-After"])
            }
          }
        }
      }))
  })
})
