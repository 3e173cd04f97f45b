import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { startRawStdio } from "../mcp/rawStdio.js"
import { bearer, call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { SharedDatabase, SharedDatabaseLive } from "../support/sharedDatabase.js"

/**
 * Businesses known only from a secondary source (no registration number, a reference id of ours) as a user meets
 * them: in search suggestions over HTTP and over MCP on both transports, and on the record route by the reference id
 * search gave, however long (issue 53 items 11 and 12).
 */

const now = new Date().toISOString()
/** A reference id longer than 64 characters, as the EITI and listing loaders make for long names. */
const longId = "ref-eiti-ng-" + "nigerian-national-petroleum-exploration-and-production-development-company-limited"
const listed = {
  country: "NG", registration_no: null, reference_id: "ref-listed-ng-abbey-brothers-holdings", legal_name: "Abbey Brothers Holdings",
  source: "Test listing (synthetic)", source_kind: "secondary" as const, last_verified_at: now
}
const longNamed = {
  country: "NG", registration_no: null, reference_id: longId,
  legal_name: "Nigerian National Petroleum Exploration and Production Development Company Limited",
  source: "Test EITI report (synthetic)", source_kind: "secondary" as const, last_verified_at: now
}

const database = Layer.unwrap(Effect.map(SharedDatabase, (db) => db.connect(4))).pipe(Layer.provide(SharedDatabaseLive), Layer.orDie)

const rpc = (id: number, method: string, params: unknown) => JSON.stringify({ jsonrpc: "2.0", id, method, params })

interface Suggestion { legal_name: string; registration_no: string | null; reference_id: string | null }

describe("reference entities: suggested without a number, served by the id search gave", () => {
  layer(Layer.merge(makeTestServer({}, database), SharedDatabaseLive), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect("setup", () =>
      Effect.gen(function*() {
        const written = yield* (yield* CompanyWriter).upsertBatch([listed, longNamed]).pipe(Effect.orDie)
        assert.deepStrictEqual(written.rejected, [])
      }))

    it.effect("item 11: a query whose suggestions include a record without a number answers 200 on /v1/search and on MCP over HTTP and stdio", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey({ plan: "unlimited" })
        const suggested = (suggestions: ReadonlyArray<Suggestion> | undefined) => {
          const abbey = suggestions?.find((s) => s.legal_name === listed.legal_name)
          assert.isDefined(abbey, JSON.stringify(suggestions))
          assert.deepStrictEqual([abbey!.registration_no, abbey!.reference_id], [null, listed.reference_id])
        }
        for (const q of ["abbey cement works", "a&b abbey"]) {
          const rest = yield* Effect.promise(() => call(`${server.url}/v1/search?q=${encodeURIComponent(q)}`, { headers: bearer(secret) }))
          assert.strictEqual(rest.status, 200, rest.text)
          const body = rest.body as { count: number; suggestions?: ReadonlyArray<Suggestion> }
          assert.strictEqual(body.count, 0, q + rest.text)
          suggested(body.suggestions)
        }
        const message = rpc(7, "tools/call", { name: "search_companies", arguments: { q: "abbey cement works" } })
        const overHttp = yield* Effect.promise(() =>
          call(`${server.url}/mcp`, {
            method: "POST",
            headers: { ...bearer(secret), "content-type": "application/json", accept: "application/json, text/event-stream" },
            body: message
          }))
        const stdio = startRawStdio({ DATABASE_URL: (yield* SharedDatabase).url, KYB_API_KEY: secret })
        yield* Effect.addFinalizer(() => Effect.promise(() => stdio.close()))
        const overStdio = yield* Effect.promise(() => stdio.exchange(message))
        for (const [transport, answer] of [["HTTP", overHttp.body], ["stdio", overStdio]] as const) {
          const result = (answer as { result?: { isError?: boolean; structuredContent?: { suggestions?: ReadonlyArray<Suggestion> } } }).result
          assert.notStrictEqual(result?.isError, true, `${transport}: ${JSON.stringify(answer)}`)
          suggested(result?.structuredContent?.suggestions)
        }
      }))

    it.effect("item 12: a reference id longer than 64 characters that search serves is served by the record route", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const secret = yield* server.newKey({ plan: "unlimited" })
        const found = yield* Effect.promise(() => call(`${server.url}/v1/search?q=${encodeURIComponent("Nigerian National Petroleum Exploration")}`, { headers: bearer(secret) }))
        const served = (found.body as { results: ReadonlyArray<{ reference_id: string | null }> }).results.map((r) => r.reference_id)
        assert.include(served, longId, found.text)
        assert.isAbove(longId.length, 64)
        for (const id of [longId, longId.toUpperCase()]) {
          const record = yield* Effect.promise(() => call(`${server.url}/v1/company/NG/${id}`, { headers: bearer(secret) }))
          assert.strictEqual(record.status, 200, record.text)
          assert.strictEqual((record.body as { reference_id: string }).reference_id, longId)
        }
        const awards = yield* Effect.promise(() => call(`${server.url}/v1/company/NG/${longId}/awards`, { headers: bearer(secret) }))
        assert.notStrictEqual(awards.status, 400, awards.text)
      }))
  })
})
