import { SqlClient } from "effect/sql"
// The names of listed entities (the verify benchmark's slowest kind) sent as `POST /v1/verify` one at a time to the
// compiled server (`npm start`'s flags) over a database `scripts/verify-bench.ts --keep` loaded: latency per
// percentile, the server's CPU per request (from /proc, the whole process), and the slowest names (best of the
// rounds). `--main` runs another build's server instead (an A/B: the same command twice); `--cpu-prof DIR` has the
// server write a CPU profile there; `--node-flags="..."` starts it with these node flags instead of `npm start`'s.
//
//   npx tsx scripts/bench/listedNames.ts --database NAME [--rounds 2] [--main OTHER/dist/main.js] [--cpu-prof DIR]
//                                        [--node-flags="--heap-growing-percent=30 ..."]
import { Effect, Redacted } from "effect"
import * as fs from "node:fs"
import { Agent } from "node:http"
import { parseArgs } from "node:util"
import { ApiKeys } from "../../src/access/ApiKeys.js"
import { buildServer, startNode, waitForHttp } from "../support/apiProcess.js"
import { keepAliveSend } from "../support/keepAliveSend.js"
import { listedEntityNames } from "../support/listedEntityNames.js"
import { startNodeFlags } from "../support/startFlags.js"
import { serverUrl } from "../search/database.js"
import { pgLayer } from "../../src/db/Database.js"

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    rounds: { type: "string", default: "2" },
    main: { type: "string" },
    "cpu-prof": { type: "string" },
    "node-flags": { type: "string" }
  }
})
if (values.database === undefined) throw new Error("--database NAME (a database scripts/verify-bench.ts --keep loaded)")
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${values.database}` }).toString()
const rounds = Number(values.rounds)

const cpuMsOf = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")
  return (Number(fields[11]) + Number(fields[12])) * 10 // utime + stime, in clock ticks of 10 ms
}

const program = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const names = (yield* listedEntityNames(sql, 300)).map((r) => r.name)
  const { secret } = yield* (yield* ApiKeys).create({ plan: "unlimited", quota: null, label: "listed-names-bench" })
  return { names, secret: Redacted.value(secret) }
})

const { names, secret } = await Effect.runPromise(program.pipe(
  Effect.provide(ApiKeys.Default),
  Effect.provide(pgLayer({ url: Redacted.make(databaseUrl), maxConnections: 2 })),
  Effect.scoped
))
if (values.main === undefined) buildServer()
const port = 19_000 + Math.floor(Math.random() * 1000)
const profile = values["cpu-prof"] === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${values["cpu-prof"]}`]
const nodeFlags = values["node-flags"] === undefined ? startNodeFlags() : values["node-flags"].split(/\s+/).filter((f) => f !== "")
const server = startNode([...nodeFlags, ...profile, values.main ?? "dist/main.js"], {
  PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl, LOG_LEVEL: "warning", KYB_REGISTRY_LIVE: "none"
})
try {
  await waitForHttp(`http://127.0.0.1:${port}/health`, server)
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const url = new URL(`http://127.0.0.1:${port}/v1/verify`)
  const headers = { authorization: `Bearer ${secret}`, "content-type": "application/json" }
  const verify = (name: string) => keepAliveSend(agent, url, headers, JSON.stringify({ name }))
  for (const name of names) await verify(name) // warm-up round
  const pid = server.child.pid!
  const cpuBefore = cpuMsOf(pid)
  const times: Array<number> = []
  const best = new Map<string, number>()
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      const started = performance.now()
      await verify(name)
      const ms = performance.now() - started
      times.push(ms)
      best.set(name, Math.min(best.get(name) ?? Infinity, ms))
    }
  }
  const cpu = cpuMsOf(pid) - cpuBefore
  agent.destroy()
  times.sort((a, b) => a - b)
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1)
  console.log(`node ${nodeFlags.join(" ")} ${values.main ?? "dist/main.js"}: ${times.length} requests, p50 ${at(0.5)} p90 ${at(0.9)} p95 ${at(0.95)} p99 ${at(0.99)} max ${
    times.at(-1)!.toFixed(1)
  } ms; server CPU ${(cpu / times.length).toFixed(2)} ms per request; ${new Date().toISOString()}`)
  console.log("slowest names (best of the rounds, ms):")
  for (const [name, ms] of [...best].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`  ${ms.toFixed(1)}  ${name}`)
} finally {
  server.child.kill(values["cpu-prof"] === undefined ? "SIGTERM" : "SIGINT")
}
