import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { decodeProvenance } from "../../src/companies/write/provenanceFormat.js"
import { TestDatabase } from "../support/testDatabase.js"

const base: CanonicalCompany = {
  country: "NG",
  registration_no: "RC 208767",
  legal_name: "Dangote Cement Plc",
  status: "active",
  entity_type: "public_company",
  registered_address: "Union Marble House, 1 Alfred Rewane Road, Ikoyi, Lagos",
  listed_ticker: "DANGCEM",
  source: "Corporate Affairs Commission extract",
  source_url: "https://search.cac.gov.ng",
  source_kind: "registry",
  last_verified_at: "2026-06-01T00:00:00Z",
  aliases: [{ name: "Dangote Cement", kind: "short" }],
  officers: [{ name: "Aliko Dangote", role: "Chairman", appointed_on: "1992-11-04" }]
}

const now = new Date("2026-11-01T00:00:00Z")

interface Stored {
  readonly id: string
  readonly registration_no: string
  readonly status: string | null
  readonly registered_address: string | null
  readonly tax_id: string | null
  readonly tax_key: string | null
  readonly name_norm: string
  readonly last_verified_at: string
  readonly provenance: Record<string, { source: string; checked_at: string; confidence: number }>
}

const stored = (key: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<Stored>`
      SELECT id::text AS id, registration_no, status, registered_address, tax_id, tax_key, name_norm,
        to_json(last_verified_at)#>>'{}' AS last_verified_at, provenance
      FROM companies WHERE registry_id = 'ng-cac' AND registration_key = ${key}`
    assert.strictEqual(rows.length, 1)
    return { ...rows[0]!, provenance: decodeProvenance(rows[0]!.provenance) as Stored["provenance"] }
  })

const listsOf = (id: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const aliases = yield* sql<{ name: string; kind: string }>`
      SELECT name, kind FROM company_aliases WHERE company_id = ${id} ORDER BY kind, name`
    const officers = yield* sql<{ name: string; role: string | null }>`
      SELECT name, role FROM officers WHERE company_id = ${id} ORDER BY name`
    return { aliases, officers }
  })

const WriterTest = CompanyWriter.Default.pipe(Layer.provideMerge(TestDatabase.layer))

describe("CompanyWriter", () => {
  layer(WriterTest, { timeout: "60 seconds" })((it) => {
    it.effect("stores a record with canonical number, provenance per field, aliases and officers; a rerun changes nothing", () =>
      Effect.gen(function*() {
        const writer = yield* CompanyWriter
        const first = yield* writer.upsertBatch([base], { now })
        assert.deepStrictEqual(first, { inserted: 1, updated: 0, unchanged: 0, rejected: [] })
        const row = yield* stored("RC208767")
        assert.strictEqual(row.registration_no, "RC 208767")
        assert.strictEqual(row.name_norm, "dangote cement")
        assert.deepStrictEqual(Object.keys(row.provenance).sort(), [
          "entity_type", "legal_name", "listed_ticker", "officers", "registered_address", "registration_no", "status",
          "aliases"
        ].sort())
        assert.strictEqual(row.provenance["status"]!.source, base.source)
        assert.strictEqual(row.provenance["status"]!.checked_at, "2026-06-01T00:00:00.000Z")
        assert.isAbove(row.provenance["status"]!.confidence, 0)
        const lists = yield* listsOf(row.id)
        assert.deepStrictEqual(lists.aliases, [
          { name: "DC", kind: "initialism" },
          { name: "Dangote Cement", kind: "short" },
          { name: "DANGCEM", kind: "ticker" }
        ])
        assert.deepStrictEqual(lists.officers, [{ name: "Aliko Dangote", role: "Chairman" }])
        const again = yield* writer.upsertBatch([{ ...base, registration_no: "rc-208767" }], { now: new Date("2027-01-01") })
        assert.deepStrictEqual(again, { inserted: 0, updated: 0, unchanged: 1, rejected: [] })
      }))

    it.effect("an older observation never overwrites a newer value but fills a missing one; a newer one wins", () =>
      Effect.gen(function*() {
        const writer = yield* CompanyWriter
        const older: CanonicalCompany = {
          ...base,
          status: "dissolved",
          registered_address: "Old address, Lagos",
          tax_id: "01234567-0001",
          source: "Old gazette",
          last_verified_at: "2024-01-01T00:00:00Z",
          officers: [{ name: "Someone Else" }]
        }
        const result = yield* writer.upsertBatch([older], { now })
        assert.deepStrictEqual(result, { inserted: 0, updated: 1, unchanged: 0, rejected: [] })
        const row = yield* stored("RC208767")
        assert.strictEqual(row.status, "active")
        assert.strictEqual(row.registered_address, base.registered_address)
        assert.strictEqual(row.tax_id, "01234567-0001")
        assert.strictEqual(row.tax_key, "012345670001")
        assert.strictEqual(row.provenance["tax_id"]!.source, "Old gazette")
        assert.strictEqual(row.provenance["status"]!.source, base.source)
        assert.strictEqual(row.last_verified_at.slice(0, 10), "2026-06-01")
        assert.deepStrictEqual((yield* listsOf(row.id)).officers, [{ name: "Aliko Dangote", role: "Chairman" }])
        assert.deepStrictEqual(yield* writer.upsertBatch([older], { now }), { inserted: 0, updated: 0, unchanged: 1, rejected: [] })

        const newer: CanonicalCompany = {
          country: "NG",
          registration_no: "RC208767",
          legal_name: "Dangote Cement Plc",
          status: "dormant",
          source: "CAC live search",
          source_kind: "live",
          last_verified_at: "2026-10-01T00:00:00Z",
          officers: []
        }
        assert.deepStrictEqual(yield* writer.upsertBatch([newer], { now }), { inserted: 0, updated: 1, unchanged: 0, rejected: [] })
        const after = yield* stored("RC208767")
        assert.strictEqual(after.status, "dormant")
        assert.strictEqual(after.provenance["status"]!.source, "CAC live search")
        assert.strictEqual(after.provenance["status"]!.checked_at, "2026-10-01T00:00:00.000Z")
        assert.strictEqual(after.registered_address, base.registered_address)
        const lists = yield* listsOf(after.id)
        assert.deepStrictEqual(lists.officers, [])
        assert.includeDeepMembers([...lists.aliases], [{ name: "Dangote Cement", kind: "short" }, { name: "DANGCEM", kind: "ticker" }])
      }))

    it.effect("folds duplicates within a batch and rejects a number without digits or letters", () =>
      Effect.gen(function*() {
        const writer = yield* CompanyWriter
        const a: CanonicalCompany = { ...base, registration_no: "BN 2345678", legal_name: "Ade Ventures", last_verified_at: "2026-01-01T00:00:00Z" }
        const b: CanonicalCompany = { ...a, registration_no: "bn2345678", status: "dormant", last_verified_at: "2026-02-01T00:00:00Z" }
        const bad: CanonicalCompany = { ...a, registration_no: "--" }
        const result = yield* writer.upsertBatch([a, b, a, bad], { now })
        assert.strictEqual(result.inserted, 1)
        assert.strictEqual(result.updated, 1)
        assert.strictEqual(result.unchanged, 1)
        assert.deepStrictEqual(result.rejected.map((r) => r.index), [3])
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ status: string }>`SELECT status FROM companies WHERE registration_key = 'BN2345678'`
        assert.deepStrictEqual(rows, [{ status: "dormant" }])
        const rerun = yield* writer.upsertBatch([a, b, a], { now })
        assert.deepStrictEqual(rerun, { inserted: 0, updated: 0, unchanged: 3, rejected: [] })
      }))
  })
})
