import { SqlClient } from "effect/sql"
import { Effect, Layer, Redacted } from "effect"
import * as os from "node:os"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { CompanyWriter } from "../src/companies/CompanyWriter.js"
import { CompanySearch } from "../src/search/CompanySearch.js"
import { benchLoadSummary } from "./search/benchReport.js"
import { loadBenchCorpus } from "./search/benchLoad.js"
import { benchKinds, benchQueries } from "./search/benchQueries.js"
import { scratchDatabase, serverUrl } from "./search/database.js"
import { pgLayer } from "../src/db/Database.js"

/**
 * Search latency and throughput on a generated corpus in PostgreSQL, per query kind, at the service level
 * (CompanySearch.search in process, PgClient pool of --connections):
 *
 *   npx tsx scripts/search-bench.ts [--rows 2000000] [--samples 200] [--seconds 5] [--keep] [--database NAME]
 *     [--broad bank,societe] [--broad-samples 50] [--deep-offset 10000]
 *
 * Broad queries (more matches in a tier than KYB_SEARCH_MAX_MATCHES: exact count, ordered deep pages) are timed
 * apart, --broad-samples times each for the first page and for the page at --deep-offset (limit 25, c=1).
 * Creates (and drops, unless --keep) its own database on 127.0.0.1:5432 (SEARCH_DATABASE_URL); --database reuses
 * one a previous --keep run loaded.
 */
const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "2000000" },
    samples: { type: "string", default: "200" },
    seconds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "16" },
    connections: { type: "string", default: "16" },
    seed: { type: "string", default: "1" },
    kinds: { type: "string" },
    broad: { type: "string", default: "bank,societe,messrs" },
    "broad-samples": { type: "string", default: "50" },
    "deep-offset": { type: "string", default: "10000" },
    keep: { type: "boolean", default: false },
    database: { type: "string" }
  }
})
const rows = Number(values.rows)
const samples = Number(values.samples)
const seconds = Number(values.seconds)
const concurrency = Number(values.concurrency)
const connections = Number(values.connections)
const seed = Number(values.seed)
/** The directory holding data/ (the repository). */
const sharedDir = path.resolve(import.meta.dirname, "..")

const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!

const timed = <A, E, R>(e: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const started = performance.now()
    const out = yield* e
    return [performance.now() - started, out] as const
  })

const load = loadBenchCorpus(rows, seed, sharedDir)

const measure = Effect.gen(function*() {
  const search = yield* CompanySearch
  const queries = yield* benchQueries(samples)
  const table: Array<string> = []
  const kinds = values.kinds === undefined ? benchKinds : benchKinds.filter((k) => values.kinds!.split(",").includes(k))
  for (const kind of kinds) {
    const list = queries[kind]
    for (const q of list.slice(0, 20)) yield* search.search({ q })
    const single: Array<number> = []
    const slowest: Array<readonly [number, string]> = []
    let empty = 0
    for (const q of list) {
      const [ms, response] = yield* timed(search.search({ q }))
      single.push(ms)
      slowest.push([ms, q])
      if (response.count === 0) empty++
    }
    single.sort((a, b) => a - b)
    slowest.sort((a, b) => b[0] - a[0])
    process.stderr.write(`${kind} slowest: ${slowest.slice(0, 3).map(([ms, q]) => `"${q}" ${ms.toFixed(0)} ms`).join(", ")}\n`)
    const loaded: Array<number> = []
    const deadline = performance.now() + seconds * 1000
    let next = 0
    yield* Effect.forEach(
      Array.from({ length: concurrency }, (_, i) => i),
      () =>
        Effect.gen(function*() {
          while (performance.now() < deadline) {
            const q = list[next++ % list.length]!
            const [ms] = yield* timed(search.search({ q }))
            loaded.push(ms)
          }
        }),
      { concurrency: "unbounded", discard: true }
    )
    loaded.sort((a, b) => a - b)
    const row = `| ${kind} | ${list.length} | ${percentile(single, 0.5).toFixed(1)} | ${percentile(single, 0.99).toFixed(1)} | ${
      (loaded.length / seconds).toFixed(0)
    } | ${percentile(loaded, 0.5).toFixed(1)} | ${percentile(loaded, 0.99).toFixed(1)} | ${empty} |`
    process.stderr.write(`${row}\n`)
    table.push(row)
  }
  return table
})

/** Broad queries: count, then p50/p99 of the first page and of a deep page, one query after another. */
const measureBroad = Effect.gen(function*() {
  const search = yield* CompanySearch
  const runs = Number(values["broad-samples"])
  const deep = Number(values["deep-offset"])
  const table: Array<string> = []
  for (const q of values.broad.split(",").map((w) => w.trim()).filter((w) => w.length > 0)) {
    const row: Array<string> = []
    let count = 0
    for (const offset of [0, deep]) {
      for (let i = 0; i < 3; i++) yield* search.search({ q, offset, limit: 25 })
      const times: Array<number> = []
      for (let i = 0; i < runs; i++) {
        const [ms, response] = yield* timed(search.search({ q, offset, limit: 25 }))
        times.push(ms)
        count = response.count
      }
      times.sort((a, b) => a - b)
      row.push(percentile(times, 0.5).toFixed(1), percentile(times, 0.99).toFixed(1))
    }
    const line = `| ${q} | ${count} | ${row.join(" | ")} |`
    process.stderr.write(`${line}\n`)
    table.push(line)
  }
  return [
    "",
    `Broad queries (${runs} runs each, c=1, limit 25; deep page: offset ${deep}):`,
    "",
    "| q | count | first page p50 ms | first page p99 ms | deep page p50 ms | deep page p99 ms |",
    "|---|---:|---:|---:|---:|---:|",
    ...table,
    ""
  ].join("\n")
})

const program = Effect.gen(function*() {
  if (values.database === undefined) yield* load
  const sql = yield* SqlClient.SqlClient
  const held = (yield* sql<{ n: string }>`SELECT count(*)::text AS n FROM companies`)[0]!.n
  const version = (yield* sql<{ v: string }>`SELECT current_setting('server_version') AS v`)[0]!.v
  const table = yield* measure
  const broad = yield* measureBroad
  process.stdout.write(benchLoadSummary({
    held, version, samples, seconds, concurrency, connections,
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
    table
  }) + broad)
})

const database = values.database === undefined
  ? scratchDatabase("kyb_search_bench", connections, values.keep)
  : pgLayer({
    url: Redacted.make(Object.assign(new URL(serverUrl), { pathname: `/${values.database}` }).toString()),
    maxConnections: connections
  })
const layer = Layer.mergeAll(CompanySearch.Default, CompanyWriter.Default).pipe(Layer.provideMerge(database))
await Effect.runPromise(program.pipe(Effect.provide(layer), Effect.scoped))
