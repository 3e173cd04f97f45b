import { assert, describe, layer } from "@effect/vitest"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { Effect } from "effect"
import { MCP_ERROR_CODES } from "../../src/mcp/errors.js"
import { call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { dtec, screenerReady, seed } from "./fixtures.js"
import { caseFilesAudited, connect, callTool, rest, sameFactsAsRest } from "./mcpClient.js"
import { keyIdOf } from "../tenancy/support.js"

const overHttp = (url: string, headers: Record<string, string>) =>
  connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }))

/** One JSON-RPC message POSTed as any HTTP client would. */
const post = (url: string, headers: Record<string, string>, message: unknown) =>
  Effect.promise(() =>
    call(`${url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify(message)
    })
  )

const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } })

/** How the SDK client reports a refused call: the HTTP status as `code`, the body in the message. */
const refusal = (request: () => Promise<unknown>) =>
  Effect.promise(() => request().then(() => ({ code: 0, message: "answered" }), (e: { code: number; message: string }) => ({ code: e.code, message: e.message })))

interface RpcError { id: unknown; error: { code: number; message: string; data: Record<string, unknown> } }

describe("MCP over Streamable HTTP (issue 32)", () => {
  layer(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }), { timeout: "180 seconds", excludeTestServices: true })((it) => {
    it.effect("the official client lists the tools and each call answers what /v1 answers for the same input", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        yield* seed
        yield* screenerReady(server.url, yield* server.newKey({ plan: "unlimited" }))
        const secret = yield* server.newKey({ plan: "unlimited" })
        const client = yield* overHttp(server.url, { "x-api-key": secret })
        const given = yield* sameFactsAsRest(client, server.url, secret, { awardsOf: dtec.registration_no })
        yield* caseFilesAudited(server.url, yield* server.newKey({ plan: "unlimited", accountId: (yield* keyIdOf(secret)).account_id, scope: "audit" }), given)
      }))

    it.effect("a tool call counts as one request and carries the quota headers; the protocol's own messages are not counted", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey({ plan: "free", quota: 2 })
        const client = yield* overHttp(server.url, { authorization: `Bearer ${secret}` })
        yield* Effect.promise(() => client.listTools())
        yield* callTool(client, "search_companies", { q: "dangote" })
        const counted = yield* post(server.url, { authorization: `Bearer ${secret}` }, toolCall(7, "search_companies", { q: "dangote" }))
        assert.strictEqual(counted.status, 200)
        assert.strictEqual(counted.headers.get("x-ratelimit-limit"), "2")
        assert.strictEqual(counted.headers.get("x-ratelimit-remaining"), "0")

        const refused = yield* post(server.url, { authorization: `Bearer ${secret}` }, toolCall(8, "search_companies", { q: "dangote" }))
        assert.strictEqual(refused.status, 429)
        const body = refused.body as RpcError
        assert.strictEqual(body.id, 8)
        assert.strictEqual(body.error.code, MCP_ERROR_CODES.quota_exceeded)
        assert.strictEqual(body.error.data["error"], "quota_exceeded")
        assert.strictEqual(body.error.data["reset_at"], refused.headers.get("x-ratelimit-reset"))
        assert.strictEqual(String(body.error.data["retry_after_seconds"]), refused.headers.get("retry-after"))
        assert.include(body.error.message, String(body.error.data["reset_at"]))
        // The SDK client reports the same refusal, status and body, to the agent.
        const viaClient = yield* refusal(() => client.callTool({ name: "search_companies", arguments: { q: "x" } }))
        assert.strictEqual(viaClient.code, 429)
        assert.include(viaClient.message, "quota_exceeded")
        // Listing is still possible: only tool calls are counted.
        assert.strictEqual((yield* post(server.url, { authorization: `Bearer ${secret}` }, { jsonrpc: "2.0", id: 9, method: "tools/list" })).status, 200)
      }))

    it.effect("an invalid key is refused with 401 and the documented MCP error, before anything is answered", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }
        for (const headers of [{}, { authorization: "Bearer kyb_live_" + "x".repeat(43) }, { "x-api-key": "nonsense" }]) {
          const answer = yield* post(server.url, headers, initialize)
          assert.strictEqual(answer.status, 401)
          const body = answer.body as RpcError
          assert.strictEqual(body.error.code, MCP_ERROR_CODES.invalid_api_key)
          assert.strictEqual(body.error.data["error"], "invalid_api_key")
          assert.strictEqual(body.id, 1)
        }
        const viaClient = yield* overHttp(server.url, { "x-api-key": "kyb_live_" + "y".repeat(43) }).pipe(
          Effect.as({ code: 0, message: "connected" }),
          Effect.catchDefect((e) => Effect.succeed(e as { code: number; message: string }))
        )
        assert.strictEqual(viaClient.code, 401)
        assert.include(viaClient.message, "invalid_api_key")
      }))

    it.effect("a read-only key reads and verifies, and record_decision answers 403 insufficient_scope, recording nothing", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey({ plan: "unlimited", scope: "read" })
        const client = yield* overHttp(server.url, { "x-api-key": secret })
        yield* callTool(client, "search_companies", { q: "dangote" })
        yield* callTool(client, "verify_business", { name: "Dangote Cement PLC", country: "NG" })
        const args = { name: "Banco Nacional de Cuba", list: "ofac_sdn", entry_id: "306", decision: "false_positive" }
        const refused = yield* post(server.url, { "x-api-key": secret }, toolCall(3, "record_decision", args))
        assert.strictEqual(refused.status, 403)
        const body = refused.body as RpcError
        assert.strictEqual(body.error.code, MCP_ERROR_CODES.insufficient_scope)
        assert.strictEqual(body.error.data["error"], "insufficient_scope")
        const viaClient = yield* refusal(() => client.callTool({ name: "record_decision", arguments: args }))
        assert.strictEqual(viaClient.code, 403)
        assert.include(viaClient.message, "insufficient_scope")
        assert.deepStrictEqual(((yield* rest(server.url, secret, "/v1/decisions")).body as { decisions: ReadonlyArray<unknown> }).decisions, [])
      }))

    it.effect("bad arguments are a tool error with the /v1 message; GET /mcp is 405", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey({ plan: "unlimited" })
        const client = yield* overHttp(server.url, { "x-api-key": secret })
        const bad = yield* Effect.promise(() => client.callTool({ name: "get_company", arguments: { country: "Nigeria", registration_no: "RC 1" } }))
        assert.isTrue(bad.isError)
        assert.deepStrictEqual(JSON.parse((bad.content as ReadonlyArray<{ text: string }>)[0]!.text), {
          error: "invalid_request", message: "country: must be a two-letter ISO-3166 country code"
        })
        const missing = yield* Effect.promise(() => client.callTool({ name: "get_company_awards", arguments: { country: "NG", registration_no: "RC 999" } }))
        assert.isTrue(missing.isError)
        assert.strictEqual(JSON.parse((missing.content as ReadonlyArray<{ text: string }>)[0]!.text).error, "company_not_found")
        assert.strictEqual((yield* Effect.promise(() => call(`${server.url}/mcp`, { headers: { "x-api-key": secret } }))).status, 405)
      }))
  })
})
