import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { apiKeyHeader, bearer, call, isErrorBody } from "../support/http.js"
import { TestServer, TestServerLive } from "../support/server.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

describe("API keys and quota (spec sections 5 and 8)", () => {
  layer(TestServerLive, { timeout: "90 seconds", excludeTestServices: true })((it) => {
    it.effect("401 invalid_api_key for a missing key, with neither header", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const reply = yield* promise(() => call(`${url}/v1/search?q=dangote`))
        assert.strictEqual(reply.status, 401)
        assert.isTrue(isErrorBody(reply.body, "invalid_api_key"), reply.text)
        assert.isNull(reply.headers.get("x-ratelimit-limit"))
      }))

    it.effect("401 for an unknown key in either header style, and for an empty bearer", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const unknown = "kyb_live_" + "A".repeat(43)
        const cases = [
          { headers: bearer(unknown), says: /unknown or has been revoked/ },
          { headers: apiKeyHeader(unknown), says: /unknown or has been revoked/ },
          { headers: { authorization: "Bearer " }, says: /An API key is required/ },
          { headers: apiKeyHeader("nonsense"), says: /unknown or has been revoked/ }
        ]
        for (const { headers, says } of cases) {
          const reply = yield* promise(() => call(`${url}/v1/search?q=dangote`, { headers }))
          assert.strictEqual(reply.status, 401, JSON.stringify(headers))
          assert.isTrue(isErrorBody(reply.body, "invalid_api_key"), reply.text)
          assert.match((reply.body as { message: string }).message, says, JSON.stringify(headers))
        }
      }))

    it.effect("401 for a revoked key in either header style, at once", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey()
        const before = yield* promise(() => call(`${server.url}/v1/registries`, { headers: bearer(secret) }))
        assert.strictEqual(before.status, 200)
        yield* server.revokeKey(secret)
        for (const headers of [bearer(secret), apiKeyHeader(secret)]) {
          const reply = yield* promise(() => call(`${server.url}/v1/registries`, { headers }))
          assert.strictEqual(reply.status, 401)
          assert.isTrue(isErrorBody(reply.body, "invalid_api_key"), reply.text)
          assert.match((reply.body as { message: string }).message, /unknown or has been revoked/, JSON.stringify(headers))
        }
      }))

    it.effect("both header styles authenticate; quota headers on 200 and on 4xx", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey()
        const ok = yield* promise(() => call(`${server.url}/v1/registries`, { headers: apiKeyHeader(secret) }))
        assert.strictEqual(ok.status, 200)
        assert.strictEqual(ok.headers.get("x-ratelimit-limit"), "100")
        assert.strictEqual(ok.headers.get("x-ratelimit-remaining"), "99")
        assert.match(ok.headers.get("x-ratelimit-reset") ?? "", /^\d{4}-\d{2}-01T00:00:00Z$/)
        const bad = yield* promise(() => call(`${server.url}/v1/search`, { headers: bearer(secret) }))
        assert.strictEqual(bad.status, 400)
        assert.isTrue(isErrorBody(bad.body, "invalid_request"), bad.text)
        assert.strictEqual(bad.headers.get("x-ratelimit-remaining"), "98")
        const missing = yield* promise(() => call(`${server.url}/v1/company/NG/RC999999999`, { headers: bearer(secret) }))
        assert.strictEqual(missing.status, 404)
        assert.strictEqual(missing.headers.get("x-ratelimit-remaining"), "97")
      }))

    it.effect("429 quota_exceeded after the quota, with Remaining 0, Reset and Retry-After; 429s are not counted", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey({ quota: 3 })
        for (let i = 0; i < 3; i++) {
          const reply = yield* promise(() => call(`${server.url}/v1/registries`, { headers: bearer(secret) }))
          assert.strictEqual(reply.status, 200)
          assert.strictEqual(reply.headers.get("x-ratelimit-remaining"), String(2 - i))
        }
        for (let i = 0; i < 2; i++) {
          const reply = yield* promise(() => call(`${server.url}/v1/registries`, { headers: bearer(secret) }))
          assert.strictEqual(reply.status, 429)
          assert.isTrue(isErrorBody(reply.body, "quota_exceeded"), reply.text)
          assert.strictEqual(reply.headers.get("x-ratelimit-limit"), "3")
          assert.strictEqual(reply.headers.get("x-ratelimit-remaining"), "0")
          const reset = Date.parse(reply.headers.get("x-ratelimit-reset") ?? "")
          assert.isAbove(reset, Date.now())
          const retryAfter = Number(reply.headers.get("retry-after"))
          assert.isTrue(Number.isInteger(retryAfter) && retryAfter >= 1)
          assert.approximately(retryAfter, (reset - Date.now()) / 1000, 5)
        }
      }))

    it.effect("a free key is admitted exactly 100 times under concurrency", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey()
        const replies = yield* promise(() =>
          Promise.all(Array.from({ length: 130 }, () => call(`${server.url}/v1/registries`, { headers: apiKeyHeader(secret) })))
        )
        const statuses = replies.map((r) => r.status)
        assert.strictEqual(statuses.filter((s) => s === 200).length, 100)
        assert.strictEqual(statuses.filter((s) => s === 429).length, 30)
        const remaining = replies.filter((r) => r.status === 200).map((r) => Number(r.headers.get("x-ratelimit-remaining")))
        assert.deepStrictEqual([...remaining].sort((a, b) => a - b), Array.from({ length: 100 }, (_, i) => i))
      }))

    it.effect("an unlimited key is never refused and still gets integer headers", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey({ plan: "unlimited" })
        const reply = yield* promise(() => call(`${server.url}/v1/registries`, { headers: bearer(secret) }))
        assert.strictEqual(reply.status, 200)
        assert.match(reply.headers.get("x-ratelimit-limit") ?? "", /^\d+$/)
        assert.match(reply.headers.get("x-ratelimit-remaining") ?? "", /^\d+$/)
      }))

    it.effect("public routes need no key: health, openapi, docs", () =>
      Effect.gen(function*() {
        const { url } = yield* TestServer
        const health = yield* promise(() => call(`${url}/health`))
        assert.strictEqual(health.status, 200)
        assert.deepInclude(health.body, { status: "ok", database: "reachable" })
        assert.strictEqual((yield* promise(() => call(`${url}/v1/openapi.json`))).status, 200)
        const docs = yield* promise(() => call(`${url}/v1/docs`))
        assert.strictEqual(docs.status, 200)
        assert.match(docs.text, /<html/i)
        // Our own reference, rendered on the server: the operations are in the HTML itself.
        assert.include(docs.text, "<code>/v1/verify</code>")
        assert.include(docs.headers.get("content-security-policy") ?? "", "default-src 'none'")
        assert.strictEqual((yield* promise(() => call(`${url}/v1/docs/scalar.js`))).status, 404, "the old bundle is gone")
      }))
  })
})
