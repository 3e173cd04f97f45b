// The machine's floor for a database round trip: CPU the Node process spends per `SELECT 1` through node-postgres
// (what @effect/sql-pg uses), over TCP on 127.0.0.1 and over PostgreSQL's unix socket, at 16 queries in flight on a
// pool of 4 (the API's settings), beside an empty loop of the same promises. Medians of 3 runs.
//
//   npx tsx scripts/bench/roundTripFloor.ts [--queries 20000]
import * as os from "node:os"
import pg from "pg"
import { processCpuSeconds } from "../support/procCpu.js"

const queries = Number(process.argv[process.argv.indexOf("--queries") + 1] || 20_000)
const targets = [
  { label: "TCP 127.0.0.1:5432", config: { host: "127.0.0.1", port: 5432, user: "postgres", database: "postgres" } },
  { label: "unix socket /var/run/postgresql", config: { host: "/var/run/postgresql", user: "postgres", database: "postgres" } }
]

const run = async (query: () => Promise<unknown>) => {
  let next = 0
  const cpu0 = processCpuSeconds(process.pid) ?? 0
  const t0 = performance.now()
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (next++ < queries) await query()
  }))
  const seconds = (performance.now() - t0) / 1000
  return { perSecond: queries / seconds, cpuUs: (((processCpuSeconds(process.pid) ?? 0) - cpu0) * 1e6) / queries }
}

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

console.log(`Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? "?"}, node ${process.version}, ${new Date().toISOString()}; ${queries} queries per run\n`)
console.log("| path | queries/s | Node CPU µs per query |\n|---|---|---|")
const empty = await Promise.all([0, 1, 2].map(() => run(() => Promise.resolve())))
console.log(`| no database (the loop alone) | ${median(empty.map((r) => r.perSecond)).toFixed(0)} | ${median(empty.map((r) => r.cpuUs)).toFixed(1)} |`)
for (const target of targets) {
  const pool = new pg.Pool({ ...target.config, max: 4 })
  await run(() => pool.query("SELECT 1")) // warm-up
  const results = []
  for (let i = 0; i < 3; i++) results.push(await run(() => pool.query("SELECT 1")))
  console.log(`| ${target.label} | ${median(results.map((r) => r.perSecond)).toFixed(0)} | ${median(results.map((r) => r.cpuUs)).toFixed(1)} |`)
  await pool.end()
}
