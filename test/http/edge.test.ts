import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { bearer, call, isErrorBody } from "../support/http.js"
import { rawGet, rawRequest } from "../support/rawHttp.js"
import { TestServer, TestServerLive } from "../support/server.js"
import { recordTiming } from "../support/timings.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)

const parseBody = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

describe("the edge: hostile input is refused before any handler runs (issues 15, 18)", () => {
  layer(TestServerLive, { timeout: "90 seconds", excludeTestServices: true })((it) => {
    const setup = Effect.gen(function*() {
      const server = yield* TestServer
      const key = yield* server.newKey({ plan: "unlimited" })
      return { url: server.url, port: Number(new URL(server.url).port), key, headers: bearer(key) }
    })

    it.effect("NUL and control characters, invalid UTF-8 and bad escapes in the query: 400 naming the parameter", () =>
      Effect.gen(function*() {
        const { port, key } = yield* setup
        const cases: ReadonlyArray<readonly [string, string]> = [
          ["/v1/search?q=%00", "q"],
          ["/v1/search?q=ab%00cd&country=NG", "q"],
          ["/v1/search?q=ab%0Acd", "q"],
          ["/v1/search?q=ab%7Fcd", "q"],
          ["/v1/search?q=ab%C2%85cd", "q"],
          ["/v1/verify?name=a%00b", "name"],
          ["/v1/search?q=%C3%28", "q"],
          ["/v1/search?q=%ZZ", "q"],
          ["/v1/search?q=abc%", "q"],
          ["/v1/search?q=acme&country=N%00", "country"],
          ["/v1/company/NG/RC%00123", "the path"],
          ["/v1/company/NG/RC%E0%A4%A", "the path"]
        ]
        for (const [target, names] of cases) {
          const reply = yield* promise(() => rawGet(port, target, { authorization: `Bearer ${key}` }))
          assert.strictEqual(reply.status, 400, target)
          const body = parseBody(reply.body)
          assert.isTrue(isErrorBody(body, "invalid_request"), `${target}: ${reply.body}`)
          assert.include((body as { message: string }).message, names, target)
        }
      }))

    it.effect("the same refusals without a key (the edge runs before authentication) and for unknown routes", () =>
      Effect.gen(function*() {
        const { port } = yield* setup
        for (const target of ["/v1/search?q=%00", "/nowhere?x=%ZZ"]) {
          const reply = yield* promise(() => rawGet(port, target))
          assert.strictEqual(reply.status, 400, target)
          assert.isTrue(isErrorBody(parseBody(reply.body), "invalid_request"), reply.body)
        }
      }))

    it.effect("a NUL in a JSON body field: 400 naming the field; the same name without it is answered", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* setup
        const json = { ...headers, "content-type": "application/json" }
        const bad = yield* promise(() => call(`${url}/v1/verify`, { method: "POST", headers: json, body: "{\"name\":\"a\\u0000b\"}" }))
        assert.strictEqual(bad.status, 400, bad.text)
        assert.isTrue(isErrorBody(bad.body, "invalid_request"), bad.text)
        assert.include((bad.body as { message: string }).message, "name")
        const good = yield* promise(() => call(`${url}/v1/verify`, { method: "POST", headers: json, body: "{\"name\":\"ab\"}" }))
        assert.strictEqual(good.status, 200, good.text)
      }))

    it.effect("a URL of 100 KB: a JSON body (414 or 431), never an empty one", () =>
      Effect.gen(function*() {
        const { port, key } = yield* setup
        for (const size of [10_000, 100_000]) {
          const reply = yield* promise(() => rawGet(port, `/v1/search?q=${"a".repeat(size)}`, { authorization: `Bearer ${key}` }))
          assert.oneOf(reply.status, [414, 431], String(size))
          assert.isTrue(isErrorBody(parseBody(reply.body), "invalid_request"), reply.body)
        }
        const headers = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`x-filler-${i}`, "z".repeat(1000)]))
        const many = yield* promise(() => rawGet(port, "/v1/search?q=acme", headers))
        assert.strictEqual(many.status, 431)
        assert.isTrue(isErrorBody(parseBody(many.body), "invalid_request"), many.body)
      }))

    it.effect("multipart and other media types: 415 at once, also with an empty or unfinished body", () =>
      Effect.gen(function*() {
        const { url, port, key, headers } = yield* setup
        const form = new FormData()
        form.set("name", "Dangote Cement")
        const response = yield* promise(() => fetch(`${url}/v1/verify`, { method: "POST", headers, body: form }))
        assert.strictEqual(response.status, 415)
        assert.isTrue(isErrorBody(yield* promise(() => response.json()), "unsupported_media_type"))
        const started = Date.now()
        const unfinished = yield* promise(() =>
          rawRequest(
            port,
            `POST /v1/verify HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n` +
              "Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: 5000\r\n\r\n--zz\r\n",
            5_000
          )
        )
        assert.strictEqual(unfinished.status, 415)
        const empty = yield* promise(() =>
          rawRequest(
            port,
            `POST /v1/verify HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n` +
              "Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: 0\r\n\r\n",
            5_000
          )
        )
        assert.strictEqual(empty.status, 415)
        recordTiming("a slow body of another media type: 415 at once", Date.now() - started, 3_000)
        const text = yield* promise(() =>
          call(`${url}/v1/verify`, { method: "POST", headers: { ...headers, "content-type": "text/plain" }, body: "name=x" })
        )
        assert.strictEqual(text.status, 415)
        assert.isTrue(isErrorBody(text.body, "unsupported_media_type"), text.text)
        // An empty Content-Type header, with or without a body: the same {error, message}, never the framework's text.
        for (const route of ["/v1/verify", "/v1/verify/batch", "/v1/screen", "/v1/screen/batch"]) {
          const blank = yield* promise(() => call(`${url}${route}`, { method: "POST", headers: { ...headers, "content-type": "" } }))
          assert.strictEqual(blank.status, 415, `${route}: ${blank.text}`)
          assert.isTrue(isErrorBody(blank.body, "unsupported_media_type"), `${route}: ${blank.text}`)
        }
      }))

    it.effect("JSON nested 3,000 deep: 400, and the server keeps answering", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* setup
        const json = { ...headers, "content-type": "application/json" }
        for (const body of ["[".repeat(3000) + "]".repeat(3000), `{"name":${"[".repeat(3000)}${"]".repeat(3000)}}`]) {
          const reply = yield* promise(() => call(`${url}/v1/verify`, { method: "POST", headers: json, body }))
          assert.strictEqual(reply.status, 400, reply.text)
          assert.isTrue(isErrorBody(reply.body, "invalid_request"), reply.text)
        }
        const after = yield* promise(() => call(`${url}/v1/verify?name=Acme`, { headers }))
        assert.strictEqual(after.status, 200)
      }))

    it.effect("every response: a request id (the caller's when it is a plain token), nosniff, no CORS", () =>
      Effect.gen(function*() {
        const { url, port, headers } = yield* setup
        const paths = ["/health", "/v1/search?q=acme", "/v1/nope", "/v1/search?q=%00", "/v1/openapi.json"]
        const seen = new Set<string>()
        for (const path of paths) {
          const reply = yield* promise(() => call(url + path, { headers: { ...headers, origin: "https://example.org" } }))
          const id = reply.headers.get("x-request-id")
          assert.isString(id, path)
          seen.add(id ?? "")
          assert.strictEqual(reply.headers.get("x-content-type-options"), "nosniff", path)
          assert.isNull(reply.headers.get("access-control-allow-origin"), path)
        }
        assert.strictEqual(seen.size, paths.length)
        const mine = yield* promise(() => call(`${url}/health`, { headers: { "x-request-id": "client-trace-0001" } }))
        assert.strictEqual(mine.headers.get("x-request-id"), "client-trace-0001")
        const hostile = yield* promise(() => rawGet(port, "/health", { "x-request-id": "<script>" }))
        assert.notStrictEqual(hostile.headers["x-request-id"], "<script>")
      }))
  })
})

describe("JSON strings that are not text", () => {
  layer(TestServerLive, { timeout: "60 seconds", excludeTestServices: true })((it) => {
    it.effect("a lone UTF-16 surrogate in a JSON field is 400 naming it (was 500 once the verdict was stored)", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const headers = { ...bearer(yield* server.newKey({ plan: "unlimited" })), "content-type": "application/json" }
        for (const body of ["{\"name\":\"\\ud800\"}", "{\"name\":\"a\\udc00b\"}"]) {
          const reply = yield* promise(() => call(`${server.url}/v1/verify`, { method: "POST", headers, body }))
          assert.strictEqual(reply.status, 400, reply.text)
          assert.include((reply.body as { message: string }).message, "name")
        }
        const pair = yield* promise(() => call(`${server.url}/v1/verify`, { method: "POST", headers, body: "{\"name\":\"Acme \\ud83d\\ude00\"}" }))
        assert.strictEqual(pair.status, 200, pair.text)
      }))
  })
})
