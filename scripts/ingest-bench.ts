import { BulkLoad } from "../src/companies/ingest/bulk/BulkLoad.js"
import { Effect, Layer, Redacted, References } from "effect"
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { CompanyWriter } from "../src/companies/CompanyWriter.js"
import { ingestCompanyFile } from "../src/companies/ingest/CompanyIngest.js"
import { IngestReporter } from "../src/companies/ingest/IngestReporter.js"
import { migrate } from "../src/db/Migrations.js"
import { scratchDatabaseUrl } from "./support/scratchDatabase.js"
import { pgLayer } from "../src/db/Database.js"

/**
 * Ingest benchmark: generates a corpus (child process, so its memory is not counted), ingests it into a fresh
 * PostgreSQL database created on the server (default postgres://postgres@127.0.0.1:5432), then ingests it again
 * and checks that every row is unchanged. Reports rows/s and the peak RSS of this process; drops the database.
 *   npx tsx scripts/ingest-bench.ts [--rows 2000000] [--seed 1] [--batch-size 2000] [--file corpus.jsonl] [--keep]
 *     [--bulk auto|always|never]   (the first ingest: initial bulk load or batch by batch; see CompanyIngest)
 */
const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "2000000" },
    seed: { type: "string", default: "1" },
    "batch-size": { type: "string", default: "2000" },
    file: { type: "string" },
    server: { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    keep: { type: "boolean", default: false },
    bulk: { type: "string", default: "auto" }
  }
})

const rows = Number(values.rows)
const bulk = values.bulk === "always" || values.bulk === "never" ? values.bulk : "auto"
const batchSize = Number(values["batch-size"])
const repoRoot = path.resolve(import.meta.dirname, "..")
const file = values.file ?? path.join(os.tmpdir(), `kyb-bench-${rows}-${values.seed}.jsonl`)
if (!fs.existsSync(file)) {
  process.stderr.write(`generating ${rows} rows -> ${file}\n`)
  execFileSync(process.execPath, [
    path.join(repoRoot, "node_modules/tsx/dist/cli.mjs"), path.join(repoRoot, "scripts/gen-corpus.ts"),
    "--rows", String(rows), "--seed", String(values.seed), "--out", file
  ], { stdio: ["ignore", "inherit", "inherit"] })
}

let peakRss = 0
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
}, 200)

const progress = Layer.succeed(IngestReporter, IngestReporter.of({
  progress: (p) =>
    Effect.sync(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss)
      process.stderr.write(
        `  ${p.rows} rows, ${Math.round(p.rows / (p.elapsedMs / 1000))} rows/s, ` +
          `${Math.round((p.bytesDone / p.bytesTotal) * 100)}%, rss ${Math.round(process.memoryUsage().rss / 1048576)} MB, heap ${Math.round(process.memoryUsage().heapUsed / 1048576)}/${Math.round(process.memoryUsage().heapTotal / 1048576)} MB, external ${Math.round(process.memoryUsage().external / 1048576)} MB\n`
      )
    }),
  rejected: (f, line, reason) => Effect.sync(() => process.stderr.write(`${f}:${line}: ${reason}\n`))
}))

const program = (dbUrl: string) => Effect.gen(function*() {
  yield* migrate()
  const first = yield* ingestCompanyFile(file, { batchSize, bulk })
  const second = yield* ingestCompanyFile(file, { batchSize })
  return { first, second }
}).pipe(
  Effect.provide(Layer.mergeAll(CompanyWriter.Default, BulkLoad.Default, progress).pipe(
    Layer.provideMerge(pgLayer({ url: Redacted.make(dbUrl), maxConnections: 4 }))
  )),
  Effect.provideService(References.MinimumLogLevel, "Warn")
)

const main = Effect.scoped(Effect.gen(function*() {
  const database = yield* scratchDatabaseUrl(values.server, "kyb_bench", { keep: values.keep })
  return { ...(yield* program(database.url)), database: database.name }
}))

const { first, second, database } = await Effect.runPromise(main)
clearInterval(sampler)
const strip = ({ rejections: _, ...s }: typeof first) => s
const report = {
  rows,
  file,
  fileMB: Math.round(fs.statSync(file).size / 1048576),
  batchSize,
  machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 1073741824)} GB, node ${process.version}`,
  date: new Date().toISOString(),
  first: strip(first),
  second: strip(second),
  allUnchangedOnRerun: second.unchanged === second.rows - second.rejected && second.inserted === 0 && second.updated === 0,
  peakRssMB: Math.round(peakRss / 1048576),
  database: values.keep ? database : "(dropped)"
}
process.stdout.write(JSON.stringify(report, null, 2) + "\n")
