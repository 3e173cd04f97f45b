import { assert, describe, layer } from "@effect/vitest"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { Effect, Layer } from "effect"
import { MCP_ERROR_CODES } from "../../src/mcp/errors.js"
import { repoRoot } from "../sanctions/paths.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { SharedDatabase, SharedDatabaseLive } from "../support/sharedDatabase.js"
import { dtec, screenerReady, seed } from "./fixtures.js"
import { caseFilesAudited, callTool, connect, LONG, sameFactsAsRest } from "./mcpClient.js"
import { keyIdOf } from "../tenancy/support.js"

/** `kyb mcp` as a desktop agent starts it: a process on the server's database, the key in its environment. */
const overStdio = (secret: string) =>
  Effect.flatMap(SharedDatabase, (database) =>
    connect(new StdioClientTransport({
      command: process.execPath,
      args: ["--import", "tsx", "src/cli/main.ts", "mcp"],
      cwd: repoRoot,
      env: { ...process.env as Record<string, string>, DATABASE_URL: database.url, DATABASE_POOL_SIZE: "2", KYB_REGISTRY_LIVE: "none", KYB_API_KEY: secret },
      stderr: "inherit"
    })))

/** The MCP error (JSON-RPC code and data) a refused request gets. */
const refusal = (request: () => Promise<unknown>) =>
  Effect.promise(() =>
    request().then(
      () => ({ code: 0, data: {} as Record<string, unknown> }),
      (e: { code: number; data: Record<string, unknown> }) => ({ code: e.code, data: e.data })
    )
  )

const database = Layer.unwrap(Effect.map(SharedDatabase, (db) => db.connect(4))).pipe(Layer.provide(SharedDatabaseLive), Layer.orDie)

describe("MCP over stdio: `kyb mcp` (issue 32)", () => {
  layer(Layer.merge(makeTestServer({ SANCTIONS_POLL_INTERVAL: "200 millis" }, database), SharedDatabaseLive), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect("the official client lists the tools and each call answers what /v1 answers for the same input", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        yield* seed
        yield* screenerReady(server.url, yield* server.newKey({ plan: "unlimited" }))
        const secret = yield* server.newKey({ plan: "unlimited" })
        const given = yield* sameFactsAsRest(yield* overStdio(secret), server.url, secret, { awardsOf: dtec.registration_no })
        yield* caseFilesAudited(server.url, yield* server.newKey({ plan: "unlimited", accountId: (yield* keyIdOf(secret)).account_id, scope: "audit" }), given)
      }), 900_000)

    it.effect("an invalid key, an exhausted quota and a read-only key's record_decision give the documented MCP errors", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const invalid = yield* overStdio("kyb_live_" + "z".repeat(43)).pipe(
          Effect.scoped,
          Effect.as({ code: 0, data: {} as Record<string, unknown> }),
          Effect.catchDefect((e) => Effect.succeed(e as { code: number; data: Record<string, unknown> }))
        )
        assert.strictEqual(invalid.code, MCP_ERROR_CODES.invalid_api_key)
        assert.strictEqual(invalid.data["error"], "invalid_api_key")

        const once = yield* overStdio(yield* server.newKey({ plan: "free", quota: 1 }))
        yield* callTool(once, "search_companies", { q: "dangote" })
        const exhausted = yield* refusal(() => once.callTool({ name: "search_companies", arguments: { q: "dangote" } }, undefined, { timeout: LONG }))
        assert.strictEqual(exhausted.code, MCP_ERROR_CODES.quota_exceeded)
        assert.strictEqual(exhausted.data["error"], "quota_exceeded")
        assert.match(String(exhausted.data["reset_at"]), /^\d{4}-\d{2}-01T00:00:00Z$/)
        assert.isAbove(Number(exhausted.data["retry_after_seconds"]), 0)

        const reader = yield* overStdio(yield* server.newKey({ plan: "unlimited", scope: "read" }))
        yield* callTool(reader, "search_companies", { q: "dangote" })
        const readOnly = yield* refusal(() =>
          reader.callTool({ name: "record_decision", arguments: { name: "Banco Nacional de Cuba", list: "ofac_sdn", entry_id: "306", decision: "confirmed" } }, undefined, { timeout: LONG })
        )
        assert.strictEqual(readOnly.code, MCP_ERROR_CODES.insufficient_scope)
        assert.strictEqual(readOnly.data["error"], "insufficient_scope")
      }), 900_000)
  })
})
