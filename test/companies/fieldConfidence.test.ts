import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { bearer, call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"

/**
 * Each field's confidence from its own source (issue 53 item 10), on the record route: a value a secondary source gave
 * keeps that source's weight and date, whatever source gave the rest of the record.
 */

const DAY = 86_400_000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString()

describe("per-field confidence on GET /v1/company", () => {
  layer(makeTestServer(), { timeout: "300 seconds", excludeTestServices: true })((it) => {
    it.effect("a field from a listing keeps the listing's weight (0.7) and age beside a registry's newer fields (0.9)", () =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const writer = yield* CompanyWriter
        // Synthetic test records (their sources say so): an older listing giving an address, then the registry's record.
        const listing = {
          country: "NG", registration_no: "RC 5550001", legal_name: "Ikeja Test Foods Limited", registered_address: "1 Test Road, Ikeja",
          source: "Test listing (synthetic)", source_kind: "secondary" as const, last_verified_at: daysAgo(100)
        }
        const registry = {
          country: "NG", registration_no: "RC 5550001", legal_name: "Ikeja Test Foods Limited", status: "active" as const,
          source: "Test registry file (synthetic)", source_kind: "registry" as const, last_verified_at: daysAgo(5)
        }
        for (const record of [listing, registry]) assert.deepStrictEqual((yield* writer.upsertBatch([record]).pipe(Effect.orDie)).rejected, [])
        const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
        const reply = yield* Effect.promise(() => call(`${server.url}/v1/company/NG/RC5550001`, { headers }))
        assert.strictEqual(reply.status, 200, reply.text)
        const record = reply.body as { confidence: number; source_kind: string; provenance: Record<string, { source: string; source_kind: string; confidence: number }> }
        assert.strictEqual(record.source_kind, "registry")
        assert.strictEqual(record.confidence, 0.9, "the registry's weight, read 5 days ago")
        const address = record.provenance["registered_address"]
        assert.deepStrictEqual(
          [address?.source, address?.source_kind, address?.confidence],
          ["Test listing (synthetic)", "secondary", 0.6],
          "0.7 x 0.85 (100 days: 30 + 3 started months), not the registry's 0.9 x 0.85"
        )
        const status = record.provenance["status"]
        assert.deepStrictEqual([status?.source_kind, status?.confidence], ["registry", 0.9])
      }))
  })
})
