// HTTP benchmark: GET /v1/company on one hot key (auth + quota upsert + record read per request) next to a bare
// node:http server answering the same JSON, measured in the same run; plus the quota counter alone.
// Usage: npm run -s bench:http [-- --duration 10 --connections 32]
// Needs PostgreSQL at 127.0.0.1:5432 (creates and drops its own database).
import { PgClient } from "@effect/sql-pg"
import autocannon from "autocannon"
import { Effect, Layer, Redacted } from "effect"
import { spawn, type ChildProcess } from "node:child_process"
import * as os from "node:os"
import { ApiKeys } from "../src/access/ApiKeys.js"
import { Quota } from "../src/access/Quota.js"
import { CompanyWriter } from "../src/companies/CompanyWriter.js"
import { migrate } from "../src/db/Migrations.js"
import { scratchDatabaseUrl } from "./support/scratchDatabase.js"

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}
const duration = arg("duration", 10)
const connections = arg("connections", 32)
const postgresServer = "postgres://postgres@127.0.0.1:5432/postgres"

const waitForLine = (child: ChildProcess, pattern: RegExp) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timeout waiting for ${pattern}`)), 60_000)
    const onData = (chunk: Buffer) => {
      if (pattern.test(chunk.toString())) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout?.on("data", onData)
    child.stderr?.on("data", onData)
  })

const run = (label: string, target: string, headers: Record<string, string>) =>
  Effect.promise(async () => {
    await autocannon({ url: target, connections, duration: 2, headers }) // warm-up
    const r = await autocannon({ url: target, connections, duration, headers })
    return { label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors }
  })

const program = Effect.gen(function*() {
  const { url } = yield* scratchDatabaseUrl(postgresServer, "kyb_bench")
  const Db = PgClient.layer({ url: Redacted.make(url), maxConnections: 16 })
  const services = Layer.mergeAll(ApiKeys.Default, Quota.Default, CompanyWriter.Default).pipe(Layer.provideMerge(Db))
  const { secret, quotaSecret } = yield* Effect.gen(function*() {
    yield* migrate()
    const keys = yield* ApiKeys
    yield* Effect.flatMap(CompanyWriter, (w) => w.upsertBatch([{
      country: "NG",
      registration_no: "RC 208767",
      legal_name: "Benchmark Foods Nigeria Limited",
      status: "active",
      source: "Corporate Affairs Commission (NG-CAC)",
      source_kind: "registry",
      last_verified_at: new Date().toISOString(),
      officers: [{ name: "Ada Bench", role: "director" }]
    }]))
    const api = yield* keys.create({ plan: "unlimited", quota: null, label: "bench" })
    const hot = yield* keys.create({ plan: "growth", quota: 1_000_000_000, label: "bench-quota" })
    return { secret: Redacted.value(api.secret), quotaSecret: Redacted.value(hot.secret) }
  }).pipe(Effect.provide(services))

  // The counter alone: Quota.consume on one hot key at concurrency 16.
  const quotaFigure = yield* Effect.gen(function*() {
    const keys = yield* ApiKeys
    const quota = yield* Quota
    const identity = yield* keys.lookup(Redacted.make(quotaSecret)).pipe(Effect.flatten)
    const n = 20_000
    const started = performance.now()
    yield* Effect.forEach(Array.from({ length: n }), () => quota.consume(identity), { concurrency: 16, discard: true })
    return { n, perSecond: n / ((performance.now() - started) / 1000) }
  }).pipe(Effect.provide(services))

  const port = 18_000 + Math.floor(Math.random() * 1000)
  const server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: url, LOG_LEVEL: "warning", KYB_REGISTRY_LIVE: "none" },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let bare: ChildProcess | undefined
  try {
    const companyUrl = `http://127.0.0.1:${port}/v1/company/NG/RC208767`
    yield* Effect.promise(async () => {
      for (let i = 0; i < 100; i++) {
        const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false)
        if (ok) return
        await new Promise((r) => setTimeout(r, 300))
      }
      throw new Error("server did not start")
    })
    const sample = yield* Effect.promise(() => fetch(companyUrl, { headers: { "x-api-key": secret } }).then((r) => r.text()))
    bare = spawn(process.execPath, ["--import", "tsx", "scripts/bench/bareServer.ts"], {
      env: { ...process.env, PORT: String(port + 1), BARE_BODY: sample },
      stdio: ["ignore", "pipe", "pipe"]
    })
    const started = bare
    yield* Effect.promise(() => waitForLine(started, /listening/))
    const api = yield* run("GET /v1/company (API, hot key)", companyUrl, { "x-api-key": secret })
    const baseline = yield* run("bare node:http, same JSON", `http://127.0.0.1:${port + 1}/`, {})
    const rows = [api, baseline].map((r) =>
      `| ${r.label} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx + r.errors} |`)
    console.log(`\nMachine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), node ${process.version}, ${new Date().toISOString().slice(0, 10)}`)
    console.log(`autocannon: ${connections} connections, ${duration} s after a 2 s warm-up; PostgreSQL 15 on 127.0.0.1\n`)
    console.log("| target | req/s | p50 ms | p99 ms | non-2xx + errors |\n|---|---|---|---|---|")
    console.log(rows.join("\n"))
    console.log(`\nratio API / bare: ${(api.rps / baseline.rps).toFixed(3)}`)
    console.log(`quota counter alone (Quota.consume, one hot key, concurrency 16, ${quotaFigure.n} calls): ${quotaFigure.perSecond.toFixed(0)} /s`)
  } finally {
    server.kill()
    bare?.kill()
  }
})

Effect.runPromise(Effect.scoped(program)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  }
)
