import { SqlClient } from "effect/sql"
import autocannon from "autocannon"
import { Effect, Layer, Redacted, References } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { ApiKeys } from "../src/access/ApiKeys.js"
import { CompanyWriter } from "../src/companies/CompanyWriter.js"
import { postmasterPid } from "./fleet/cluster.js"
import { down, type FleetState, haproxyCommand, lbUrl, up } from "./fleet/fleet.js"
import { processCpuSeconds, serverCpuSeconds } from "./support/procCpu.js"
import { pgLayer } from "../src/db/Database.js"

/**
 * Record, search and verify through HAProxy with 1, 2 and 3 API instances in rotation, reads on the primary only
 * and then with a streaming replica; throughput, p99 and CPU per request of each process (the instances together,
 * HAProxy, the primary's and the replica's PostgreSQL, the load generator). No sanctions list is loaded (each instance
 * would build its own index at start). One fleet of three instances for each
 * database layout; the instances out of rotation are disabled in HAProxy (they idle). On one small machine this
 * measures what each hop costs, not how a fleet scales.
 *
 *   npm run -s fleet-bench [-- --duration 5 --connections 16]
 */
const argv = process.argv.slice(2)
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`)
  return at === -1 ? fallback : argv[at + 1] ?? fallback
}
const duration = Number(option("duration", "5"))
const connections = Number(option("connections", "8"))
const log = (line: string) => process.stderr.write(`${line}\n`)

const COMPANY = { country: "NG", registration_no: "RC 208767", legal_name: "Benchmark Foods Nigeria Limited" }

const seed = (url: string) =>
  Effect.runPromise(Effect.gen(function*() {
    yield* Effect.flatMap(CompanyWriter, (w) => w.upsertBatch([{
      ...COMPANY, status: "active", source: "Corporate Affairs Commission (NG-CAC)", source_kind: "registry",
      last_verified_at: new Date().toISOString(), officers: [{ name: "Ada Bench", role: "director" }]
    }]))
  }).pipe(
    Effect.provide(CompanyWriter.Default.pipe(Layer.provideMerge(pgLayer({ url: Redacted.make(url), maxConnections: 2 })))),
    Effect.provide(Layer.succeed(References.MinimumLogLevel, "Warn")),
    Effect.orDie
  ))

const newKey = (url: string) =>
  Effect.runPromise(Effect.flatMap(ApiKeys, (k) => k.create({ plan: "unlimited", quota: null, label: "fleet-bench" })).pipe(
    Effect.map((created) => Redacted.value(created.secret)),
    Effect.provide(ApiKeys.Default.pipe(Layer.provideMerge(pgLayer({ url: Redacted.make(url), maxConnections: 1 })))),
    Effect.orDie
  ))

/** Statements of the read paths the replica answered (its own pg_stat_statements). */
const replicaCalls = (url: string) =>
  Effect.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql<{ n: number }>`SELECT coalesce(sum(calls), 0)::int AS n FROM pg_stat_statements WHERE query LIKE '%FROM companies c%' AND query NOT LIKE '%pg_stat_statements%'`
  ).pipe(
    Effect.map((rows) => rows[0]?.n ?? 0),
    Effect.provide(pgLayer({ url: Redacted.make(url), maxConnections: 1 })),
    Effect.orDie
  ))

const haproxyPidOf = (fleet: FleetState) => Number(fs.readFileSync(path.join(fleet.dir, "haproxy.pid"), "utf8").trim())

const cpuNow = (fleet: FleetState) => {
  const replicaPm = fleet.replica === null ? null : postmasterPid(fleet.replica)
  const primaryPm = postmasterPid(fleet.primary)
  return {
    instances: fleet.instances.reduce((sum, i) => sum + (processCpuSeconds(i.pid) ?? 0), 0),
    haproxy: processCpuSeconds(haproxyPidOf(fleet)) ?? 0,
    primary: primaryPm === null ? 0 : serverCpuSeconds(primaryPm) ?? 0,
    replica: replicaPm === null ? 0 : serverCpuSeconds(replicaPm) ?? 0,
    load: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6
  }
}

const rows: Array<string> = []

const measure = async (fleet: FleetState, layout: string, inRotation: number, secret: string) => {
  for (const [n, i] of fleet.instances.entries()) {
    await haproxyCommand(fleet, `${n < inRotation ? "enable" : "disable"} server instances/${i.name}`)
  }
  const targets = [
    ["record", `${lbUrl(fleet)}/v1/company/NG/RC208767`],
    ["search", `${lbUrl(fleet)}/v1/search?q=benchmark%20foods&country=NG`],
    ["verify", `${lbUrl(fleet)}/v1/verify?name=${encodeURIComponent(COMPANY.legal_name)}&country=NG`]
  ] as const
  for (const [label, url] of targets) {
    const headers = { authorization: `Bearer ${secret}` }
    await autocannon({ url, connections, duration: 1, headers })
    const before = cpuNow(fleet)
    const onReplica = fleet.replica === null ? 0 : await replicaCalls(`postgres://postgres@127.0.0.1:${fleet.replica.port}/postgres`)
    const r = await autocannon({ url, connections, duration, headers })
    const after = cpuNow(fleet)
    const servedByReplica = fleet.replica === null ? 0 : await replicaCalls(`postgres://postgres@127.0.0.1:${fleet.replica.port}/postgres`) - onReplica
    const total = Math.max(r.requests.total, 1)
    const ok = Object.entries(r.statusCodeStats ?? {}).reduce((n, [code, v]) => n + (code.startsWith("2") ? (v as { count: number }).count : 0), 0)
    const statuses = Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => `${code}: ${(v as { count: number }).count}`).join(", ")
    const ms = (k: keyof typeof before) => (((after[k] - before[k]) * 1000) / total).toFixed(2)
    rows.push(`| ${label} | ${layout} | ${inRotation} | ${(ok / duration).toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ` +
      `${ms("instances")} | ${ms("haproxy")} | ${ms("primary")} | ${fleet.replica === null ? "-" : ms("replica")} | ${ms("load")} | ` +
      `${statuses}${r.errors + r.timeouts > 0 ? `, errors: ${r.errors + r.timeouts}` : ""} | ${fleet.replica === null ? "-" : Math.max(servedByReplica, 0)} |`)
    log(rows[rows.length - 1]!)
  }
}

const main = async () => {
  const started = new Date().toISOString()
  const loadBefore = os.loadavg()[0]!.toFixed(1)
  for (const replica of [false, true]) {
    const dir = path.join(os.tmpdir(), `kyb-fleet-bench-${process.pid}`)
    const fleet = await up({ dir, instances: 3, replica, log, prepare: seed })
    try {
      const secret = await newKey(`postgres://postgres@127.0.0.1:${fleet.primary.port}/postgres`)
      for (const inRotation of [1, 2, 3]) await measure(fleet, replica ? "primary + replica" : "primary only", inRotation, secret)
    } finally {
      await down(fleet, log)
    }
  }
  process.stdout.write([
    "",
    `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, node ${process.version}, ${started}; ` +
      `load average (1 min) ${loadBefore} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end. ` +
      `autocannon in this process, ${connections} connections, ${duration} s per row after 1 s of warm-up, through HAProxy 2.6 on 127.0.0.1; ` +
      "PostgreSQL 15 clusters of the fleet (no sanctions list loaded: verify resolves the company and screens nothing); instances are `node <start flags> dist/main.js`; " +
      "req/s counts 2xx answers only; CPU per request divides each process' CPU time over the row by the requests answered.",
    "",
    "| path | reads | instances | 2xx/s | p50 ms | p99 ms | instances CPU ms/req | HAProxy CPU ms/req | primary CPU ms/req | replica CPU ms/req | load generator CPU ms/req | statuses | company statements on the replica |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    ""
  ].join("\n"))
}

main().then(() => process.exit(0), (error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
