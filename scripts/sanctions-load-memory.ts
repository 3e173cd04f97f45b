import { SqlClient } from "effect/sql"
/**
 * What the server holds for the three full lists (OFAC SDN, OFAC Consolidated, UN) once loaded from the database, and
 * what their entries' details would add if it held them too; and what reading the details of one screening's hits
 * costs. Ingests the shipped files into a scratch database on a PostgreSQL server (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; a server apart, so this process's heap is the loader's alone), dropped after.
 *
 *   node --expose-gc --import tsx scripts/sanctions-load-memory.ts
 *
 * Heap is V8 heap plus array buffers after two full collections (as scripts/sanctions-bench.ts counts it); each load is
 * measured in a process of its own.
 */
import { Effect, Layer, Logger, LogLevel, Schema } from "effect"
import { spawnSync } from "node:child_process"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { MigrationsLive, pgLayer } from "../src/db/Database.js"
import { buildMatchIndex } from "../src/sanctions/buildIndex.js"
import { ingestSanctions } from "../src/sanctions/lists/ingest.js"
import { activeVersions, detailsOf, entriesOf } from "../src/sanctions/lists/SanctionsStore.js"
import { SanctionsEntry } from "../src/sanctions/model.js"
import { scratchDatabaseUrl } from "./support/scratchDatabase.js"

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const server = process.env["DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres"
const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) throw new Error("run with node --expose-gc")
const heapMb = () => {
  gc()
  gc()
  const { heapUsed, external } = process.memoryUsage()
  return (heapUsed + external) / 1e6
}

/** The entries of a version with their details, as a loader that kept them would hold them. */
const entriesWithDetails = (versionId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ entry: string }>`SELECT entry::text AS entry FROM sanctions_entries WHERE version_id = ${versionId} ORDER BY entry_id`
    const decode = Schema.decodeUnknownEffect(SanctionsEntry)
    const entries: Array<SanctionsEntry> = []
    for (const row of rows) entries.push(yield* decode(JSON.parse(row.entry)))
    return entries
  })

/** One load in this process (a child of the run below, so that each starts from the same empty heap). */
const measureOne = (variant: "server" | "details") =>
  Effect.gen(function*() {
    const versions = yield* activeVersions
    const before = heapMb()
    const lists = yield* Effect.forEach(versions, (v) =>
      Effect.map(variant === "server" ? entriesOf(v.id) : entriesWithDetails(v.id), (entries) =>
        ({ parsed: { list: v.list, publishedOn: v.publishedOn, entries, aliasCount: v.aliasCount }, version: v.label })))
    const index = buildMatchIndex(lists)
    const held = heapMb() - before
    process.stdout.write(JSON.stringify({ held, rss: process.memoryUsage().rss / 1e6, entries: index.entries.length }) + "\n")
  })

const childRun = (url: string, variant: string) => {
  const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--measure", variant, "--database", url], { encoding: "utf8" })
  if (run.status !== 0) throw new Error(`${variant}: ${run.stderr}`)
  return JSON.parse(run.stdout.trim().split("\n").pop()!) as { held: number; rss: number; entries: number }
}

const program = (url: string) => Effect.gen(function*() {
  yield* ingestSanctions(["ofac-sdn", "ofac-consolidated", "un"].map((d) => path.join(repoRoot, "data", "sanctions", d)), { publishedOn: "2026-11-27" })
  const versions = yield* activeVersions
  const server = childRun(url, "server")
  const withDetails = childRun(url, "details")
  const sdn = versions.find((v) => v.list === "ofac_sdn")!
  const ids = (yield* entriesOf(sdn.id)).filter((_, i) => i % 1500 === 0).map((e) => e.entry_id)
  const times: Array<number> = []
  for (let i = 0; i < 50; i++) {
    const started = performance.now()
    yield* detailsOf(sdn.id, ids)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  console.log("| what | value |")
  console.log("|---|---:|")
  console.log(`| lists | ${versions.map((v) => `${v.list} ${v.entryCount}`).join(", ")} (${server.entries} entries) |`)
  console.log(`| heap held by the entries and index, as the server loads them (no details) | ${server.held.toFixed(0)} MB (process RSS ${server.rss.toFixed(0)} MB) |`)
  console.log(`| the same with every entry's details in memory | ${withDetails.held.toFixed(0)} MB (+${(withDetails.held - server.held).toFixed(0)} MB; process RSS ${withDetails.rss.toFixed(0)} MB) |`)
  console.log(`| details of ${ids.length} SDN hits read from sanctions_entries (50 reads) | p50 ${times[25]!.toFixed(2)} ms, max ${times[49]!.toFixed(2)} ms |`)
})

const quiet = Logger.withMinimumLogLevel(LogLevel.Warning)
const measuring = process.argv.indexOf("--measure")
if (measuring > 0) {
  const url = process.argv[process.argv.indexOf("--database") + 1]!
  await Effect.runPromise(measureOne(process.argv[measuring + 1] === "details" ? "details" : "server").pipe(
    Effect.provide(pgLayer({ connectionString: url, max: 1 })),
    quiet
  ))
} else {
  await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const db = yield* scratchDatabaseUrl(server, "kyb_load_memory")
    yield* program(db.url).pipe(Effect.provide(MigrationsLive.pipe(Layer.provideMerge(pgLayer({ connectionString: db.url, max: 4 })))))
  })).pipe(quiet))
}
