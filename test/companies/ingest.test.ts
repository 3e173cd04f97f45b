import { SqlClient } from "effect/sql"
import { BulkLoad } from "../../src/companies/ingest/bulk/BulkLoad.js"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { ingestCompanyFile } from "../../src/companies/ingest/CompanyIngest.js"
import { IngestReporter } from "../../src/companies/ingest/IngestReporter.js"
import { ingestProcurementFile } from "../../src/companies/ingest/ProcurementIngest.js"
import { ingestCacPscFile } from "../../src/companies/ingest/PscIngest.js"
import { ingestTrademarkFile } from "../../src/companies/ingest/TrademarkIngest.js"
import { TestDatabase } from "../support/testDatabase.js"

const fixtures = path.resolve(import.meta.dirname, "../fixtures/companies")
const repoRoot = path.resolve(import.meta.dirname, "..", "..")
const now = new Date("2026-11-01T00:00:00Z")

const IngestTest = Layer.mergeAll(CompanyWriter.Default, BulkLoad.Default, IngestReporter.silent).pipe(Layer.provideMerge(TestDatabase.layer))

const count = (table: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql(table)}`).pipe(
    Effect.map((rows) => rows[0]!.n)
  )

describe("kyb ingest", () => {
  layer(IngestTest, { timeout: "120 seconds" })((it) => {
    it.effect("JSON Lines: malformed rows are named by line and reason, the rest lands, a rerun changes nothing", () =>
      Effect.gen(function*() {
        const file = path.join(fixtures, "mixed.jsonl")
        const first = yield* ingestCompanyFile(file, { batchSize: 3, now })
        assert.strictEqual(first.inserted, 4)
        assert.strictEqual(first.rejected, 6)
        assert.strictEqual(first.rows, 10)
        const byLine = new Map(first.rejections.map((r) => [r.line, r.reason]))
        assert.deepStrictEqual([...byLine.keys()].sort((a, b) => a - b), [2, 3, 5, 6, 7, 10])
        assert.match(byLine.get(2)!, /not JSON/)
        assert.match(byLine.get(3)!, /legal_name/)
        assert.match(byLine.get(5)!, /status/)
        assert.match(byLine.get(6)!, /incorporation_date: 2021-02-30 is not a calendar date/)
        assert.match(byLine.get(7)!, /registration_no "--"/)
        assert.match(byLine.get(10)!, /not a JSON object/)
        const rerun = yield* ingestCompanyFile(file, { batchSize: 4, now })
        assert.deepStrictEqual(
          [rerun.inserted, rerun.updated, rerun.unchanged, rerun.rejected],
          [0, 0, 4, 6]
        )
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ registration_no: string; registration_key: string; officers: number }>`
          SELECT registration_no, registration_key, (SELECT count(*)::int FROM officers o WHERE o.company_id = c.id) AS officers
          FROM companies c ORDER BY registration_key`
        assert.deepStrictEqual(rows.map((r) => r.registration_no), ["2001/123457/07", "Casablanca 123456", "RC 1726083", "SN-DKR-2017-B-12345"])
        assert.strictEqual(rows.find((r) => r.registration_no === "RC 1726083")?.officers, 1)
      }))

    it.effect("CSV: |-joined aliases (name:kind) and officers, quoted multi-line cells, bad rows by line", () =>
      Effect.gen(function*() {
        const summary = yield* ingestCompanyFile(path.join(fixtures, "companies.csv"), { now })
        assert.strictEqual(summary.inserted, 3)
        assert.deepStrictEqual(summary.rejections.map((r) => r.line), [4, 6])
        assert.match(summary.rejections[0]!.reason, /expected 14 cells, got 4/)
        assert.match(summary.rejections[1]!.reason, /aliases: "VoltaNoKind" is not name:kind/)
        const sql = yield* SqlClient.SqlClient
        const dangote = yield* sql<{ id: string; registered_address: string }>`
          SELECT id::text AS id, registered_address FROM companies WHERE registration_key = 'RC208767'`
        assert.strictEqual(dangote[0]!.registered_address, "Union Marble House,\n1 Alfred Rewane Road, Ikoyi, Lagos")
        const aliases = yield* sql<{ name: string; kind: string }>`
          SELECT name, kind FROM company_aliases WHERE company_id = ${dangote[0]!.id} AND source <> 'derived' ORDER BY name`
        assert.deepStrictEqual(aliases, [{ name: "Dangote", kind: "brand" }, { name: "Dangote Cement", kind: "short" }])
        const officers = yield* sql<{ name: string; role: string | null }>`
          SELECT name, role FROM officers WHERE company_id = ${dangote[0]!.id} ORDER BY name`
        assert.deepStrictEqual(officers, [{ name: "Aliko Dangote", role: "Chairman" }, { name: "Olakunle Alake", role: "Group MD" }])
        const tz = yield* sql<{ n: number }>`
          SELECT count(*)::int AS n FROM officers o JOIN companies c ON c.id = o.company_id WHERE c.registration_key = '123456'`
        assert.strictEqual(tz[0]!.n, 1)
        const again = yield* ingestCompanyFile(path.join(fixtures, "companies.csv"), { now })
        assert.deepStrictEqual([again.inserted, again.updated, again.unchanged], [0, 0, 3])
      }))

    it.effect("award CSV: suppliers matched by normalised name and alias within the country; unmatched kept", () =>
      Effect.gen(function*() {
        const summary = yield* ingestProcurementFile(path.join(fixtures, "awards.csv"))
        assert.strictEqual(summary.inserted, 4)
        assert.deepStrictEqual(summary.rejections.map((r) => r.line), [6, 7])
        // KOJO MOTORS LTD by name, "Kojo Motors" by trading alias, TERANGA SERVICES by name in SN.
        assert.strictEqual(summary.matched, 3)
        const sql = yield* SqlClient.SqlClient
        const dated = yield* sql<{ d: string }>`SELECT award_date::text AS d FROM procurement_awards WHERE title = 'Supply of vehicles'`
        assert.strictEqual(dated[0]!.d, "2021-03-02")
        const again = yield* ingestProcurementFile(path.join(fixtures, "awards.csv"))
        assert.deepStrictEqual([again.inserted, again.updated, again.unchanged, again.matched], [0, 0, 4, 3])
      }))

    it.effect("OCDS samples and the Nigerian award CSV ingest, with the matched share", () =>
      Effect.gen(function*() {
        const writer = yield* CompanyWriter
        yield* writer.upsertBatch([{
          country: "NG", registration_no: "RC 123456", legal_name: "DTEC Nigeria Limited", source: "Fixture",
          last_verified_at: "2026-01-01T00:00:00Z"
        }], { now })
        const dir = path.join(repoRoot, "data/procurement/ocds_samples")
        let awards = 0
        let matched = 0
        for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".json")).sort()) {
          const s = yield* ingestProcurementFile(path.join(dir, name))
          assert.strictEqual(s.rejected, 0)
          awards += s.inserted
          matched += s.matched
        }
        assert.strictEqual(awards, 12)
        // Three DTEC awards, and Kojo Motors Limited (ingested from mixed.jsonl above).
        assert.strictEqual(matched, 4)
        const csv = yield* ingestProcurementFile(path.join(repoRoot, "data/procurement/awards_normalized.csv"))
        assert.strictEqual(csv.rejected, 0)
        assert.strictEqual(csv.rows, 2222)
        // 11 of the 12 OCDS awards are also in the CSV (same ocid, supplier, value): held once.
        assert.isAtLeast(csv.updated + csv.unchanged, 11)
        assert.isAtLeast(csv.matched, 4)
        const total = yield* count("procurement_awards")
        // 2222 CSV awards + the OCDS award the CSV lacks (3t7hsh, value 0) + 4 from awards.csv above.
        assert.strictEqual(total, 2222 + 1 + 4)
        const again = yield* ingestProcurementFile(path.join(repoRoot, "data/procurement/awards_normalized.csv"))
        assert.strictEqual(again.unchanged, 2222)
      }))

    it.effect("trademarks CSV: owners matched within the office's jurisdiction, bad rows named", () =>
      Effect.gen(function*() {
        const summary = yield* ingestTrademarkFile(path.join(fixtures, "trademarks_synthetic.csv"))
        assert.strictEqual(summary.inserted, 4)
        assert.strictEqual(summary.matched, 3)
        assert.deepStrictEqual(summary.rejections.map((r) => r.line), [6, 7, 8])
        const sql = yield* SqlClient.SqlClient
        const classes = yield* sql<{ c: Array<number> }>`SELECT nice_classes AS c FROM trademarks WHERE mark = 'TERANGA'`
        assert.deepStrictEqual(classes[0]!.c, [35, 39])
        const again = yield* ingestTrademarkFile(path.join(fixtures, "trademarks_synthetic.csv"))
        assert.deepStrictEqual([again.inserted, again.updated, again.unchanged], [0, 0, 4])
      }))

    it.effect("an award ingested before its supplier's company is matched when the company lands", () =>
      Effect.gen(function*() {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kyb-awards-"))
        const file = path.join(dir, "late.csv")
        fs.writeFileSync(file, "country,buyer,title,value,currency,date,supplier,source_url\n" +
          "KE,Ministry of Roads,Bridge,1000,KES,2024-01-01,LATE ARRIVAL HOLDINGS LTD,\n")
        const before = yield* ingestProcurementFile(file)
        assert.deepStrictEqual([before.inserted, before.matched], [1, 0])
        const writer = yield* CompanyWriter
        yield* writer.upsertBatch([{
          country: "KE", registration_no: "PVT-LATE12345", legal_name: "Late Arrival Holdings Limited", source: "Fixture",
          last_verified_at: "2026-01-01T00:00:00Z"
        }], { now })
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ matched: boolean }>`
          SELECT matched_company_id IS NOT NULL AS matched FROM procurement_awards WHERE title = 'Bridge'`
        assert.deepStrictEqual(rows, [{ matched: true }])
      }))

    it.effect("CAC PSC register: the real export's 10 companies and 18 owners; a rerun replaces them; another file is refused", () =>
      Effect.gen(function*() {
        const file = path.join(repoRoot, "data", "companies", "ng_cac_psc.json")
        const first = yield* ingestCacPscFile(file)
        assert.deepStrictEqual([first.rows, first.inserted + first.updated + first.unchanged, first.rejected, first.matched], [10, 10, 0, 18])
        const again = yield* ingestCacPscFile(file)
        assert.deepStrictEqual([again.inserted, again.updated, again.unchanged, again.matched], [0, 0, 10, 18])
        const sql = yield* SqlClient.SqlClient
        const owners = yield* sql<{ n: number; entities: number }>`
          SELECT count(*)::int AS n, count(*) FILTER (WHERE kind = 'entity')::int AS entities FROM company_owners`
        assert.strictEqual(owners[0]!.n, 18)
        assert.isAbove(owners[0]!.entities, 0)
        const refused = yield* Effect.flip(ingestCacPscFile(path.join(fixtures, "companies.csv")))
        assert.strictEqual(refused._tag, "IngestFileError")
      }))
  })
})
