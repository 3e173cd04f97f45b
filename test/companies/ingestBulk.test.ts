import { SqlClient } from "effect/sql"
import { BulkLoad } from "../../src/companies/ingest/bulk/BulkLoad.js"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Result, Exit, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { makeCorpusGenerator } from "../../scripts/corpus/generate.js"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { ingestCompanyFile } from "../../src/companies/ingest/CompanyIngest.js"
import { IngestReporter } from "../../src/companies/ingest/IngestReporter.js"
import { initialism, nameNorm } from "../../src/companies/write/identity.js"
import { copyRows } from "../../src/companies/ingest/bulk/copyFormat.js"
import { prepareLoadBatch } from "../../src/companies/ingest/bulk/loadBatch.js"
import { observe } from "../../src/companies/write/observe.js"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { TestDatabase } from "../support/testDatabase.js"
import { DyingWriter } from "./dyingWriter.js"

/** The repository: the generator reads the real name files under its data/. */
const repoRoot = path.resolve(import.meta.dirname, "..", "..")
const now = new Date("2026-11-01T00:00:00Z")

/** Generated records, then a newer observation of record 5 (renamed) and a repeat of record 6, in a later batch. */
const corpusFile = (rows: number) => {
  const generator = makeCorpusGenerator({ seed: 11, sharedDir: repoRoot })
  const records = Array.from({ length: rows }, () => generator.next() as Record<string, unknown>)
  const renamed = { ...records[5]!, legal_name: `${String(records[5]!["legal_name"])} Renamed`, last_verified_at: "2026-10-30T00:00:00.000Z" }
  const lines = [...records, renamed, records[6]!].map((r) => JSON.stringify(r))
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kyb-bulk-")), "corpus.jsonl")
  fs.writeFileSync(file, lines.join("\n") + "\n")
  return { file, records }
}

/** Indexes and foreign keys of the tables the load writes, and whether their triggers are on. */
const indexes = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  Effect.all([
    sql<{ indexname: string; indexdef: string }>`
      SELECT indexname, indexdef FROM pg_indexes
      WHERE tablename IN ('companies', 'company_aliases', 'officers') ORDER BY indexname`,
    sql<{ conname: string; def: string }>`
      SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE contype = 'f' AND conrelid IN ('company_aliases'::regclass, 'officers'::regclass) ORDER BY conname`,
    sql<{ tgname: string; tgenabled: string }>`
      SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'companies'::regclass AND NOT tgisinternal ORDER BY tgname`
  ]))

/** What the store holds, without generated ids and write times. */
const snapshot = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  Effect.all({
    companies: sql`
      SELECT registry_id, registration_key, registration_no, legal_name, name_lower, name_norm, status, tax_key,
        provenance::text AS provenance, quality, content_hash, aliases_digest, officers_digest
      FROM companies ORDER BY registry_id, registration_key`,
    aliases: sql`
      SELECT c.registry_id, c.registration_key, a.name, a.name_norm, a.kind FROM company_aliases a
      JOIN companies c ON c.id = a.company_id ORDER BY 1, 2, 5, 4`,
    officers: sql`
      SELECT c.registry_id, c.registration_key, o.name, o.role, o.appointed_on::text AS appointed_on FROM officers o
      JOIN companies c ON c.id = o.company_id ORDER BY 1, 2, 3, 4`,
    words: sql`SELECT word, companies FROM search_words WHERE companies > 0 ORDER BY word`,
    awards: sql`
      SELECT p.award_key, c.registry_id, c.registration_key FROM procurement_awards p
      LEFT JOIN companies c ON c.id = p.matched_company_id ORDER BY p.award_key`,
    pending: sql`SELECT name FROM bulk_load_dropped_indexes`
  }))

/** Awards waiting for their supplier: one named as record 3 is named, one as record 7's initialism, one nobody. */
const insertAwards = (records: ReadonlyArray<Record<string, unknown>>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => {
    const [named, initialled] = [records[3]!, records[7]!]
    const initials = initialism(nameNorm(String(initialled["legal_name"]), String(initialled["country"])))
    const awards = [
      { key: "a-named", country: String(named["country"]), supplier: String(named["legal_name"]) },
      { key: "b-initials", country: String(initialled["country"]), supplier: initials ?? "none" },
      { key: "c-nobody", country: "NG", supplier: "Nobody Holdings Ltd" }
    ]
    return Effect.forEach(awards, (a) =>
      sql`INSERT INTO procurement_awards (award_key, country, supplier, supplier_norm)
          VALUES (${a.key}, ${a.country}, ${a.supplier}, ${nameNorm(a.supplier, a.country)})`)
  })

const BulkTest = Layer.mergeAll(CompanyWriter.Default, BulkLoad.Default, IngestReporter.silent).pipe(Layer.provideMerge(TestDatabase.layer))

describe("initial bulk load", () => {
  layer(BulkTest, { timeout: "120 seconds" })((it) => {
    it.effect("stores what the batched load stores, rebuilds every index, and a rerun changes nothing", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const { file, records } = corpusFile(240)
        const before = yield* indexes
        assert.strictEqual(before[1].length, 2)
        assert.strictEqual(before[2].length, 3)
        yield* insertAwards(records)
        const bulk = yield* ingestCompanyFile(file, { batchSize: 50, now, bulk: "always" })
        assert.isTrue(bulk.bulk)
        assert.deepStrictEqual([bulk.rows, bulk.inserted, bulk.updated, bulk.unchanged, bulk.rejected], [242, 240, 1, 1, 0])
        assert.deepStrictEqual(yield* indexes, before)
        const renamed = yield* sql<{ legal_name: string }>`SELECT legal_name FROM companies WHERE legal_name LIKE '% Renamed'`
        assert.deepStrictEqual(renamed.map((r) => r.legal_name), [`${String(records[5]!["legal_name"])} Renamed`])
        const loaded = yield* snapshot
        assert.strictEqual(loaded.companies.length, 240)
        assert.isAbove(loaded.words.length, 50)
        assert.deepStrictEqual(loaded.pending, [])
        // Awards ingested before the companies are matched by the load, by name and by alias.
        assert.deepStrictEqual(loaded.awards.map((a) => [a["award_key"], a["registry_id"] !== null]), [
          ["a-named", true], ["b-initials", true], ["c-nobody", false]
        ])

        yield* sql`TRUNCATE companies CASCADE`
        yield* sql`DELETE FROM search_words`
        yield* insertAwards(records)
        const batched = yield* ingestCompanyFile(file, { batchSize: 50, now, bulk: "never" })
        assert.isFalse(batched.bulk)
        assert.deepStrictEqual(yield* snapshot, loaded)

        const rerun = yield* ingestCompanyFile(file, { batchSize: 50, now, bulk: "always" })
        assert.isFalse(rerun.bulk)
        assert.deepStrictEqual([rerun.inserted, rerun.updated, rerun.unchanged], [0, 0, 242])
      }))
  })

  layer(BulkTest, { timeout: "120 seconds" })((it) => {
    it.effect("a CSV file loads as the batched load stores it, bad rows named by line", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const csv = path.resolve(import.meta.dirname, "..", "fixtures", "companies", "companies.csv")
        const bulk = yield* ingestCompanyFile(csv, { batchSize: 2, now, bulk: "always" })
        assert.isTrue(bulk.bulk)
        assert.deepStrictEqual([bulk.inserted, bulk.rejections.map((r) => r.line)], [3, [4, 6]])
        assert.match(bulk.rejections[1]!.reason, /aliases: "VoltaNoKind" is not name:kind/)
        const loaded = yield* snapshot
        assert.deepStrictEqual([loaded.companies.length, loaded.officers.length], [3, 3])
        yield* sql`TRUNCATE companies CASCADE`
        yield* sql`DELETE FROM search_words`
        const batched = yield* ingestCompanyFile(csv, { batchSize: 2, now, bulk: "never" })
        assert.deepStrictEqual(batched.rejections, bulk.rejections)
        assert.deepStrictEqual(yield* snapshot, loaded)
      }))
  })

  layer(BulkTest, { timeout: "120 seconds" })((it) => {
    it.effect("a load that fails with copies in flight leaves nothing, inside its transaction or after it", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const generator = makeCorpusGenerator({ seed: 12, sharedDir: repoRoot })
        // Four batches of 5000 companies (without their alias and officer rows, so that each batch is one COPY): when
        // the load fails, two are still in flight, one copying and one waiting its turn.
        const batches = Array.from({ length: 4 }, () => {
          const records = Array.from({ length: 5000 }, () => generator.next() as unknown as CanonicalCompany)
          const prepared = prepareLoadBatch(records.map((r) => Result.getOrThrow(observe(r))), now)
          return { ...prepared, aliasRows: copyRows([], null), officerRows: copyRows([], null) }
        })
        const failed = yield* Effect.exit((yield* BulkLoad).initialLoad((write) =>
          Effect.gen(function*() {
            for (const batch of batches) yield* write(batch, () => [])
            return yield* Effect.fail("the file broke")
          })
        ))
        assert.isTrue(Exit.isFailure(failed))
        // A copy sent after the rollback would run outside the transaction and stay (real time: the test clock
        // does not move by itself).
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 1500)))
        const left = yield* sql<{ n: number }>`
          SELECT (SELECT count(*) FROM companies) + (SELECT count(*) FROM company_aliases) + (SELECT count(*) FROM officers) AS n`
        assert.strictEqual(Number(left[0]!.n), 0)
      }))
  })

  layer(Layer.mergeAll(IngestReporter.silent, TestDatabase.layer), { timeout: "120 seconds" })((it) => {
    it.effect("killed midway, leaves the empty store with its indexes, and a rerun loads it", () =>
      Effect.gen(function*() {
        const { file } = corpusFile(60)
        const before = yield* indexes
        const killed = yield* ingestCompanyFile(file, { batchSize: 10, bulk: "always" }).pipe(
          Effect.provide(DyingWriter),
          Effect.exit
        )
        assert.isTrue(Exit.isFailure(killed))
        const left = yield* snapshot
        assert.deepStrictEqual([left.companies.length, left.aliases.length, left.officers.length, left.words.length], [0, 0, 0, 0])
        assert.deepStrictEqual(left.pending, [])
        assert.deepStrictEqual(yield* indexes, before)
        const rerun = yield* ingestCompanyFile(file, { batchSize: 10, bulk: "always" }).pipe(Effect.provide(Layer.merge(CompanyWriter.Default, BulkLoad.Default)))
        assert.isTrue(rerun.bulk)
        assert.deepStrictEqual([rerun.inserted, rerun.updated, rerun.unchanged], [60, 1, 1])
      }))
  })
})
