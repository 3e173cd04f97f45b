import { SqlClient } from "effect/sql"
import { BulkLoad } from "../../src/companies/ingest/bulk/BulkLoad.js"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { makeCorpusGenerator } from "../../scripts/corpus/generate.js"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { ingestCompanyFile } from "../../src/companies/ingest/CompanyIngest.js"
import { IngestReporter } from "../../src/companies/ingest/IngestReporter.js"
import { TestDatabase } from "../support/testDatabase.js"
import { DyingWriter } from "./dyingWriter.js"

/** The repository: the generator reads the real name files under its data/. */
const repoRoot = path.resolve(import.meta.dirname, "..", "..")

const corpusFile = () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kyb-kill-")), "corpus.jsonl")
  const generator = makeCorpusGenerator({ seed: 5, sharedDir: repoRoot })
  fs.writeFileSync(file, Array.from({ length: 50 }, () => JSON.stringify(generator.next())).join("\n") + "\n")
  return file
}

const Db = Layer.mergeAll(IngestReporter.silent, TestDatabase.layer)

describe("a killed ingest", () => {
  layer(Db, { timeout: "120 seconds" })((it) => {
    it.effect("leaves whole batches only, and a rerun completes it", () =>
      Effect.gen(function*() {
        const file = corpusFile()
        const killed = yield* ingestCompanyFile(file, { batchSize: 10, concurrency: 1 }).pipe(Effect.provide(DyingWriter), Effect.exit)
        assert.isTrue(Exit.isFailure(killed))
        const sql = yield* SqlClient.SqlClient
        const held = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM companies`
        assert.strictEqual(held[0]!.n, 20)
        const firstTwenty = fs.readFileSync(file, "utf8").split("\n").slice(0, 20)
        const expectedOfficers = firstTwenty.reduce((n, line) => n + ((JSON.parse(line) as { officers?: Array<unknown> }).officers?.length ?? 0), 0)
        const officers = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM officers`
        assert.strictEqual(officers[0]!.n, expectedOfficers)
        const rerun = yield* ingestCompanyFile(file, { batchSize: 10 }).pipe(Effect.provide(Layer.merge(CompanyWriter.Default, BulkLoad.Default)))
        assert.deepStrictEqual([rerun.inserted, rerun.updated, rerun.unchanged, rerun.rejected], [30, 0, 20, 0])
        const after = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM companies`
        assert.strictEqual(after[0]!.n, 50)
      }))
  })
})
