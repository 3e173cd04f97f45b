// The request path against its floors, before and after, in ONE run on one Node (issue 56): for the record
// (`GET /v1/company/ZA/1994-009584-06`, --record-connections, 32) and search (`GET /v1/search?q=benchmark foods&country=NG`,
// --search-connections, 16), four servers measured in turn, round after round, each round starting one server further
// on, so that the machine's drift and each window's place in the round fall on all of them alike:
//   - the floor: bare node:http + pg running the statements the service ran for that request (recorded from the
//     service itself), each prepared by name once per connection, as sql-pg prepares them (scripts/bench/sameWorkServer.ts);
//   - Effect's same-work server: Effect HttpApi + effect/sql on the service's own sql-pg pool, the same statements
//     (scripts/bench/effectSameWorkServer.ts);
//   - the service at --base (a git ref: built in a worktree of its own under .bench/), and the service as checked out
//     (built here), both as `npm start` runs them (its node flags, LOG_LEVEL as the environment says: info by default,
//     the request log on a pipe this process reads).
// Each round: a --warmup s warm-up, then --duration s of autocannon. Medians of --runs rounds, ratios against the floor.
// Then what each server spends per request, measures that do not depend on the machine's load
// (scripts/support/costProbe.mjs): bytes allocated, Effect fibers started, main-thread CPU, over --cost requests;
// with the garbage collection they caused (pause time, the longest pause, full collections), what a tail may owe to GC,
// and PostgreSQL's CPU over the same requests (postmaster and backends, from /proc: the statements' own cost, which the
// floor pays as well; every database of that server counts, so nothing else may be using it during the run).
//
//   npx tsx scripts/request-path-bench.ts --base <ref> [--duration 10 --warmup 2 --runs 3 --cost 5000]
//     [--record-connections 32 --search-connections 16 --only record,search --no-lists --only-cost --profile --heap-profile --no-build
//      --reverse-cost]
//
// PostgreSQL on 127.0.0.1:5432 (a scratch database, dropped at the end). --profile: over the service as checked out's
// cost requests, the CPU profiler (costProbe.mjs) says where their time went, by package, by function (self time) and
// by inclusive time, summarised at the end (its CPU figure is then not comparable).
// --heap-profile: over the service as checked out's cost requests, the sampling heap profiler (costProbe.mjs) says which
// functions and packages allocated the bytes per request, summarised at the end (its CPU figure is then not comparable).
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import autocannon from "autocannon"
import { Effect, Layer, References } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { recordStatements } from "./bench/recordStatements.js"
import { buildServer, startNode, waitForHttp } from "./support/apiProcess.js"
import { seedBenchDatabase } from "./support/benchSeed.js"
import { prepareBaseBuild } from "./support/baseBuild.js"
import { inclusiveTimes, summariseProfile } from "./support/cpuProfile.js"
import { type HeapProfileNode, summariseHeapProfile } from "./support/heapProfile.js"
import { processCpuSeconds, serverCpuSeconds } from "./support/procCpu.js"
import { readCost, type Cost } from "./support/readCost.js"
import { scratchDatabaseUrl } from "./support/scratchDatabase.js"
import { startNodeFlags } from "./support/startFlags.js"

const { values: args } = parseArgs({
  options: {
    base: { type: "string" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    runs: { type: "string", default: "3" },
    cost: { type: "string", default: "5000" },
    "record-connections": { type: "string", default: "32" },
    "search-connections": { type: "string", default: "16" },
    only: { type: "string", default: "record,search" },
    "no-lists": { type: "boolean", default: false },
    "only-cost": { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    "heap-profile": { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    "reverse-cost": { type: "boolean", default: false }
  }
})
const duration = Number(args.duration)
const warmup = Number(args.warmup)
const runs = Number(args.runs)
const costRequests = Number(args.cost)
const repo = process.cwd()

const routes = [
  { kind: "record", label: "GET /v1/company/ZA/1994-009584-06", path: "/v1/company/ZA/1994-009584-06", connections: Number(args["record-connections"]) },
  { kind: "search", label: "GET /v1/search?q=benchmark foods&country=NG", path: "/v1/search?q=benchmark%20foods&country=NG", connections: Number(args["search-connections"]) }
].filter((r) => args.only.split(",").includes(r.kind))

interface Server {
  readonly name: string
  readonly port: number
  readonly pid: number
  readonly service: boolean
  readonly output: () => string
}

interface Figure {
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly failures: number
  readonly cpuMs: number
}

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ")

const measure = async (server: Server, route: (typeof routes)[number], headers: Record<string, string>): Promise<Figure> => {
  const url = `http://127.0.0.1:${server.port}${route.path}`
  const h = server.service ? headers : {}
  await autocannon({ url, connections: route.connections, duration: warmup, headers: h })
  const cpu0 = processCpuSeconds(server.pid) ?? 0
  const r = await autocannon({ url, connections: route.connections, duration, headers: h })
  const requests = Math.max(r.requests.total, 1)
  return {
    rps: r.requests.total / duration, p50: r.latency.p50, p99: r.latency.p99, failures: r.non2xx + r.errors + r.timeouts,
    cpuMs: (((processCpuSeconds(server.pid) ?? 0) - cpu0) * 1000) / requests
  }
}

const program = Effect.gen(function*() {
  if (args.base === undefined) return yield* Effect.die("--base <git ref> is required: the build measured as 'before'")
  const loadAtStart = load()
  const base = prepareBaseBuild(repo, args.base)
  if (!args["no-build"]) buildServer()
  const { url } = yield* scratchDatabaseUrl("postgres://postgres@127.0.0.1:5432/postgres", "kyb_pathbench")
  const { secret, postmaster } = yield* seedBenchDatabase(url, args["no-lists"] ? "none" : "current")
  const databaseCpu = () => (postmaster === null ? null : serverCpuSeconds(postmaster))
  const headers = { "x-api-key": secret }
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "kyb-pathbench-"))
  const recorded = yield* recordStatements(url, routes.map((r) => ({ method: "GET" as const, path: r.path })), headers)
  const floorFile = path.join(profileDir, "floor-requests.json")
  fs.writeFileSync(floorFile, JSON.stringify(recorded))
  for (const r of recorded) process.stderr.write(`recorded ${r.path} (${r.status}): ${r.steps.flat().length} statements in ${r.steps.length} steps\n`)

  const port = 19_000 + Math.floor(Math.random() * 900)
  const common = { HOST: "127.0.0.1", DATABASE_URL: url, KYB_REGISTRY_LIVE: "none" }
  const started: Array<Server & { readonly child: ReturnType<typeof startNode>["child"] }> = []
  const start = (name: string, at: number, args: ReadonlyArray<string>, env: Record<string, string>, service: boolean, cwd = repo) => {
    const p = startNode(args, { ...common, PORT: String(at), ...env }, cwd)
    started.push({ name, port: at, pid: p.child.pid!, service, output: p.output, child: p.child })
  }
  // Every server loads the cost probe (the floors' Effect import is the probe's own: they start no fiber of theirs).
  const probe = (root: string) => ["--import", path.join(root, "scripts/support/costProbe.mjs")]
  const stopServers = Effect.promise(() => Promise.all(started.map((s) => new Promise((done) => {
    if (s.child.exitCode !== null || s.child.signalCode !== null) return done(null)
    s.child.once("exit", done)
    s.child.kill("SIGTERM")
  }))))
  // Also when the program's scope closes, however it ends: a `finally` in a generator does not run when a step fails
  // (a cost probe refusing non-2xx answers), which left the servers running.
  yield* Effect.addFinalizer(() => stopServers)
  start("floor: node:http + pg, prepared by name", port, [...probe(repo), "--import", "tsx", "scripts/bench/sameWorkServer.ts"], { FLOOR_REQUESTS: floorFile }, false)
  start("Effect same-work: HttpApi + effect/sql", port + 1, [...probe(repo), "--import", "tsx", "scripts/bench/effectSameWorkServer.ts"], { FLOOR_REQUESTS: floorFile }, false)
  start(`service before (${base.label})`, port + 2, [...startNodeFlags(base.dir), ...probe(base.dir), "dist/main.js"], {}, true, base.dir)
  const profiled = {
    ...(args.profile ? { KYB_CPU_PROFILE_DIR: profileDir } : {}),
    ...(args["heap-profile"] ? { KYB_HEAP_PROFILE_DIR: profileDir } : {})
  }
  start(`service after (${base.headLabel})`, port + 3, [...startNodeFlags(), ...probe(repo), "dist/main.js"], profiled, true)
  for (const s of started) yield* Effect.promise(() => waitForHttp(`http://127.0.0.1:${s.port}${s.service ? "/health" : "/"}`, s))

  const lines: Array<string> = []
  if (!args["only-cost"]) {
    for (const route of routes) {
      const all = new Map<string, Array<Figure>>(started.map((s) => [s.name, []]))
      for (let i = 0; i < runs; i++) {
        // each round starts one server further on: no server always runs first (or last) in a round
        const turn = i % started.length
        for (const s of [...started.slice(turn), ...started.slice(0, turn)]) all.get(s.name)!.push(yield* Effect.promise(() => measure(s, route, headers)))
        process.stderr.write(`${route.kind} round ${i + 1} done (load ${load()})\n`)
      }
      const of = (name: string, k: keyof Figure) => median(all.get(name)!.map((f) => f[k]))
      const floor = started[0]!.name
      const effectFloor = started[1]!.name
      for (const s of started) {
        const failures = all.get(s.name)!.reduce((n, f) => n + f.failures, 0)
        lines.push(`| ${route.label} | ${route.connections} | ${s.name} | ${of(s.name, "rps").toFixed(0)} | ${(of(s.name, "rps") / of(floor, "rps")).toFixed(2)} | ` +
          `${(of(s.name, "rps") / of(effectFloor, "rps")).toFixed(2)} | ` +
          `${of(s.name, "p50")} | ${of(s.name, "p99")} | ${(of(s.name, "p99") / Math.max(of(floor, "p99"), 1)).toFixed(2)} | ${of(s.name, "cpuMs").toFixed(3)} | ${failures} |`)
      }
    }
  }
  const costs: Array<string> = []
  // --reverse-cost: the servers' cost windows in the other order (the service first), to tell what a window owes to
  // its place (every request updates the same usage row: its dead versions and autovacuum fall in later windows).
  const costOrder = args["reverse-cost"] ? [...started].reverse() : started
  for (const route of routes) {
    for (const s of costOrder) {
      const cost: Cost = yield* Effect.promise(() =>
        readCost(s, `http://127.0.0.1:${s.port}${route.path}`, s.service ? headers : {}, route.connections, costRequests, databaseCpu))
      costs.push(`| ${route.label} | ${s.name} | ${cost.requests} | ${(cost.allocatedBytes / 1024).toFixed(1)} | ${cost.fibers.toFixed(2)} | ${cost.cpuUs.toFixed(0)} | ${cost.gcPauseUs.toFixed(0)} | ${cost.longestGcPauseMs.toFixed(1)} | ${cost.fullCollections} | ${cost.databaseCpuUs === null ? "n/a" : cost.databaseCpuUs.toFixed(0)} |`)
    }
  }
  const cpu = os.cpus()
  console.log(`\nMachine: ${cpu.length} x ${cpu[0]?.model ?? "?"} (nproc ${os.availableParallelism()}), node ${process.version}, ${new Date().toISOString()}`)
  console.log(`Command: npx tsx scripts/request-path-bench.ts ${process.argv.slice(2).join(" ")}`)
  console.log(`Load average (1, 5, 15 min): ${loadAtStart} at the start, ${load()} at the end; ${args["no-lists"] ? "no lists" : "OFAC SDN, OFAC Consolidated and UN loaded"}`)
  if (lines.length > 0) {
    console.log(`\nMedians of ${runs} rounds, each ${warmup} s of warm-up then ${duration} s of autocannon, the servers in turn:\n`)
    console.log("| route | conns | server | req/s | x floor | x Effect same-work | p50 ms | p99 ms | p99 x floor's | server CPU ms/req | non-2xx + errors |")
    console.log("|---|---|---|---|---|---|---|---|---|---|---|")
    console.log(lines.join("\n"))
  }
  console.log("\nWhat a request costs each server (costProbe.mjs before and after the requests; machine load does not change the first two):\n")
  console.log("| route | server | requests | KB allocated / req | Effect fibers / req | main-thread CPU µs / req | GC pause µs / req | longest GC pause ms | full GCs | PostgreSQL CPU µs / req |")
  console.log("|---|---|---|---|---|---|---|---|---|---|")
  console.log(costs.join("\n"))
  // Stopped before the profiles are read: the probe writes a profile once the inspector hands it over.
  yield* stopServers
  if (args.profile) {
    routes.forEach((route, i) => {
      const file = path.join(profileDir, `cpu-${i + 1}.cpuprofile`)
      if (!fs.existsSync(file)) return
      const profile = JSON.parse(fs.readFileSync(file, "utf8"))
      console.log(`\nCPU profile of the service after, ${route.label}, over its ${costRequests} cost requests (${file}):\n`)
      console.log(summariseProfile(profile, 30))
      console.log("")
      console.log(inclusiveTimes(profile, 40))
    })
  }
  if (args["heap-profile"]) {
    routes.forEach((route, i) => {
      const file = path.join(profileDir, `heap-${i + 1}.json`)
      if (!fs.existsSync(file)) return
      console.log(`\nAllocations of the service after, ${route.label} (${file}):\n`)
      console.log(summariseHeapProfile((JSON.parse(fs.readFileSync(file, "utf8")) as { readonly head: HeapProfileNode }).head, costRequests, 30))
    })
  }
})

NodeRuntime.runMain(Effect.scoped(program).pipe(Effect.provide(Layer.succeed(References.MinimumLogLevel, "Warn"))))
