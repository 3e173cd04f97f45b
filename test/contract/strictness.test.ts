import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { WebhookResolver } from "../../src/webhooks/addresses.js"
import { bearer, call, isErrorBody } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"

const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
const json = (headers: Record<string, string>) => ({ ...headers, "content-type": "application/json" })
// Host names are never looked up here: a webhook URL the test registers is an address literal.
const noDns = Layer.succeed(WebhookResolver, WebhookResolver.of({ resolve: () => Promise.resolve([]) }))

describe("the contract to the letter: strict bodies, 405 with Allow, WWW-Authenticate, one word per field (issue 43)", () => {
  layer(makeTestServer().pipe(Layer.provide(noDns)), { timeout: "120 seconds", excludeTestServices: true })((it) => {
    const withKey = Effect.gen(function*() {
      const server = yield* TestServer
      return { url: server.url, headers: bearer(yield* server.newKey({ plan: "unlimited" })) }
    })

    it.effect("a field the contract does not name is refused with 400 naming it, on every JSON body, and nothing is made", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* withKey
        const bodies: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
          ["/v1/verify", { name: "Dangote Cement", registraton_no: "RC 208767" }],
          ["/v1/monitors", { name: "Dangote Cement", nmae: "x" }],
          ["/v1/decisions", { name: "X", list: "ofac_sdn", entry_id: "306", decision: "confirmed", reason: "x" }],
          ["/v1/webhooks", { url: "https://93.184.215.14/hook", events: ["sanctions.hit_added"], secret: "mine" }]
        ]
        for (const [route, body] of bodies) {
          const extra = Object.keys(body).find((k) => !["name", "list", "entry_id", "decision", "url", "events"].includes(k))!
          const reply = yield* promise(() => call(url + route, { method: "POST", headers: json(headers), body: JSON.stringify(body) }))
          assert.strictEqual(reply.status, 400, `${route}: ${reply.text}`)
          assert.isTrue(isErrorBody(reply.body, "invalid_request"), reply.text)
          assert.strictEqual((reply.body as { message: string }).message, `${extra}: is not a field of this request`, route)
        }
        const monitors = yield* promise(() => call(`${url}/v1/monitors`, { headers }))
        const webhooks = yield* promise(() => call(`${url}/v1/webhooks`, { headers }))
        assert.deepStrictEqual([(monitors.body as { monitors: [] }).monitors, (webhooks.body as { webhooks: [] }).webhooks], [[], []])
      }))

    it.effect("a wrong method on a documented path is 405 with Allow; an undocumented path stays 404", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* withKey
        const cases: ReadonlyArray<readonly [string, string, string]> = [
          ["PUT", "/v1/verify", "GET, POST, HEAD"],
          ["DELETE", "/v1/search?q=x", "GET, HEAD"],
          ["PATCH", "/v1/company/NG/RC%2F208767", "GET, HEAD"],
          ["POST", "/v1/checks/00000000-0000-0000-0000-000000000000", "GET, HEAD"],
          ["GET", "/v1/verify/batch", "POST"],
          ["PUT", "/v1/monitors/00000000-0000-0000-0000-000000000000", "GET, DELETE, HEAD"],
          ["POST", "/v1/jobs/x/results.csv", "GET, HEAD"],
          ["DELETE", "/health", "GET, HEAD"],
          ["PUT", "/mcp", "POST"]
        ]
        for (const [method, path, allow] of cases) {
          const reply = yield* promise(() => call(url + path, { method, headers }))
          assert.strictEqual(reply.status, 405, `${method} ${path}: ${reply.text}`)
          assert.strictEqual(reply.headers.get("allow"), allow, `${method} ${path}`)
          if (path !== "/mcp") assert.isTrue(isErrorBody(reply.body, "method_not_allowed"), reply.text)
        }
        const unknown = yield* promise(() => call(`${url}/v1/nowhere`, { method: "PUT", headers }))
        assert.strictEqual(unknown.status, 404)
        assert.isNull(unknown.headers.get("allow"))
      }))

    it.effect("401 names the scheme (WWW-Authenticate) and carries no quota headers", () =>
      Effect.gen(function*() {
        const { url } = yield* withKey
        for (const headers of [{}, bearer("kyb_live_" + "x".repeat(43))]) {
          for (const path of ["/v1/registries", "/v1/checks"]) {
            const reply = yield* promise(() => call(url + path, { headers }))
            assert.strictEqual(reply.status, 401)
            assert.strictEqual(reply.headers.get("www-authenticate"), 'Bearer realm="KYB Africa"')
            assert.isFalse([...reply.headers.keys()].some((h) => h.startsWith("x-ratelimit")), path)
          }
        }
        const mcp = yield* promise(() => call(`${url}/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) }))
        assert.strictEqual(mcp.status, 401)
        assert.strictEqual(mcp.headers.get("www-authenticate"), 'Bearer realm="KYB Africa"')
        const document = yield* promise(() => call(`${url}/v1/openapi.json`))
        const checks = (document.body as { paths: Record<string, { get: { responses: Record<string, { headers?: Record<string, unknown> }> } }> }).paths["/v1/checks"]!
        assert.deepStrictEqual(Object.keys(checks.get.responses["401"]!.headers ?? {}), ["WWW-Authenticate"])
      }))

    it.effect("a query parameter the operation does not take is refused with 400 naming it, never dropped", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* withKey
        const misspelt = yield* promise(() => call(`${url}/v1/verify?name=Dangote%20Cement&registraton_no=RC%20208767`, { headers }))
        assert.strictEqual(misspelt.status, 400, misspelt.text)
        assert.deepStrictEqual(misspelt.body, { error: "invalid_request", message: "registraton_no: is not a parameter of this request" })
        for (const target of ["/v1/search?q=dangote&page=2", "/v1/registries?country=NG", "/v1/checks?limit=5&sort=asc", "/v1/company/NG/RC%20208767?fields=all"]) {
          const reply = yield* promise(() => call(`${url}${target}`, { headers }))
          assert.strictEqual(reply.status, 400, `${target}: ${reply.text}`)
          assert.match((reply.body as { message: string }).message, /^\w+: is not a parameter of this request$/, target)
        }
        for (const target of ["/v1/search?q=dangote&country=NG&limit=5&offset=0", "/v1/checks?limit=5", "/v1/registries", "/v1/search?q=dangote&"]) {
          assert.strictEqual((yield* promise(() => call(`${url}${target}`, { headers }))).status, 200, target)
        }
      }))

    it.effect("a message names its field once and says what it must be: limits, key ids, enums, empty lists, port 0", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* withKey
        for (const list of ["jobs", "monitors", "webhooks", "decisions", "events", "checks"]) {
          const limit = yield* promise(() => call(`${url}/v1/${list}?limit=500`, { headers }))
          assert.strictEqual((limit.body as { message: string }).message, "limit: must be between 1 and 100", list)
          const key = yield* promise(() => call(`${url}/v1/${list}?key_id=abc`, { headers }))
          assert.match((key.body as { message: string }).message, /^key_id: must be the id of one of this account's keys/, list)
        }
        const cases: ReadonlyArray<readonly [Record<string, unknown>, string]> = [
          [{ url: "https://93.184.215.14/hook", events: [] }, "events: must name at least one event type"],
          [{ url: "https://93.184.215.14/hook", events: ["sanctions.everything"] }, "events.0: must be one of sanctions.hit_added, sanctions.hit_removed, company.status_changed, debarment.added, debarment.removed, decision.pending, decision.approved, decision.rejected, case.reopened"],
          [{ url: "https://93.184.215.14:0/hook", events: ["sanctions.hit_added"] }, "url: must not name port 0 (no endpoint listens there)"]
        ]
        for (const [body, message] of cases) {
          const reply = yield* promise(() => call(`${url}/v1/webhooks`, { method: "POST", headers: json(headers), body: JSON.stringify(body) }))
          assert.strictEqual(reply.status, 400, reply.text)
          assert.strictEqual((reply.body as { message: string }).message, message)
        }
        const decision = yield* promise(() => call(`${url}/v1/decisions`, { method: "POST", headers: json(headers), body: JSON.stringify({ name: "X", list: "ofac_sdn", entry_id: "306", decision: "maybe" }) }))
        assert.strictEqual((decision.body as { message: string }).message, "decision: must be one of false_positive, confirmed")
      }))

    it.effect("a batch whose every row is refused is done at once: never queued with done equal to total", () =>
      Effect.gen(function*() {
        const { url, headers } = yield* withKey
        const reply = yield* promise(() => call(`${url}/v1/verify/batch`, { method: "POST", headers: json(headers), body: JSON.stringify([{ nmae: "x" }, 7]) }))
        assert.strictEqual(reply.status, 202, reply.text)
        const job = reply.body as { status: string; done: number; total: number; failed: number; finished_at: string | null; results: ReadonlyArray<unknown> | null }
        assert.deepStrictEqual([job.status, job.done, job.total, job.failed], ["done", 2, 2, 2])
        assert.isNotNull(job.finished_at)
        assert.strictEqual(job.results?.length, 2)
      }))
  })
})
