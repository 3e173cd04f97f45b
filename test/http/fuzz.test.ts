import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import fc from "fast-check"
import { bearer, call } from "../support/http.js"
import { TestServer, TestServerLive } from "../support/server.js"

const text = fc.string({ unit: "grapheme", maxLength: 40 })
const param = fc.oneof(text, fc.integer().map(String), fc.constantFrom("", " ", "%", "%00", "RC 1", "1950/038232/06", "ZZ", "ng"))
const route = fc.oneof(
  fc.record({ q: param, country: param, limit: param, offset: param }).map((p) => `/v1/search?${new URLSearchParams(p)}`),
  fc.tuple(param, param).map(([c, n]) => `/v1/company/${encodeURIComponent(c)}/${encodeURIComponent(n)}`),
  fc.record({ name: param, registration_no: param, country: param }).map((p) => `/v1/verify?${new URLSearchParams(p)}`),
  text.map((t) => `/v1/${encodeURIComponent(t)}`)
)
const body = fc.oneof(fc.json(), text, fc.record({ name: param, registration_no: param, country: param }).map((b) => JSON.stringify(b)))

/** Whatever a client sends, the answer is never a 5xx and always JSON: a result or `{error, message}`. */
describe("fuzzed requests", () => {
  layer(TestServerLive, { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("never produce a 5xx or a non-JSON body (bounded: 150 requests)", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
        const request = fc.oneof(
          route.map((path) => ({ method: "GET", path, body: undefined })),
          body.map((b) => ({ method: "POST", path: "/v1/verify", body: b }))
        )
        const samples = fc.sample(request, { numRuns: 150, seed: 20261122 })
        for (const r of samples) {
          const reply = yield* Effect.promise(() =>
            call(server.url + r.path, {
              method: r.method,
              headers: { ...headers, "content-type": "application/json" },
              ...(r.body === undefined ? {} : { body: r.body })
            })
          )
          assert.isBelow(reply.status, 500, `${r.method} ${r.path} ${r.body ?? ""} -> ${reply.status} ${reply.text}`)
          assert.isNotNull(reply.body, `${r.method} ${r.path}: not JSON: ${reply.text.slice(0, 200)}`)
          if (reply.status >= 400) {
            assert.deepStrictEqual(Object.keys(reply.body as object).sort(), ["error", "message"], reply.text)
          }
        }
      }))
  })
})
