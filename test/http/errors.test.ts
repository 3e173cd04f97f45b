import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { bearer, call, isErrorBody } from "../support/http.js"
import { TestServer, TestServerLive } from "../support/server.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

describe("every non-2xx answer is {error, message} (spec section 7)", () => {
  layer(TestServerLive, { timeout: "90 seconds", excludeTestServices: true })((it) => {
    const withKey = Effect.gen(function*() {
      const server = yield* TestServer
      return { url: server.url, headers: bearer(yield* server.newKey({ plan: "unlimited" })) }
    })

    it.effect("400 invalid_request naming the parameter, for every malformed query", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* withKey
        const cases: ReadonlyArray<readonly [string, RegExp]> = [
          ["/v1/search", /\bq\b/],
          ["/v1/search?q=", /\bq\b/],
          ["/v1/search?q=%20%20", /\bq\b/],
          ["/v1/search?q=a&limit=101", /limit/],
          ["/v1/search?q=a&limit=0", /limit/],
          ["/v1/search?q=a&limit=ten", /limit/],
          ["/v1/search?q=a&limit=2.5", /limit/],
          ["/v1/search?q=a&offset=-1", /offset/],
          ["/v1/search?q=a&country=Nigeria", /country/],
          [`/v1/search?q=${"x".repeat(201)}`, /\bq\b/],
          ["/v1/verify", /name or registration_no/],
          ["/v1/verify?country=NG", /name or registration_no/],
          ["/v1/verify?name=", /name/],
          ["/v1/company/NGA/RC123", /country/]
        ]
        for (const [path, mentions] of cases) {
          const reply = yield* promise(() => call(url + path, { headers }))
          assert.strictEqual(reply.status, 400, path)
          assert.isTrue(isErrorBody(reply.body, "invalid_request"), `${path}: ${reply.text}`)
          assert.match((reply.body as { message: string }).message, mentions, path)
        }
      }))

    it.effect("POST /v1/verify: malformed JSON, wrong shapes, neither input, oversized body", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* withKey
        const json = { ...headers, "content-type": "application/json" }
        const bodies = ["{not json", "[]", "\"text\"", "{}", "{\"name\": 42}", "{\"country\": \"NG\"}", "null"]
        for (const body of bodies) {
          const reply = yield* promise(() => call(`${url}/v1/verify`, { method: "POST", headers: json, body }))
          assert.strictEqual(reply.status, 400, body)
          assert.isTrue(isErrorBody(reply.body, "invalid_request"), `${body}: ${reply.text}`)
        }
        const huge = JSON.stringify({ name: "x".repeat(100), padding: "y".repeat(64 * 1024) })
        const tooBig = yield* promise(() => call(`${url}/v1/verify`, { method: "POST", headers: json, body: huge }))
        assert.oneOf(tooBig.status, [400, 413])
        assert.isTrue(isErrorBody(tooBig.body, "invalid_request"), tooBig.text)
      }))

    it.effect("verify in a country no registry covers: review/registry_not_covered (not unreachable), never not_found", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* withKey
        const reply = yield* promise(() => call(`${url}/v1/verify?name=Acme%20Trading%20SARL&country=FR`, { headers }))
        assert.strictEqual(reply.status, 200, reply.text)
        const verdict = reply.body as { result: string; review_reasons: ReadonlyArray<string>; signals: { registry_reachable: boolean | null } }
        assert.strictEqual(verdict.result, "review")
        assert.strictEqual(verdict.signals.registry_reachable, null, "no registry was asked (issue 53 item 9)")
        assert.include(verdict.review_reasons, "registry_not_covered")
        assert.notInclude(verdict.review_reasons, "registry_unreachable")
      }))

    it.effect("404 not_found for unknown routes, with or without a key", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* withKey
        for (const path of ["/nope", "/v1/nope", "/v2/search?q=a", "/v1/company/NG"]) {
          for (const h of [{}, headers]) {
            const reply = yield* promise(() => call(url + path, { headers: h }))
            assert.strictEqual(reply.status, 404, path)
            assert.isTrue(isErrorBody(reply.body, "not_found"), `${path}: ${reply.text}`)
          }
        }
      }))

    it.effect("404 company_not_found for an unknown company", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* withKey
        const reply = yield* promise(() => call(`${url}/v1/company/NG/RC%20999999999`, { headers }))
        assert.strictEqual(reply.status, 404)
        assert.isTrue(isErrorBody(reply.body, "company_not_found"), reply.text)
        const nowhere = yield* promise(() => call(`${url}/v1/company/FR/123`, { headers }))
        assert.strictEqual(nowhere.status, 404)
        assert.isTrue(isErrorBody(nowhere.body, "company_not_found"), nowhere.text)
      }))

    it.effect("400 invalid_request for a company key past any length the record routes take, however long (never 404 or 405)", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* withKey
        for (const length of [161, 400, 1100]) {
          for (const tail of ["", "/awards"]) {
            const reply = yield* promise(() => call(`${url}/v1/company/BD/${"x".repeat(length)}${tail}`, { headers }))
            assert.strictEqual(reply.status, 400, `${length}${tail}: ${reply.text}`)
            assert.isTrue(isErrorBody(reply.body, "invalid_request"), reply.text)
          }
        }
      }))

    it.effect("no error body carries _tag, issues or a stack", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* withKey
        for (const path of ["/v1/search", "/v1/search?q=a&limit=1000", "/v1/verify", "/v1/nope"]) {
          const reply = yield* promise(() => call(url + path, { headers }))
          assert.notMatch(reply.text, /_tag|issues|stack|at .*\.ts/, path)
        }
      }))
  })
})
