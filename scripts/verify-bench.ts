import { analyseQuery } from "../src/search/searchQuery.js"
import { HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { ConfigProvider, Effect, Layer, Logger, LogLevel, Redacted } from "effect"
import { createServer } from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { ApiKeys } from "../src/access/ApiKeys.js"
import type { VerifyInput } from "../src/api/schemas/Verdict.js"
import { CompanyWriter } from "../src/companies/CompanyWriter.js"
import { HttpAppLive } from "../src/http/Server.js"
import { ingestSanctions } from "../src/sanctions/lists/ingest.js"
import { Screener } from "../src/sanctions/Screener.js"
import { CompanySearch } from "../src/search/CompanySearch.js"
import { Verifier } from "../src/verify/Verifier.js"
import { loadBenchCorpus } from "./search/benchLoad.js"
import { scratchDatabase, serverUrl } from "./search/database.js"

/**
 * Verify latency at concurrency 1 (Verifier.verify in process, the service the HTTP handler calls) on a generated
 * corpus in PostgreSQL with the three real sanctions lists loaded, per input kind:
 *
 *   npx tsx scripts/verify-bench.ts [--rows 2000000] [--samples 300] [--keep] [--database NAME]
 *
 * Creates (and drops, unless --keep) its own database on 127.0.0.1:5432 (SEARCH_DATABASE_URL); --database reuses
 * one a previous --keep run loaded. Live registries are off: the store answers, as it does for a held company.
 */
const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "2000000" },
    samples: { type: "string", default: "300" },
    seed: { type: "string", default: "1" },
    keep: { type: "boolean", default: false },
    database: { type: "string" }
  }
})
const rows = Number(values.rows)
const samples = Number(values.samples)
const seed = Number(values.seed)
const sharedDir = path.resolve(import.meta.dirname, "..", "..", "shared")
const listsDir = path.join(sharedDir, "data", "sanctions")

const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!

const log = (line: string) => Effect.sync(() => process.stderr.write(`${line}\n`))

const load = loadBenchCorpus(rows, seed, sharedDir)

const loadLists = Effect.gen(function*() {
  const started = Date.now()
  const lists = yield* ingestSanctions(["ofac-sdn", "ofac-consolidated", "un"].map((d) => path.join(listsDir, d)))
  yield* log(`sanctions: ${lists.map((l) => `${l.list} ${l.entries} (${l.status})`).join(", ")} in ${Date.now() - started} ms`)
})

interface Sample {
  readonly legal_name: string
  readonly registration_no: string
  readonly country: string
}

/** Inputs per kind, drawn from the stored corpus (random rows), plus misses and real list names. */
const inputs = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const held = yield* sql<Sample>`SELECT legal_name, registration_no, country::text AS country FROM companies
    TABLESAMPLE SYSTEM (1) REPEATABLE (${seed}) WHERE status IS NOT NULL LIMIT ${samples}`
  const listed = yield* sql<{ name: string }>`SELECT e.entry->>'name' AS name FROM sanctions_entries e
    JOIN sanctions_versions v ON v.id = e.version_id AND v.active
    WHERE e.entry->>'entity_type' = 'entity' ORDER BY md5(e.entry->>'name') LIMIT ${samples}`
  const kinds: Record<string, ReadonlyArray<VerifyInput>> = {
    "number + country": held.map((r) => ({ registration_no: r.registration_no, country: r.country })),
    "number, no country": held.map((r) => ({ registration_no: r.registration_no.replace(/\//g, "-") })),
    "number + name": held.map((r) => ({ registration_no: r.registration_no, country: r.country, name: r.legal_name })),
    "name + country": held.map((r) => ({ name: r.legal_name, country: r.country })),
    "name, no country": held.map((r) => ({ name: r.legal_name })),
    "unknown number": held.map((r, i) => ({ registration_no: `${r.registration_no}0000${i}`, country: r.country })),
    "listed entity name": listed.map((r) => ({ name: r.name }))
  }
  return kinds
})

const timed = <A, E, R>(e: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const started = performance.now()
    const out = yield* e
    return [performance.now() - started, out] as const
  })

const measure = (kinds: Record<string, ReadonlyArray<VerifyInput>>) => Effect.gen(function*() {
  const verifier = yield* Verifier
  const table: Array<string> = []
  const all: Array<number> = []
  for (const [kind, list] of Object.entries(kinds)) {
    for (const input of list.slice(0, 20)) yield* verifier.verify(input)
    const times: Array<number> = []
    const results = new Map<string, number>()
    for (const input of list) {
      const [ms, verdict] = yield* timed(verifier.verify(input))
      times.push(ms)
      all.push(ms)
      const key = verdict.review_reason ?? verdict.result
      results.set(key, (results.get(key) ?? 0) + 1)
    }
    times.sort((a, b) => a - b)
    const outcome = [...results].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(", ")
    const row = `| ${kind} | ${list.length} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.99).toFixed(1)} | ${
      times.at(-1)?.toFixed(1)
    } | ${outcome} |`
    yield* log(row)
    table.push(row)
  }
  // Where an unresolved name's time goes: the search cascade alone (CompanySearch.resolve) and screening alone.
  const search = yield* CompanySearch
  const screener = yield* Screener
  for (const [label, run] of [
    ["  of which search cascade", (input: VerifyInput) => Effect.asVoid(search.resolve(analyseQuery(input.name ?? "")))],
    ["  of which screening", (input: VerifyInput) => Effect.asVoid(screener.screen([input.name ?? ""]))]
  ] as const) {
    const times: Array<number> = []
    for (const input of kinds["listed entity name"] ?? []) times.push((yield* timed(run(input)))[0])
    times.sort((a, b) => a - b)
    const row = `| ${label} | ${times.length} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.99).toFixed(1)} | ${
      times.at(-1)?.toFixed(1)
    } | |`
    yield* log(row)
    table.push(row)
  }
  all.sort((a, b) => a - b)
  table.push(`| **all** | ${all.length} | **${percentile(all, 0.5).toFixed(1)}** | **${percentile(all, 0.99).toFixed(1)}** | ${all.at(-1)?.toFixed(1)} | |`)
  return table
})

/** The whole API (auth, quota, handler, encoding) on a loopback port over the same database. */
const httpServer = HttpAppLive.pipe(
  Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
  Layer.provideMerge(ApiKeys.Default)
)

/** Every input again as `POST /v1/verify` over keep-alive HTTP, one request at a time. */
const overHttp = (kinds: Record<string, ReadonlyArray<VerifyInput>>) =>
  Effect.gen(function*() {
    const server = yield* HttpServer.HttpServer
    if (server.address._tag !== "TcpAddress") return yield* Effect.dieMessage("expected a TCP address")
    const url = `http://127.0.0.1:${server.address.port}/v1/verify`
    const { secret } = yield* (yield* ApiKeys).create({ plan: "unlimited", quota: null, label: "verify-bench" })
    const headers = { authorization: `Bearer ${Redacted.value(secret)}`, "content-type": "application/json" }
    const post = (input: VerifyInput) =>
      Effect.promise(async () => {
        const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(input) })
        await response.text()
        if (response.status !== 200) throw new Error(`status ${response.status}`)
      })
    const all = Object.values(kinds).flat()
    for (const input of all.slice(0, 50)) yield* post(input)
    const times: Array<number> = []
    for (const input of all) times.push((yield* timed(post(input)))[0])
    times.sort((a, b) => a - b)
    const row = `| **all, over HTTP** (POST /v1/verify) | ${times.length} | **${percentile(times, 0.5).toFixed(1)}** | **${
      percentile(times, 0.99).toFixed(1)
    }** | ${times.at(-1)?.toFixed(1)} | |`
    yield* log(row)
    return row
  })

const program = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  if (values.database === undefined) yield* load
  const active = yield* sql<{ n: string }>`SELECT count(*)::text AS n FROM sanctions_versions WHERE active`
  if (active[0]?.n !== "3") yield* loadLists
  const held = (yield* sql<{ n: string }>`SELECT count(*)::text AS n FROM companies`)[0]!.n
  const version = (yield* sql<{ v: string }>`SELECT current_setting('server_version') AS v`)[0]!.v
  const kinds = yield* inputs
  const table = yield* measure(kinds).pipe(
    Effect.provide(Layer.mergeAll(Verifier.Default, CompanySearch.Default, Screener.Default))
  )
  table.push(yield* overHttp(kinds).pipe(Effect.provide(httpServer), Effect.scoped))
  const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`
  process.stdout.write([
    `Verify, concurrency 1, ${held} companies, OFAC SDN + OFAC Consolidated + UN loaded; PostgreSQL ${version}; ${machine};`,
    `${new Date().toISOString()}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}.`,
    "",
    "| input | n | p50 ms | p99 ms | max ms | verdicts (review_reason or result) |",
    "|---|---|---|---|---|---|",
    ...table,
    ""
  ].join("\n"))
})

const database = values.database === undefined
  ? scratchDatabase("kyb_verify_bench", 4, values.keep)
  : PgClient.layer({
    url: Redacted.make(Object.assign(new URL(serverUrl), { pathname: `/${values.database}` }).toString()),
    maxConnections: 4
  })
const config = Layer.setConfigProvider(
  ConfigProvider.fromMap(new Map([["KYB_REGISTRY_LIVE", "none"]])).pipe(ConfigProvider.orElse(() => ConfigProvider.fromEnv()))
)
const layer = CompanyWriter.Default.pipe(Layer.provideMerge(database), Layer.provide(config))
await Effect.runPromise(
  program.pipe(Effect.provide(layer), Effect.provide(config), Effect.provide(Logger.minimumLogLevel(LogLevel.Warning)), Effect.scoped)
)
