import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { SharedDatabase, SharedDatabaseLive } from "../support/sharedDatabase.js"
import { startRawStdio, writeAndClose } from "./rawStdio.js"

const database = Layer.unwrap(Effect.map(SharedDatabase, (db) => db.connect(4))).pipe(Layer.provide(SharedDatabaseLive), Layer.orDie)

const overHttp = (url: string, secret: string, text: string, headers: Record<string, string> = {}) =>
  Effect.promise(() =>
    call(`${url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${secret}`, ...headers },
      body: text
    })
  )

const rpc = (id: number, method: string, params?: unknown) => JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) })
const toolCall = (id: number, name: string, args: unknown) => rpc(id, "tools/call", { name, arguments: args })
const nested = (depth: number): string => depth === 0 ? "1" : `[${nested(depth - 1)}]`

/** Every message, well-formed or not, with what both transports must answer alike. */
const messages: ReadonlyArray<readonly [string, string]> = [
  ["not JSON", "{\"jsonrpc\": \"2.0\", "],
  ["a batch", `[${rpc(1, "ping")}]`],
  ["not JSON-RPC", "{\"id\": 2, \"method\": \"ping\"}"],
  ["nested too deep", `{"jsonrpc":"2.0","id":3,"method":"ping","params":{"x":${nested(40)}}}`],
  ["a control character", rpc(4, "tools/call", { name: "search_companies", arguments: { q: "a\u0007b" } })],
  ["arguments as an array", toolCall(5, "search_companies", [1, 2])],
  ["initialize without its params", rpc(6, "initialize", {})],
  ["an unknown tool", toolCall(7, "delete_everything", {})],
  ["an unknown method", rpc(8, "resources/list")],
  ["get_check with 36 zeros", toolCall(9, "get_check", { id: "0".repeat(36) })],
  ["get_check with 36 dashes", toolCall(10, "get_check", { id: "-".repeat(36) })],
  ["q as a number", toolCall(11, "search_companies", { q: 123 })],
  ["limit as text", toolCall(12, "list_cases", { limit: "5" })],
  ["an unknown argument", toolCall(13, "verify_business", { name: "Dangote", registraton_no: "RC 1" })],
  ["a search", toolCall(14, "search_companies", { q: "nothing held", limit: 5 })],
  ["an empty batch", toolCall(16, "submit_batch", { rows: [] })],
  ["a batch of text", toolCall(17, "submit_batch", { rows: "name;Dangote" })],
  ["a monitor of nothing", toolCall(18, "create_monitor", {})],
  ["a monitor id not a UUID", toolCall(19, "delete_monitor", { id: "42" })],
  ["an events cursor not given", toolCall(20, "list_events", { cursor: "bm90IGEgY3Vyc29y" })],
  ["registries with an argument", toolCall(21, "list_registries", { country: "NG" })],
  ["decisions in_force as a boolean", toolCall(22, "list_decisions", { in_force: true })],
  ["ping", rpc(15, "ping")]
]

describe("MCP to the letter: the same answers on stdio and HTTP, malformed messages included (issue 43)", () => {
  layer(Layer.merge(makeTestServer({ KYB_MCP_ALLOWED_ORIGINS: "https://agent.example.com" }, database), SharedDatabaseLive), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect("every message gets the same JSON-RPC answer over both; stdout carries JSON-RPC only, even after an unexpected failure", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey({ plan: "unlimited" })
        const stdio = startRawStdio({ DATABASE_URL: (yield* SharedDatabase).url, KYB_API_KEY: secret })
        yield* Effect.addFinalizer(() => Effect.promise(() => stdio.close()))
        const init = yield* Effect.promise(() => stdio.exchange(rpc(0, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } })))
        assert.strictEqual((init["result"] as { serverInfo: { name: string } }).serverInfo.name, "kyb-africa")
        for (const [what, text] of messages) {
          const overStdio = yield* Effect.promise(() => stdio.exchange(text))
          const http = yield* overHttp(server.url, secret, text)
          assert.deepStrictEqual(overStdio, http.body, `${what}: stdio ${JSON.stringify(overStdio)}, HTTP ${http.text}`)
          assert.strictEqual(overStdio["jsonrpc"], "2.0", what)
        }
        const byWhat = new Map<string, Record<string, unknown>>()
        for (const [what, text] of messages) byWhat.set(what, (yield* overHttp(server.url, secret, text)).body as Record<string, unknown>)
        const code = (what: string) => (byWhat.get(what)!["error"] as { code: number } | undefined)?.code
        assert.deepStrictEqual(
          ["not JSON", "a batch", "not JSON-RPC", "nested too deep", "a control character", "arguments as an array", "initialize without its params", "an unknown tool", "an unknown method"].map(code),
          [-32700, -32600, -32600, -32600, -32602, -32602, -32602, -32602, -32601]
        )
        // A refusal of what a request holds carries its id: a client waiting for that id gets its answer (issue 53 item 14).
        assert.deepStrictEqual(byWhat.get("a control character"), {
          jsonrpc: "2.0", id: 4, error: { code: -32602, message: "params.arguments.q contains a control character." }
        })
        const unknownTool = byWhat.get("an unknown tool")!["error"] as { message: string }
        assert.strictEqual(unknownTool.message, "No tool delete_everything; tools/list names them.")
        assert.notMatch(JSON.stringify(byWhat.get("arguments as an array")), /ZodError|"code":"invalid_type"|\[\s*\{/)
        const toolError = (what: string) => {
          const result = byWhat.get(what)!["result"] as { isError: boolean; content: ReadonlyArray<{ text: string }> }
          assert.isDefined(result, `${what}: ${JSON.stringify(byWhat.get(what))}`)
          assert.isTrue(result.isError, what)
          return JSON.parse(result.content[0]!.text) as { error: string; message: string }
        }
        assert.deepStrictEqual(toolError("get_check with 36 zeros"), { error: "invalid_request", message: "id: must be a check id (a UUID)" })
        assert.deepStrictEqual(toolError("get_check with 36 dashes"), { error: "invalid_request", message: "id: must be a check id (a UUID)" })
        assert.deepStrictEqual(toolError("q as a number"), { error: "invalid_request", message: "q: must be a string" })
        assert.deepStrictEqual(toolError("limit as text"), { error: "invalid_request", message: "limit: must be an integer" })
        assert.deepStrictEqual(toolError("an unknown argument"), { error: "invalid_request", message: "registraton_no: is not a field of this request" })
        assert.deepStrictEqual(toolError("an empty batch"), { error: "invalid_request", message: "rows: must hold 1 to 1000 rows" })
        assert.deepStrictEqual(toolError("a batch of text"), { error: "invalid_request", message: "rows: must be an array" })
        assert.strictEqual(toolError("a monitor of nothing").error, "invalid_request")
        assert.deepStrictEqual(toolError("a monitor id not a UUID"), { error: "invalid_request", message: "id: must be a monitor id (a UUID)" })
        assert.deepStrictEqual(toolError("an events cursor not given"), { error: "invalid_request", message: "cursor: must be a next_cursor this service gave" })
        assert.deepStrictEqual(toolError("registries with an argument"), { error: "invalid_request", message: "country: is not a field of this request" })
        assert.deepStrictEqual(toolError("decisions in_force as a boolean"), { error: "invalid_request", message: "in_force: must be a string" })

        // An unexpected failure inside a tool (the checks table gone for a moment): an internal_error result, and its
        // log line on standard error; standard output still holds nothing but JSON-RPC.
        const sql = yield* SqlClient.SqlClient
        yield* sql`ALTER TABLE checks RENAME TO checks_away`
        const failed = yield* Effect.promise(() => stdio.exchange(toolCall(99, "get_check", { id: "0b0e4c8e-6b1f-4c44-9a55-0c3f3b1e2a10" }))).pipe(
          Effect.ensuring(sql`ALTER TABLE checks_away RENAME TO checks`.pipe(Effect.orDie))
        )
        assert.deepStrictEqual(JSON.parse((failed["result"] as { content: ReadonlyArray<{ text: string }> }).content[0]!.text), {
          error: "internal_error", message: "An unexpected error occurred; it has been logged."
        })
        yield* Effect.promise(() => stdio.close())
        for (const line of stdio.stdoutLines()) {
          const parsed = JSON.parse(line) as { jsonrpc?: string }
          assert.strictEqual(parsed.jsonrpc, "2.0", line)
        }
        assert.match(stdio.stderr(), /MCP tool failed/)
      }), 300_000)

    it.effect("`kyb mcp` answers every request written before its standard input closed, then exits 0 (issue 53 item 14)", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey({ plan: "unlimited" })
        const requests = [
          rpc(1, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } }),
          rpc(2, "ping"),
          toolCall(3, "search_companies", { q: "dangote" }),
          toolCall(4, "search_companies", { q: "a\u0007b" })
        ]
        const env = { DATABASE_URL: (yield* SharedDatabase).url, KYB_API_KEY: secret }
        const run = yield* Effect.promise(() => writeAndClose(env, requests))
        assert.strictEqual(run.code, 0, run.stderr)
        const answers = run.stdout.map((line) => JSON.parse(line) as { id: unknown; result?: { isError?: boolean }; error?: unknown })
        assert.deepStrictEqual(answers.map((a) => a.id).sort(), [1, 2, 3, 4], run.stdout.join("\n"))
        assert.isUndefined(answers.find((a) => a.id === 3)?.error)
        assert.notStrictEqual(answers.find((a) => a.id === 3)?.result?.isError, true)
      }), 300_000)

    it.effect("one quota unit per executed tool call: a notification, bad params and an unknown tool are not counted", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey({ plan: "free", quota: 10 })
        const notification = yield* overHttp(server.url, secret, JSON.stringify({ jsonrpc: "2.0", method: "tools/call", params: { name: "search_companies", arguments: { q: "x" } } }))
        assert.strictEqual(notification.status, 202, notification.text)
        for (const text of [toolCall(1, "search_companies", [1]), toolCall(2, "nope", {}), rpc(3, "tools/list"), rpc(4, "ping")]) {
          assert.isUndefined((yield* overHttp(server.url, secret, text)).headers.get("x-ratelimit-remaining") ?? undefined, text)
        }
        const counted = yield* overHttp(server.url, secret, toolCall(5, "search_companies", { q: "x" }))
        assert.strictEqual(counted.headers.get("x-ratelimit-remaining"), "9", "the first unit used is this call's")
        const stdio = startRawStdio({ DATABASE_URL: (yield* SharedDatabase).url, KYB_API_KEY: secret })
        yield* Effect.addFinalizer(() => Effect.promise(() => stdio.close()))
        const silent = yield* Effect.promise(() => stdio.unanswered(JSON.stringify({ jsonrpc: "2.0", method: "tools/call", params: { name: "search_companies", arguments: { q: "x" } } }), 1500))
        assert.deepStrictEqual(silent, [])
        yield* Effect.promise(() => stdio.exchange(toolCall(6, "search_companies", [1])))
        yield* Effect.promise(() => stdio.exchange(toolCall(7, "search_companies", { q: "x" })))
        const after = yield* overHttp(server.url, secret, toolCall(8, "search_companies", { q: "x" }))
        assert.strictEqual(after.headers.get("x-ratelimit-remaining"), "7", "two more calls ran: two more units")
      }), 300_000)

    it.effect("a browser Origin other than a local or listed one is 403 with a JSON-RPC error", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey({ plan: "unlimited" })
        const evil = yield* overHttp(server.url, secret, rpc(1, "ping"), { origin: "https://evil.example.com" })
        assert.strictEqual(evil.status, 403)
        assert.strictEqual((evil.body as { error: { code: number } }).error.code, -32600)
        for (const origin of ["http://localhost:6274", "http://127.0.0.1", "https://agent.example.com"]) {
          assert.strictEqual((yield* overHttp(server.url, secret, rpc(1, "ping"), { origin })).status, 200, origin)
        }
      }), 300_000)

    it.effect("what the edge refuses on /mcp (413, 415, depth) is a JSON-RPC error, not a REST body", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey({ plan: "unlimited" })
        const large = yield* overHttp(server.url, secret, toolCall(1, "search_companies", { q: "x".repeat(20_000) }))
        assert.strictEqual(large.status, 413)
        const media = yield* overHttp(server.url, secret, rpc(1, "ping"), { "content-type": "text/plain" })
        assert.strictEqual(media.status, 415)
        for (const reply of [large, media]) {
          const body = reply.body as { jsonrpc: string; id: null; error: { code: number; message: string } }
          assert.deepStrictEqual([body.jsonrpc, body.id, body.error.code], ["2.0", null, -32600], reply.text)
        }
      }), 300_000)
  })
})
