import { SqlClient } from "effect/sql"
import { analyseQuery } from "../src/search/searchQuery.js"
import { ConfigProvider, Effect, Layer, Redacted, References } from "effect"
import { Agent } from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { ApiKeys } from "../src/access/ApiKeys.js"
import type { VerifyInput } from "../src/domain/schemas/Verdict.js"
import { CompanyWriter } from "../src/companies/CompanyWriter.js"
import { ingestSanctions } from "../src/sanctions/lists/ingest.js"
import { Screener } from "../src/sanctions/Screener.js"
import { CompanySearch } from "../src/search/CompanySearch.js"
import { Verifier } from "../src/verify/Verifier.js"
import { loadBenchCorpus } from "./search/benchLoad.js"
import { buildServer, startNode, waitForHttp } from "./support/apiProcess.js"
import { startNodeFlags } from "./support/startFlags.js"
import { keepAliveSend } from "./support/keepAliveSend.js"
import { listedEntityNames } from "./support/listedEntityNames.js"
import { statementTimer } from "./support/statementTimes.js"
import { scratchDatabase, serverUrl } from "./search/database.js"
import { pgLayer } from "../src/db/Database.js"

/**
 * Verify latency at concurrency 1 on a generated corpus in PostgreSQL with the three real sanctions lists loaded, per
 * input kind: Verifier.verify in process (the service the HTTP handler calls, with the unresolved names' time by
 * search statement), then `POST /v1/verify` to the compiled server (`npm start`'s command, built first) in its own
 * process:
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
/** The directory holding data/ (the repository). */
const sharedDir = path.resolve(import.meta.dirname, "..")
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
  const listed = yield* listedEntityNames(sql, samples)
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
  table.push(...yield* cascadeStatements(kinds["listed entity name"] ?? []))
  all.sort((a, b) => a - b)
  table.push(`| **all** | ${all.length} | **${percentile(all, 0.5).toFixed(1)}** | **${percentile(all, 0.99).toFixed(1)}** | ${all.at(-1)?.toFixed(1)} | |`)
  return table
})

/** Which statement of the search cascade a SQL text is (see CompanySearch and statements.ts). */
const cascadeStatement = (text: string) =>
  text.includes("search_near_words")
    ? "nearest words"
    : text.includes("alias_kind")
    ? "whole name"
    : text.includes("similarity(x.name_norm")
    ? "word candidates (fuzzy)"
    : text.includes("count(*) OVER ()")
    ? "ranked companies (count)"
    : text.includes("DISTINCT ON (c.id)")
    ? "best aliases"
    : text.includes("UNION ALL")
    ? "literal tiers"
    : text.includes("WHERE c.id IN")
    ? "rows by id"
    : "other"

/** The cascade's time for unresolved names by statement: p50/p99 of each statement, and statements per name. */
const cascadeStatements = (names: ReadonlyArray<VerifyInput>) =>
  Effect.gen(function*() {
    const search = yield* CompanySearch
    const timer = statementTimer()
    const byKind = new Map<string, Array<number>>()
    const perName: Array<number> = []
    for (const input of names) {
      yield* search.resolve(analyseQuery(input.name ?? "")).pipe(Effect.withTracer(timer.tracer))
      const statements = timer.take()
      perName.push(statements.length)
      for (const s of statements) {
        const kind = cascadeStatement(s.text)
        byKind.set(kind, [...(byKind.get(kind) ?? []), s.ms])
      }
    }
    perName.sort((a, b) => a - b)
    const rows = [...byKind].map(([kind, times]) => {
      times.sort((a, b) => a - b)
      return `| &nbsp;&nbsp;&nbsp;&nbsp;statement: ${kind} | ${times.length} | ${percentile(times, 0.5).toFixed(1)} | ${
        percentile(times, 0.99).toFixed(1)
      } | ${times.at(-1)?.toFixed(1)} | |`
    })
    rows.push(`| &nbsp;&nbsp;&nbsp;&nbsp;statements per name | ${perName.length} | ${percentile(perName, 0.5)} | ${
      percentile(perName, 0.99)
    } | ${perName.at(-1)} | |`)
    for (const row of rows) yield* log(row)
    return rows
  })

/**
 * Every input again as `POST /v1/verify` to the production server (`npm start`'s `node <flags> dist/main.js`, its own
 * process, over the same database: key check, quota, handler, check kept, JSON encoding), one request at a time,
 * per kind and in all.
 */
const overHttp = (kinds: Record<string, ReadonlyArray<VerifyInput>>, databaseUrl: string) =>
  Effect.gen(function*() {
    const { secret } = yield* (yield* ApiKeys).create({ plan: "unlimited", quota: null, label: "verify-bench" })
    yield* Effect.sync(buildServer)
    const port = 19_000 + Math.floor(Math.random() * 1000)
    const api = yield* Effect.acquireRelease(
      Effect.sync(() =>
        startNode([...startNodeFlags(), "dist/main.js"], {
          PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl, LOG_LEVEL: "warning", KYB_REGISTRY_LIVE: "none"
        })
      ),
      (server) => Effect.sync(() => server.child.kill("SIGTERM"))
    )
    yield* Effect.promise(() => waitForHttp(`http://127.0.0.1:${port}/health`, api))
    const url = new URL(`http://127.0.0.1:${port}/v1/verify`)
    const headers = { authorization: `Bearer ${Redacted.value(secret)}`, "content-type": "application/json" }
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const verify = (input: VerifyInput) => Effect.promise(() => keepAliveSend(agent, url, headers, JSON.stringify(input)))
    const all = Object.values(kinds).flat()
    for (const input of all.slice(0, 50)) yield* verify(input)
    const rows: Array<string> = []
    // The floor beside it: a request answered by one `SELECT 1` through the same server, pool and connection.
    const health = new URL(`http://127.0.0.1:${port}/health`)
    const floor: Array<number> = []
    for (let i = 0; i < 300; i++) floor.push((yield* timed(Effect.promise(() => keepAliveSend(agent, health, {}))))[0])
    floor.sort((a, b) => a - b)
    rows.push(`| floor: GET /health (one SELECT 1), over HTTP | ${floor.length} | ${percentile(floor, 0.5).toFixed(1)} | ${
      percentile(floor, 0.99).toFixed(1)
    } | ${floor.at(-1)?.toFixed(1)} | |`)
    const times: Array<number> = []
    for (const [kind, list] of Object.entries(kinds)) {
      const kindTimes: Array<number> = []
      for (const input of list) kindTimes.push((yield* timed(verify(input)))[0])
      times.push(...kindTimes)
      kindTimes.sort((a, b) => a - b)
      rows.push(`| ${kind}, over HTTP | ${kindTimes.length} | ${percentile(kindTimes, 0.5).toFixed(1)} | ${
        percentile(kindTimes, 0.99).toFixed(1)
      } | ${kindTimes.at(-1)?.toFixed(1)} | |`)
    }
    agent.destroy()
    times.sort((a, b) => a - b)
    rows.push(`| **all, over HTTP** (POST /v1/verify) | ${times.length} | **${percentile(times, 0.5).toFixed(1)}** | **${
      percentile(times, 0.99).toFixed(1)
    }** | ${times.at(-1)?.toFixed(1)} | |`)
    for (const row of rows) yield* log(row)
    return rows
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
  const current = (yield* sql<{ name: string }>`SELECT current_database() AS name`)[0]!.name
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${current}` }).toString()
  table.push(...yield* overHttp(kinds, databaseUrl).pipe(Effect.provide(ApiKeys.Default), Effect.scoped))
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
  : pgLayer({
    url: Redacted.make(Object.assign(new URL(serverUrl), { pathname: `/${values.database}` }).toString()),
    maxConnections: 4
  })
const config = ConfigProvider.layer(
  ConfigProvider.fromUnknown({ KYB_REGISTRY_LIVE: "none" }).pipe(ConfigProvider.orElse(ConfigProvider.fromEnv()))
)
const layer = CompanyWriter.Default.pipe(Layer.provideMerge(database), Layer.provide(config))
await Effect.runPromise(
  program.pipe(Effect.provide(layer), Effect.provide(config), Effect.provide(Layer.succeed(References.MinimumLogLevel, "Warn")), Effect.scoped)
)
