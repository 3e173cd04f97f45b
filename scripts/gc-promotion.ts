// What the young generation promotes per request (issue 56): the built server, as `npm start` runs it, with V8's
// per-collection trace (--trace-gc-nvp), under autocannon on one route. Over the measured window it sums, from V8's own
// figures, the bytes allocated, the bytes that survived a scavenge and the bytes promoted to the old generation, and
// the full collections that promoted garbage costs later (their count, total and longest pause). A request's objects
// that die young cost a scavenge almost nothing; each byte promoted is marked and swept by a full collection, whose
// pause every request in flight waits out (the p99 against the floor's).
//
//   npx tsx scripts/gc-promotion.ts [--route record|search|404 --connections 32 --duration 10 --warmup 2 --force-gc --churn --no-build]
//
// --force-gc: one full collection a second into the measured window (scripts/support/gcOnSignal.mjs), to see whether
// promotion starts after one and keeps going (a run without it may or may not have had one during its warm-up).
// --churn: also lists the Maps and Sets the server deleted from or cleared most (scripts/support/churnCensus.mjs), each
// with where from: one that lives long and is churned per request keeps its replaced tables, and the requests in them,
// alive until a full collection (src/http/edge/inFlight.ts).
// PostgreSQL on 127.0.0.1:5432 (a scratch database with the benchmark's companies, lists and key, dropped at the end).
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import autocannon from "autocannon"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { buildServer, startNode, waitForHttp } from "./support/apiProcess.js"
import { seedBenchDatabase } from "./support/benchSeed.js"
import { scratchDatabaseUrl } from "./support/scratchDatabase.js"
import { startNodeFlags } from "./support/startFlags.js"

const { values: args } = parseArgs({
  options: {
    route: { type: "string", default: "record" },
    connections: { type: "string", default: "32" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    "force-gc": { type: "boolean", default: false },
    churn: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false }
  }
})
const paths: Record<string, string> = {
  record: "/v1/company/ZA/1994-009584-06",
  search: "/v1/search?q=benchmark%20foods&country=NG",
  "404": "/v1/no-such-route"
}
const route = paths[args.route]
if (route === undefined) throw new Error(`--route is one of ${Object.keys(paths).join(", ")}`)

/** The figures of one collection as V8 prints them with --trace-gc-nvp (`GC: {...}`). */
interface Collection {
  readonly gc: string
  readonly pause: number
  readonly allocated?: number
  readonly promoted?: number
  readonly new_space_survived?: number
}

/** Collects the collections a process prints while `measuring()` says so (its output arrives in arbitrary chunks). */
const collectionsOf = (stdout: NodeJS.ReadableStream, measuring: () => boolean) => {
  const seen: Array<Collection> = []
  let partial = ""
  stdout.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n")
    partial = lines.pop() ?? ""
    for (const line of lines) {
      const at = line.indexOf("GC: {")
      if (at >= 0 && measuring()) seen.push(JSON.parse(line.slice(at + 4)) as Collection)
    }
  })
  return seen
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1)

const program = Effect.gen(function*() {
  if (!args["no-build"]) buildServer()
  const { url } = yield* scratchDatabaseUrl("postgres://postgres@127.0.0.1:5432/postgres", "kyb_gcpromotion")
  const { secret } = yield* seedBenchDatabase(url, "current")
  const port = 19_000 + Math.floor(Math.random() * 900)
  const force = args["force-gc"]
  const churnOut = path.join(os.tmpdir(), `kyb-churn-${process.pid}.md`)
  const flags = [
    ...startNodeFlags(),
    "--trace-gc-nvp",
    ...(force ? ["--expose-gc", "--import", path.resolve("scripts/support/gcOnSignal.mjs")] : []),
    ...(args.churn ? ["--import", path.resolve("scripts/support/churnCensus.mjs")] : [])
  ]
  const env = { HOST: "127.0.0.1", PORT: String(port), DATABASE_URL: url, KYB_REGISTRY_LIVE: "none", KYB_CHURN_OUT: churnOut }
  const server = startNode([...flags, "dist/main.js"], env)
  let measuring = false
  const collections = collectionsOf(server.child.stdout, () => measuring)
  const stop = Effect.promise(() => new Promise((done) => (server.child.exitCode === null ? server.child.once("exit", done).kill("SIGTERM") : done(null))))
  return yield* Effect.gen(function*() {
    const base = `http://127.0.0.1:${port}`
    yield* Effect.promise(() => waitForHttp(`${base}/health`, server))
    const options = { url: base + route, connections: Number(args.connections), headers: { "x-api-key": secret } }
    yield* Effect.promise(() => autocannon({ ...options, duration: Number(args.warmup) }))
    measuring = true
    const forced = force ? setTimeout(() => server.child.kill("SIGUSR2"), 1000) : undefined
    const run = yield* Effect.promise(() => autocannon({ ...options, duration: Number(args.duration) }))
    measuring = false
    clearTimeout(forced)
    const requests = Math.max(run.requests.total, 1)
    const scavenges = collections.filter((c) => c.gc === "s")
    const full = collections.filter((c) => c.gc !== "s")
    const sum = (cs: ReadonlyArray<Collection>, f: (c: Collection) => number | undefined) => cs.reduce((s, c) => s + (f(c) ?? 0), 0)
    const allocated = sum(scavenges, (c) => c.allocated)
    const promoted = sum(scavenges, (c) => c.promoted)
    process.stdout.write([
      `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? "?"}, node ${process.version}, ${new Date().toISOString()}`,
      `Command: npx tsx scripts/gc-promotion.ts ${process.argv.slice(2).join(" ")}`,
      `Server flags: ${flags.join(" ")}`,
      "",
      "| route | conns | requests | req/s | p99 ms | scavenges | allocated MB | survived a scavenge MB | promoted MB | promoted KB / req | share promoted | full GCs | their pause ms (longest) |",
      "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
      `| GET ${decodeURIComponent(route)} | ${args.connections} | ${run.requests.total} | ${Math.round(run.requests.total / Number(args.duration))} | ${run.latency.p99} | ` +
      `${scavenges.length} | ${mb(allocated)} | ${mb(sum(scavenges, (c) => c.new_space_survived))} | ${mb(promoted)} | ` +
      `${(promoted / 1024 / requests).toFixed(2)} | ${allocated === 0 ? "-" : `${((100 * promoted) / allocated).toFixed(1)} %`} | ` +
      `${full.length} | ${sum(full, (c) => c.pause).toFixed(1)} (${Math.max(0, ...full.map((c) => c.pause)).toFixed(1)}) |`,
      ""
    ].join("\n"))
  }).pipe(Effect.ensuring(stop), Effect.andThen(Effect.sync(() => printChurn(churnOut))))
})

/** The census the server wrote at its exit (--churn), as a table. */
const printChurn = (file: string) => {
  if (!fs.existsSync(file)) return
  process.stdout.write([
    "Maps and Sets deleted from or cleared 100 times or more, most first (from the server's start to its stop):",
    "",
    "| kind | deletes and clears | size at exit | first deleted from |",
    "|---|---|---|---|",
    fs.readFileSync(file, "utf8"),
    ""
  ].join("\n"))
  fs.rmSync(file)
}

NodeRuntime.runMain(Effect.scoped(program))
