import { SqlClient } from "effect/sql"
import { Effect } from "effect"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { makeCorpusGenerator } from "../corpus/generate.js"
import { listedRecords } from "../corpus/listed.js"
import { bulkInsert } from "./bulkLoad.js"

/** Indexes backing constraints stay during a bulk load (the loader's ON CONFLICT needs them). */
const CONSTRAINT_INDEXES = ["companies_pkey", "companies_registry_id_registration_key_key", "company_aliases_pkey"]

/**
 * Loads `rows` generated records the fast way: secondary indexes and the vocabulary triggers off, batches
 * inserted two at a time, then every index rebuilt from its own definition, the vocabulary recounted and
 * the tables vacuumed and analysed. The schema afterwards is exactly the migrated one.
 */
export const bulkLoad = (rows: number, next: () => CanonicalCompany, batch = 5000) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const started = Date.now()
    const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`
    const indexes = yield* sql<{ indexname: string; indexdef: string }>`SELECT indexname, indexdef FROM pg_indexes
      WHERE schemaname = 'public' AND tablename IN ('companies', 'company_aliases')
        AND indexname NOT IN ${sql.in(CONSTRAINT_INDEXES)}`
    for (const index of indexes) yield* sql.unsafe(`DROP INDEX ${index.indexname}`)
    yield* sql`ALTER TABLE companies DISABLE TRIGGER USER`
    let loaded = 0
    const batches = Math.ceil(rows / batch)
    yield* Effect.forEach(
      Array.from({ length: batches }, (_, i) => i),
      (i) =>
        Effect.suspend(() => {
          const size = Math.min(batch, rows - i * batch)
          return bulkInsert(Array.from({ length: size }, next))
        }).pipe(Effect.tap((n) =>
          Effect.sync(() => {
            loaded += n
            if (Math.floor(loaded / 250_000) !== Math.floor((loaded - n) / 250_000)) {
              process.stderr.write(`loaded ${loaded} (${elapsed()})\n`)
            }
          })
        )),
      { concurrency: 2, discard: true }
    )
    process.stderr.write(`${loaded} rows inserted (${elapsed()}); rebuilding ${indexes.length} indexes\n`)
    for (const index of indexes) {
      // One transaction, so that the setting and the build share a pooled connection (sql-pg takes one statement a time).
      yield* sql.withTransaction(Effect.andThen(sql`SET LOCAL maintenance_work_mem = '512MB'`, sql.unsafe(index.indexdef)))
      process.stderr.write(`  ${index.indexname} (${elapsed()})\n`)
    }
    yield* sql`TRUNCATE search_words`
    yield* sql`INSERT INTO search_words (word, companies)
      SELECT w, count(*) FROM companies, unnest(search_words_of(name_norm)) AS w GROUP BY w`
    yield* sql`ALTER TABLE companies ENABLE TRIGGER USER`
    yield* sql`VACUUM ANALYZE companies`
    yield* sql`VACUUM ANALYZE company_aliases`
    yield* sql`VACUUM ANALYZE search_words`
    process.stderr.write(`vocabulary recounted, vacuumed and analysed (${elapsed()})\n`)
    return loaded
  })

/** The benchmark corpus: `rows` generated companies bulk-loaded, then the real listed companies through the writer. */
export const loadBenchCorpus = (rows: number, seed: number, sharedDir: string) =>
  Effect.gen(function*() {
    const generator = makeCorpusGenerator({ seed, sharedDir })
    yield* bulkLoad(rows, () => generator.next())
    const writer = yield* CompanyWriter
    const listed = listedRecords(sharedDir, seed).records
    for (let i = 0; i < listed.length; i += 500) yield* writer.upsertBatch(listed.slice(i, i + 500))
    const sql = yield* SqlClient.SqlClient
    yield* sql`ANALYZE companies`
  })
