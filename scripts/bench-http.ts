// HTTP benchmark, one run, side by side: the API's company, search and verify paths (compiled build, PostgreSQL on
// 127.0.0.1, the three real sanctions lists loaded); for each, its same-work floor (scripts/bench/sameWorkServer.ts:
// bare node:http + pg running exactly the statements the API ran for that request, recorded from the API itself by
// scripts/bench/recordStatements.ts, as named prepared statements) and the same work on the framework
// (scripts/bench/effectSameWorkServer.ts: Effect HttpApi + @effect/sql-pg); an empty Effect HttpApi handler and a bare
// node:http server answering the same bytes as the company path. At each concurrency, medians of several runs, with
// the server's CPU per request (its own process) and PostgreSQL's (postmaster and backends), and its RSS. Then the
// memory of a mixed load: a fresh API server under company, search and verify requests in turn (verify names varied,
// as diverse traffic is) for --mixed seconds, and its VmRSS and peak (VmHWM) from /proc.
//
//   npm run -s bench:http [-- --duration 5 --runs 3 --concurrency 1,16,32,64 --no-lists --profile]
//                         [--mixed 60 --mixed-connections 32 --only-mixed --also-without-flags --node-flags "..."]
//                         [--compare-env "NAME=value ..."] [--compare-main OTHER/dist/main.js] [--only company,search,verify,empty,bare]
//                         [--raw-effect-floor]
//
// The API runs `node <flags> dist/main.js` with the flags of package.json's `start` script (what `npm start` runs);
// --node-flags replaces them (--node-flags "" for none); --also-without-flags repeats the mixed load on a server
// started without any. --mixed 0 skips the mixed load; --only-mixed skips the throughput table.
// --compare-env: a second API server, with these environment variables added, measured beside the first in the same
// run (an A/B of one setting, e.g. "DATABASE_PREPARED_STATEMENTS=false"); --compare-main: the second server runs this
// compiled entry point instead (another build, e.g. of the commit before a change, in a copy of dist/ inside this
// tree so that it finds node_modules, beside a link to sql/: `cp -r dist .bench/before && ln -s ../sql .bench/sql`). --only: the kinds of target measured. --raw-effect-floor: also the framework
// floor with its statements sent to the `pg` pool directly instead of through @effect/sql.
// --profile: the API runs under `node --cpu-prof`; its profile (every run) is summarised by self time per function
// and per package at the end.
// --loop-probe: the API also loads scripts/support/loopProbe.mjs, which logs each event-loop stall over 300 ms (the
// mixed load prints the stalls it saw).
// --refresh: OFAC SDN starts at its 2021-07 version and the current one is ingested halfway through the (first) mixed
// load, a real list change the server (polling every 2 s) re-indexes under load: its peak memory is the VmHWM after.
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import autocannon from "autocannon"
import { Effect, Layer, Redacted, References } from "effect"
import type { ChildProcess } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { ingestSanctions } from "../src/sanctions/lists/ingest.js"
import { recordStatements } from "./bench/recordStatements.js"
import { summariseProfile } from "./support/cpuProfile.js"
import { processCpuSeconds, serverCpuSeconds } from "./support/procCpu.js"
import { seedBenchDatabase } from "./support/benchSeed.js"
import { scratchDatabaseUrl } from "./support/scratchDatabase.js"
import { buildServer, startNode, waitForHttp } from "./support/apiProcess.js"
import { startNodeFlags } from "./support/startFlags.js"
import { pgLayer } from "../src/db/Database.js"

const argv = process.argv.slice(2)
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? argv[i + 1] ?? fallback : fallback
}
const duration = Number(option("duration", "5"))
const runs = Number(option("runs", "3"))
const concurrencies = option("concurrency", "1,16,32,64").split(",").map(Number)
const only = new Set(option("only", "company,search,verify,empty,bare").split(","))
const compareEnv: Record<string, string> = Object.fromEntries(
  option("compare-env", "").split(/\s+/).filter((w) => w.includes("=")).map((w) => [w.slice(0, w.indexOf("=")), w.slice(w.indexOf("=") + 1)])
)
const compareMain = option("compare-main", "")
const comparing = Object.keys(compareEnv).length > 0 || compareMain !== ""
const rawEffectFloor = argv.includes("--raw-effect-floor")
const withLists = !argv.includes("--no-lists")
const profile = argv.includes("--profile")
const mixedSeconds = Number(option("mixed", "60"))
const mixedConnections = Number(option("mixed-connections", "32"))
const onlyMixed = argv.includes("--only-mixed")
const alsoWithoutFlags = argv.includes("--also-without-flags")
const refresh = argv.includes("--refresh")
const loopProbe = argv.includes("--loop-probe")
const nodeFlags: ReadonlyArray<string> = argv.includes("--node-flags")
  ? option("node-flags", "").split(/\s+/).filter((f) => f !== "")
  : startNodeFlags()
const postgresServer = "postgres://postgres@127.0.0.1:5432/postgres"
const listsDir = path.resolve(import.meta.dirname, "..", "data", "sanctions")

const statusMb = (pid: number, field: "VmRSS" | "VmHWM") => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8")
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024
}
const rssMb = (pid: number) => statusMb(pid, "VmRSS")

/** Names for the verify requests of the mixed load: listed, near-listed and ordinary companies. */
const VERIFY_NAMES: ReadonlyArray<string> = [
  "Benchmark Foods Nigeria Limited", "Dangote Cement Plc", "Gazprom Neft", "Rosneft Trading SA", "Bank Melli Iran",
  "African Gold Refinery Limited", "Novatek-Ust-Luga LLC", "Lagos Atlantic Shipping Company", "Kivu Mining SARL",
  "Mar Azul", "Accra Cocoa Processing Ltd", "Nairobi Fresh Produce Exporters"
]
const SEARCH_QUERIES: ReadonlyArray<string> = ["benchmark foods", "benchmark", "foods nigeria", "benchmark fods"]

interface MixedFigure {
  readonly flags: string
  readonly requests: number
  /** Answers other than 2xx by status, connection errors and timeouts ("0": none). */
  readonly failures: string
  readonly listeningRssMb: number
  readonly listeningHwmMb: number
  readonly rssMb: number
  readonly hwmMb: number
}

/**
 * Company, search and verify requests in turn on every connection for `seconds`. Every other verify name has one letter
 * changed by a counter, so that new words keep arriving as in real traffic (the screening caches fill and are bounded).
 */
const mixedLoad = async (
  base: string,
  headers: Record<string, string>,
  pid: number,
  flags: string,
  midway?: () => Promise<string>
): Promise<MixedFigure> => {
  const listeningRssMb = rssMb(pid)
  const listeningHwmMb = statusMb(pid, "VmHWM")
  let n = 0
  let searches = 0
  const variant = (name: string) => {
    n++
    if (n % 2 === 0) return name
    const at = (n >> 1) % name.length
    return name.slice(0, at) + String.fromCharCode(97 + ((n >> 3) % 26)) + name.slice(at + 1)
  }
  let during: Promise<string> | undefined
  const timer = midway === undefined ? undefined : setTimeout(() => (during = midway()), (mixedSeconds * 1000) / 2)
  const r = await autocannon({
    url: base,
    connections: mixedConnections,
    duration: mixedSeconds,
    headers,
    requests: [
      { method: "GET", path: "/v1/company/NG/RC208767" },
      {
        method: "GET",
        setupRequest: (request) => ({ ...request, path: `/v1/search?q=${encodeURIComponent(SEARCH_QUERIES[searches++ % SEARCH_QUERIES.length]!)}&country=NG` })
      },
      {
        method: "GET",
        setupRequest: (request) => ({ ...request, path: `/v1/verify?name=${encodeURIComponent(variant(VERIFY_NAMES[n % VERIFY_NAMES.length]!))}&country=NG` })
      }
    ]
  })
  clearTimeout(timer)
  const note = during === undefined ? "" : ` (${await during})`
  const statuses = Object.entries(r.statusCodeStats as Record<string, { count: number }>)
    .filter(([status]) => !status.startsWith("2"))
    .map(([status, { count }]) => `${count} x ${status}`)
  const failures = [...statuses, ...(r.errors > 0 ? [`${r.errors} errors`] : []), ...(r.timeouts > 0 ? [`${r.timeouts} timeouts`] : [])]
  return {
    flags: flags + note, requests: r.requests.total, failures: failures.length === 0 ? "0" : failures.join(", "), listeningRssMb, listeningHwmMb,
    rssMb: rssMb(pid), hwmMb: statusMb(pid, "VmHWM")
  }
}

/**
 * The current OFAC SDN ingested into the bench database (a newer version than the 2021-07 one the server indexed);
 * resolves once the server answers from it (the version a new check records), with how long that took.
 */
const activateCurrentSdn = async (url: string, base: string, headers: Record<string, string>): Promise<string> => {
  const started = Date.now()
  await Effect.runPromise(
    ingestSanctions([path.join(listsDir, "ofac-sdn")], { publishedOn: "2024-05-03" }).pipe(
      Effect.provide(pgLayer({ url: Redacted.make(url), maxConnections: 2 })),
      Effect.scoped
    )
  )
  const ingested = Date.now() - started
  for (let i = 0; i < 600; i++) {
    const verdict = await fetch(`${base}/v1/verify?name=Refresh%20Probe%20Limited&country=NG`, { headers }).then((r) => r.json()) as { check_id?: string }
    const check = await fetch(`${base}/v1/checks/${verdict.check_id}`, { headers }).then((r) => r.json()) as {
      lists?: ReadonlyArray<{ list: string; version: string }>
    }
    if (check.lists?.some((l) => l.version === "2024-05-03") === true) {
      return `SDN 2021-07-01 -> 2024-05-03 at ${mixedSeconds / 2} s: ingested in ${ingested} ms, answered from after ${Date.now() - started} ms`
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error("the server never answered from the newer SDN version")
}

interface Target {
  readonly label: string
  readonly url: string
  readonly headers: Record<string, string>
  readonly pid: number
  readonly database: boolean
}

interface Figure {
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly failures: number
  readonly cpuMsPerRequest: number
  readonly dbCpuMsPerRequest: number
  readonly rssMb: number
}

const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

const measure = async (target: Target, connections: number, postmaster: number | null): Promise<Figure> => {
  await autocannon({ url: target.url, connections, duration: 1, headers: target.headers }) // warm-up
  const cpu0 = processCpuSeconds(target.pid) ?? 0
  const db0 = postmaster === null ? 0 : serverCpuSeconds(postmaster) ?? 0
  const r = await autocannon({ url: target.url, connections, duration, headers: target.headers })
  const cpu1 = processCpuSeconds(target.pid) ?? 0
  const db1 = postmaster === null ? 0 : serverCpuSeconds(postmaster) ?? 0
  const requests = Math.max(r.requests.total, 1)
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failures: r.non2xx + r.errors + r.timeouts,
    cpuMsPerRequest: ((cpu1 - cpu0) * 1000) / requests,
    dbCpuMsPerRequest: target.database ? ((db1 - db0) * 1000) / requests : 0,
    rssMb: rssMb(target.pid)
  }
}

const program = Effect.gen(function*() {
  const { url } = yield* scratchDatabaseUrl(postgresServer, "kyb_bench")
  const { secret, postmaster } = yield* seedBenchDatabase(url, withLists ? (refresh ? "refresh" : "current") : "none")

  if (!fs.existsSync("dist/main.js") || argv.includes("--build")) buildServer()
  const port = 18_000 + Math.floor(Math.random() * 1000)
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "kyb-prof-"))
  const startApi = (flags: ReadonlyArray<string>, withProfile: boolean, atPort = port, env: Record<string, string> = {}, main = "dist/main.js") =>
    startNode([
      ...flags,
      ...(withProfile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
      ...(loopProbe ? ["--import", "./scripts/support/loopProbe.mjs"] : []),
      main
    ], {
      PORT: String(atPort), HOST: "127.0.0.1", DATABASE_URL: url, LOG_LEVEL: "warning", KYB_REGISTRY_LIVE: "none",
      ...(refresh ? { SANCTIONS_POLL_INTERVAL: "2 seconds" } : {}),
      ...env
    })
  const stopAll = (children: ReadonlyArray<ChildProcess>) =>
    Effect.promise(() => {
      for (const child of children) child.kill("SIGTERM")
      return Promise.all(children.map((c) => new Promise((r) => c.exitCode !== null ? r(null) : c.once("exit", r))))
    })
  const base = `http://127.0.0.1:${port}`
  const headers = { "x-api-key": secret }
  const shownFlags = (flags: ReadonlyArray<string>) => flags.length === 0 ? "(none)" : flags.join(" ")
  const machine = `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? "?"}, node ${process.version}, ${new Date().toISOString()}`

  if (!onlyMixed) {
    const verifyName = encodeURIComponent("Benchmark Foods Nigeria Limited")
    const routes = [
      { kind: "company", label: "GET /v1/company (key, quota, record)", path: "/v1/company/NG/RC208767" },
      { kind: "search", label: "GET /v1/search?q=benchmark foods&country=NG", path: "/v1/search?q=benchmark%20foods&country=NG" },
      {
        kind: "verify", label: "GET /v1/verify (name, country)", path: `/v1/verify?name=${verifyName}&country=NG`,
        fresh: (answer: string) => [(JSON.parse(answer) as { check_id: string }).check_id]
      }
    ].filter((r) => only.has(r.kind))
    // The floor's statements, recorded from the API itself (in this process, over the bench database).
    const recorded = yield* recordStatements(url, routes.map((r) => ({ method: "GET" as const, path: r.path, ...(r.fresh ? { fresh: r.fresh } : {}) })), headers)
    const floorFile = path.join(profileDir, "floor-requests.json")
    fs.writeFileSync(floorFile, JSON.stringify(recorded))
    for (const r of recorded) {
      process.stderr.write(`recorded ${r.method} ${r.path} (${r.status}):\n${r.steps.map((step, i) =>
        step.map((s) => `  step ${i + 1}: ${s.text.replace(/\s+/g, " ").slice(0, 100)}`).join("\n")).join("\n")}\n`)
    }
    const statementsOf = (p: string) => {
      const r = recorded.find((x) => x.path === p)
      return r === undefined ? "" : `${r.steps.flat().length} statements in ${r.steps.length} steps`
    }
    const api = startApi(nodeFlags, profile)
    const children: Array<ChildProcess> = [api.child]
    try {
      const other = comparing ? startApi(nodeFlags, false, port + 4, compareEnv, compareMain === "" ? "dist/main.js" : compareMain) : undefined
      if (other !== undefined) children.push(other.child)
      yield* Effect.promise(() => waitForHttp(`${base}/health`, api))
      if (other !== undefined) yield* Effect.promise(() => waitForHttp(`http://127.0.0.1:${port + 4}/health`, other))
      const sample = yield* Effect.promise(() => fetch(`${base}/v1/company/NG/RC208767`, { headers }).then((r) => r.text()))
      const empty = startNode(["--import", "tsx", "scripts/bench/emptyEffectServer.ts"], { PORT: String(port + 1), BARE_BODY: sample })
      const bare = startNode(["--import", "tsx", "scripts/bench/bareServer.ts"], { PORT: String(port + 2), BARE_BODY: sample })
      const floor = startNode(["--import", "tsx", "scripts/bench/sameWorkServer.ts"], { PORT: String(port + 3), FLOOR_REQUESTS: floorFile, DATABASE_URL: url })
      const effectFloor = startNode(["--import", "tsx", "scripts/bench/effectSameWorkServer.ts"], { PORT: String(port + 5), FLOOR_REQUESTS: floorFile, DATABASE_URL: url })
      children.push(empty.child, bare.child, floor.child, effectFloor.child)
      const rawFloor = rawEffectFloor
        ? startNode(["--import", "tsx", "scripts/bench/effectSameWorkServer.ts"], { PORT: String(port + 6), FLOOR_REQUESTS: floorFile, DATABASE_URL: url, FLOOR_RAW_PG: "1" })
        : undefined
      if (rawFloor !== undefined) children.push(rawFloor.child)
      yield* Effect.promise(() => waitForHttp(`http://127.0.0.1:${port + 1}/`, empty))
      yield* Effect.promise(() => waitForHttp(`http://127.0.0.1:${port + 2}/`, bare))
      yield* Effect.promise(() => waitForHttp(`http://127.0.0.1:${port + 3}/`, floor))
      yield* Effect.promise(() => waitForHttp(`http://127.0.0.1:${port + 5}/`, effectFloor))
      if (rawFloor !== undefined) yield* Effect.promise(() => waitForHttp(`http://127.0.0.1:${port + 6}/`, rawFloor))
      const shownEnv = [...Object.entries(compareEnv).map(([k, v]) => `${k}=${v}`), ...(compareMain === "" ? [] : [compareMain])].join(" ")
      const targets: Array<Target & { readonly kind: string; readonly floorOf?: string }> = []
      for (const r of routes) {
        targets.push({ kind: r.kind, label: r.label, url: `${base}${r.path}`, headers, pid: api.child.pid!, database: true })
        if (other !== undefined) {
          targets.push({ kind: r.kind, label: `${r.label}, ${shownEnv}`, url: `http://127.0.0.1:${port + 4}${r.path}`, headers, pid: other.child.pid!, database: true })
        }
        targets.push({
          kind: r.kind, floorOf: r.kind, label: `same-work floor of ${r.kind} (node:http + pg, named; ${statementsOf(r.path)})`,
          url: `http://127.0.0.1:${port + 3}${r.path}`, headers: {}, pid: floor.child.pid!, database: true
        })
        targets.push({
          kind: r.kind, label: `Effect same-work floor of ${r.kind} (HttpApi + @effect/sql, named)`,
          url: `http://127.0.0.1:${port + 5}${r.path}`, headers: {}, pid: effectFloor.child.pid!, database: true
        })
        if (rawFloor !== undefined) {
          targets.push({
            kind: r.kind, label: `Effect same-work floor of ${r.kind}, statements straight to pg (HttpApi + pg, named)`,
            url: `http://127.0.0.1:${port + 6}${r.path}`, headers: {}, pid: rawFloor.child.pid!, database: true
          })
        }
      }
      if (only.has("empty")) targets.push({ kind: "empty", label: "empty Effect HttpApi handler, same JSON", url: `http://127.0.0.1:${port + 1}/`, headers: {}, pid: empty.child.pid!, database: false })
      if (only.has("bare")) targets.push({ kind: "bare", label: "bare node:http, same JSON", url: `http://127.0.0.1:${port + 2}/`, headers: {}, pid: bare.child.pid!, database: false })
      const lines: Array<string> = []
      for (const connections of concurrencies) {
        const figures = new Map<string, Figure>()
        // Round-robin over the targets, one run each per round, so that the box's drift falls on all of them alike.
        const all = new Map<string, Array<Figure>>(targets.map((t) => [t.label, []]))
        for (let i = 0; i < runs; i++) {
          for (const target of targets) all.get(target.label)!.push(yield* Effect.promise(() => measure(target, connections, target.database ? postmaster : null)))
        }
        for (const target of targets) {
          const got = all.get(target.label)!
          const of = (k: keyof Figure) => median(got.map((f) => f[k]))
          figures.set(target.label, {
            rps: of("rps"), p50: of("p50"), p99: of("p99"), failures: got.reduce((s, f) => s + f.failures, 0),
            cpuMsPerRequest: of("cpuMsPerRequest"), dbCpuMsPerRequest: of("dbCpuMsPerRequest"), rssMb: Math.max(...got.map((f) => f.rssMb))
          })
        }
        const emptyTarget = targets.find((t) => t.kind === "empty")
        const ceiling = emptyTarget === undefined ? Number.NaN : figures.get(emptyTarget.label)!.rps
        for (const target of targets) {
          const f = figures.get(target.label)!
          const floorTarget = target.floorOf === undefined ? targets.find((t) => t.floorOf === target.kind) : undefined
          const ofFloor = floorTarget === undefined ? "-" : (f.rps / figures.get(floorTarget.label)!.rps).toFixed(2)
          lines.push(`| ${target.label} | ${connections} | ${f.rps.toFixed(0)} | ${ofFloor} | ${(f.rps / ceiling).toFixed(2)} | ${f.p50} | ${f.p99} | ` +
            `${f.cpuMsPerRequest.toFixed(2)} | ${target.database ? f.dbCpuMsPerRequest.toFixed(2) : "-"} | ${f.rssMb.toFixed(0)} | ${f.failures} |`)
        }
        process.stderr.write(`concurrency ${connections} done (${os.loadavg().map((l) => l.toFixed(2)).join(" ")})\n`)
      }
      console.log(`\n${machine}`)
      console.log(`autocannon from this process, ${duration} s per run after a 1 s warm-up, median of ${runs} runs (targets in turn); PostgreSQL 15 on 127.0.0.1;` +
        ` ${withLists ? "OFAC SDN, OFAC Consolidated and UN loaded" : "no lists loaded"}; the API is \`node ${shownFlags(nodeFlags)} dist/main.js\`;` +
        ` load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}\n`)
      console.log("| target | conns | req/s | x same-work floor | x empty Effect | p50 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | server RSS MB | non-2xx + errors |")
      console.log("|---|---|---|---|---|---|---|---|---|---|---|")
      console.log(lines.join("\n"))
    } finally {
      yield* stopAll(children)
    }
  }
  if (mixedSeconds > 0) {
    const mixed: Array<MixedFigure> = []
    for (const flags of alsoWithoutFlags && nodeFlags.length > 0 ? [nodeFlags, []] : [nodeFlags]) {
      const api = startApi(flags, false)
      try {
        yield* Effect.promise(() => waitForHttp(`${base}/health`, api))
        const midway = refresh && mixed.length === 0 ? () => activateCurrentSdn(url, base, headers) : undefined
        const figure = yield* Effect.promise(() => mixedLoad(base, headers, api.child.pid!, shownFlags(flags), midway))
        mixed.push(figure)
        const stalls = api.output().split("\n").filter((line) => line.includes("event loop stalled"))
        if (loopProbe) process.stderr.write(`event-loop stalls over 300 ms: ${stalls.length}\n${stalls.join("\n")}\n`)
        // What the server said about its failures (it logs at warning level and above here).
        if (figure.failures !== "0") {
          const said = api.output().split("\n").filter((line) => /level=(WARN|ERROR|FATAL)/.test(line))
          process.stderr.write(`the server's warnings and errors (${said.length}), the first five:\n${said.slice(0, 5).join("\n")}\n`)
        }
        process.stderr.write(`mixed load with ${shownFlags(flags)} done\n`)
      } finally {
        yield* stopAll([api.child])
      }
    }
    console.log(`\n${machine}`)
    console.log(`Mixed load: ${mixedSeconds} s, ${mixedConnections} connections, each cycling GET /v1/company, /v1/search and /v1/verify` +
      ` (every other verify name with a letter changed); ${withLists ? "OFAC SDN, OFAC Consolidated and UN loaded" : "no lists loaded"};` +
      (refresh ? " OFAC SDN 2021-07 at the start, the current SDN ingested halfway through the first load;" : "") +
      ` a fresh \`node <flags> dist/main.js\` per line; memory from /proc/<pid>/status\n`)
    console.log("| node flags | requests | non-2xx + errors | RSS listening MB | VmHWM listening MB | RSS after load MB | VmHWM after load MB |")
    console.log("|---|---|---|---|---|---|---|")
    for (const f of mixed) {
      console.log(`| ${f.flags} | ${f.requests} | ${f.failures} | ${f.listeningRssMb.toFixed(0)} | ${f.listeningHwmMb.toFixed(0)} | ` +
        `${f.rssMb.toFixed(0)} | ${f.hwmMb.toFixed(0)} |`)
    }
  }
  if (profile) {
    const file = fs.readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"))
    if (file === undefined) return yield* Effect.die("no CPU profile written")
    console.log(`\nCPU profile of the API over the whole run (${path.join(profileDir, file)}):\n`)
    console.log(summariseProfile(JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")), 25))
  }
})

NodeRuntime.runMain(Effect.scoped(program).pipe(Effect.provide(Layer.succeed(References.MinimumLogLevel, "Warn"))))
