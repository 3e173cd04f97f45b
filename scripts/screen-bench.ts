import { SqlClient } from "effect/sql"
import { ConfigProvider, Effect, Layer, Redacted, References } from "effect"
import { Agent } from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { ApiKeys } from "../src/access/ApiKeys.js"
import { ingestSanctions } from "../src/sanctions/lists/ingest.js"
import { buildServer, startNode, waitForHttp } from "./support/apiProcess.js"
import { keepAliveSend } from "./support/keepAliveSend.js"
import { startNodeFlags } from "./support/startFlags.js"
import { scratchDatabase, serverUrl } from "./search/database.js"

/**
 * `POST /v1/screen` beside `POST /v1/verify` on the same compiled server (`npm start`'s command, built first, its own
 * process), at concurrency 1 and 16, with OFAC SDN, OFAC Consolidated and the UN list loaded and no company held (a
 * verification of a name then resolves to nothing after the search cascade; screening asks no registry):
 *
 *   npx tsx scripts/screen-bench.ts [--samples 200] [--skip-build]
 *
 * Inputs: listed individuals' and entities' names (a fixed pseudo-random draw from the active versions), screened with
 * their kind, and the same names verified as businesses. Creates and drops its own database on 127.0.0.1:5432.
 */
const { values } = parseArgs({
  options: { samples: { type: "string", default: "200" }, "skip-build": { type: "boolean", default: false } }
})
const samples = Number(values.samples)
const listsDir = path.join(path.resolve(import.meta.dirname, ".."), "data", "sanctions")

const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
const log = (line: string) => Effect.sync(() => process.stderr.write(`${line}\n`))

/** Names of one entity type on the active versions, `limit` of them in a fixed pseudo-random order. */
const listedNames = (sql: SqlClient.SqlClient, type: "individual" | "entity", limit: number) =>
  sql<{ name: string }>`SELECT e.entry->>'name' AS name FROM sanctions_entries e
    JOIN sanctions_versions v ON v.id = e.version_id AND v.active
    WHERE e.entry->>'entity_type' = ${type} ORDER BY md5(e.entry->>'name') LIMIT ${limit}`

/** Sends every body at `concurrency` requests at a time (one keep-alive connection each); each request's milliseconds. */
const run = (url: URL, headers: Record<string, string>, bodies: ReadonlyArray<string>, concurrency: number) =>
  Effect.promise(async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
    const times: Array<number> = []
    let next = 0
    const worker = async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!
        const started = performance.now()
        await keepAliveSend(agent, url, headers, body)
        times.push(performance.now() - started)
      }
    }
    const started = performance.now()
    await Promise.all(Array.from({ length: concurrency }, worker))
    const seconds = (performance.now() - started) / 1000
    agent.destroy()
    return { times: times.sort((a, b) => a - b), perSecond: bodies.length / seconds }
  })

const program = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const lists = yield* ingestSanctions(["ofac-sdn", "ofac-consolidated", "un"].map((d) => path.join(listsDir, d)))
  yield* log(`sanctions: ${lists.map((l) => `${l.list} ${l.entries}`).join(", ")}`)
  const people = (yield* listedNames(sql, "individual", samples)).map((r) => r.name)
  const entities = (yield* listedNames(sql, "entity", samples)).map((r) => r.name)
  const { secret } = yield* (yield* ApiKeys).create({ plan: "unlimited", quota: null, label: "screen-bench" })
  if (!values["skip-build"]) yield* Effect.sync(buildServer)
  const current = (yield* sql<{ name: string }>`SELECT current_database() AS name`)[0]!.name
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${current}` }).toString()
  const port = 19_000 + Math.floor(Math.random() * 1000)
  const api = yield* Effect.acquireRelease(
    Effect.sync(() => startNode([...startNodeFlags(), "dist/main.js"], {
      PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl, LOG_LEVEL: "warning", KYB_REGISTRY_LIVE: "none", KYB_LISTS_MAX_AGE_DAYS: "off"
    })),
    (server) => Effect.sync(() => server.child.kill("SIGTERM"))
  )
  yield* Effect.promise(() => waitForHttp(`http://127.0.0.1:${port}/health`, api))
  const headers = { authorization: `Bearer ${Redacted.value(secret)}`, "content-type": "application/json" }
  const screen = new URL(`http://127.0.0.1:${port}/v1/screen`)
  const verify = new URL(`http://127.0.0.1:${port}/v1/verify`)
  const cases: ReadonlyArray<readonly [string, URL, ReadonlyArray<string>]> = [
    ["POST /v1/screen, listed person (kind person)", screen, people.map((name) => JSON.stringify({ name, kind: "person" }))],
    ["POST /v1/screen, listed entity (kind unknown)", screen, entities.map((name) => JSON.stringify({ name }))],
    ["POST /v1/verify, listed person's name as the business", verify, people.map((name) => JSON.stringify({ name }))],
    ["POST /v1/verify, listed entity's name", verify, entities.map((name) => JSON.stringify({ name }))]
  ]
  // Warm-up: each route's first requests (index, pool, JIT).
  for (const [, url, bodies] of cases) yield* run(url, headers, bodies.slice(0, 30), 4)
  const rows: Array<string> = []
  for (const concurrency of [1, 16]) {
    for (const [label, url, bodies] of cases) {
      const { times, perSecond } = yield* run(url, headers, bodies, concurrency)
      const row = `| ${label} | ${concurrency} | ${times.length} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.99).toFixed(1)} | ${
        times.at(-1)?.toFixed(1)
      } | ${perSecond.toFixed(0)} |`
      yield* log(row)
      rows.push(row)
    }
  }
  const version = (yield* sql<{ v: string }>`SELECT current_setting('server_version') AS v`)[0]!.v
  const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`
  process.stdout.write([
    `Screen beside verify over HTTP, OFAC SDN + OFAC Consolidated + UN loaded, no company held; PostgreSQL ${version}; ${machine};`,
    `${new Date().toISOString()}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} (a machine shared with other work).`,
    "",
    "| request | c | n | p50 ms | p99 ms | max ms | req/s |",
    "|---|---|---|---|---|---|---|",
    ...rows,
    ""
  ].join("\n"))
})

const config = ConfigProvider.layer(
  ConfigProvider.fromUnknown({ KYB_REGISTRY_LIVE: "none" }).pipe(ConfigProvider.orElse(ConfigProvider.fromEnv()))
)
await Effect.runPromise(program.pipe(
  Effect.provide(ApiKeys.Default),
  Effect.provide(scratchDatabase("kyb_screen_bench", 4)),
  Effect.provide(config),
  Effect.provide(Layer.succeed(References.MinimumLogLevel, "Warn")),
  Effect.scoped
))
