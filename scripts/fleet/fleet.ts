import { SqlClient } from "effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted, References } from "effect"
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import { connect } from "node:net"
import * as path from "node:path"
import { migrate } from "../../src/db/Migrations.js"
import { startNodeFlags } from "../support/startFlags.js"
import { prometheusConfig } from "../support/prometheusConfig.js"
import {
  type ClusterInfo, clusterUrl, freePort, initPrimary, initReplica, isRunning, startCluster, stopCluster
} from "./cluster.js"

/**
 * A fleet on this machine: a PostgreSQL primary and its streaming replica, API instances (the compiled server,
 * `dist/main.js`, as `npm start` runs it) and HAProxy in front, balancing on their /health; everything on 127.0.0.1,
 * under one directory that `down` removes. The state (ports, pids) is kept in `<dir>/fleet.json`.
 */
export interface InstanceInfo {
  readonly name: string
  readonly port: number
  /** Its /metrics listener (KYB_METRICS_PORT); scraped by the configuration in `<dir>/prometheus.yml`. */
  readonly metricsPort: number
  pid: number
  readonly log: string
}

export interface FleetState {
  readonly dir: string
  readonly primary: ClusterInfo
  readonly replica: ClusterInfo | null
  readonly instances: Array<InstanceInfo>
  readonly lbPort: number
  readonly env: Record<string, string>
}

export interface FleetOptions {
  readonly dir: string
  readonly instances: number
  readonly replica: boolean
  /** Settings every instance gets beside the fleet's own. */
  readonly env?: Record<string, string>
  /** Runs against the primary once its schema is in place, before the instances start (seeding). */
  readonly prepare?: (primaryUrl: string) => Promise<void>
  readonly log?: (line: string) => void
}

const stateFile = (dir: string) => path.join(dir, "fleet.json")
export const lbUrl = (s: FleetState) => `http://127.0.0.1:${s.lbPort}`
export const primaryUrl = (s: FleetState) => clusterUrl(s.primary)
/** A Prometheus configuration scraping every instance's /metrics, with the alert rules (`prometheus --config.file=...`). */
export const prometheusConfigFile = (s: FleetState) => path.join(s.dir, "prometheus.yml")

export const readState = (dir: string): FleetState | null =>
  fs.existsSync(stateFile(dir)) ? JSON.parse(fs.readFileSync(stateFile(dir), "utf8")) as FleetState : null
const writeState = (s: FleetState) => fs.writeFileSync(stateFile(s.dir), JSON.stringify(s, null, 2))

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export const waitForHealth = async (url: string, ms = 90_000, isUp: (status: number) => boolean = (s) => s === 200) => {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) }).then((r) => isUp(r.status), () => false)) return
    await sleep(200)
  }
  throw new Error(`${url}/health never answered 200`)
}

/** The newest modification under `dir` (ms). */
const newest = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const full = path.join(dir, entry.name)
    return Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs)
  }, 0)

// Written after each build: tsc leaves an output it would write unchanged untouched, so its dates say little.
const BUILD_STAMP = "dist/.built"

/** `npm run build` unless the last one is newer than every source file. */
export const buildIfStale = (log: (line: string) => void) => {
  const built = fs.existsSync(BUILD_STAMP) && fs.existsSync("dist/main.js") ? fs.statSync(BUILD_STAMP).mtimeMs : 0
  if (built > newest("src")) return
  log("building dist/ (npm run build)")
  const result = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit" })
  if (result.status !== 0) throw new Error("npm run build failed")
  fs.writeFileSync(BUILD_STAMP, new Date().toISOString())
}

const instanceEnv = (s: FleetState, i: InstanceInfo): Record<string, string> => ({
  PORT: String(i.port),
  HOST: "127.0.0.1",
  DATABASE_URL: clusterUrl(s.primary),
  ...(s.replica === null ? {} : { DATABASE_READ_URL: clusterUrl(s.replica) }),
  KYB_INSTANCE_NAME: i.name,
  KYB_METRICS_PORT: String(i.metricsPort),
  KYB_DATA_DIR: path.join(s.dir, i.name),
  KYB_REGISTRY_LIVE: "none",
  LOG_LEVEL: "warning",
  ...s.env
})

/** Starts (or starts again) instance `i` of the fleet, detached, its output appended to its log. */
export const startInstance = (s: FleetState, i: InstanceInfo) => {
  const out = fs.openSync(i.log, "a")
  const child = spawn(process.execPath, [...startNodeFlags(), "dist/main.js"], {
    env: { ...process.env, ...instanceEnv(s, i) },
    stdio: ["ignore", out, out],
    detached: true
  })
  child.unref()
  fs.closeSync(out)
  i.pid = child.pid ?? 0
  writeState(s)
  return i
}

/** SIGTERM (drains, exits) or SIGKILL (a crash). Resolves once the process is gone. */
export const stopInstance = async (i: InstanceInfo, signal: "SIGTERM" | "SIGKILL" = "SIGTERM") => {
  if (i.pid === 0 || !alive(i.pid)) return
  process.kill(i.pid, signal)
  const deadline = Date.now() + 15_000
  while (alive(i.pid)) {
    if (Date.now() > deadline) process.kill(i.pid, "SIGKILL")
    await sleep(50)
  }
}

const haproxyConfig = (s: FleetState) => [
  "global",
  "  maxconn 4096",
  `  stats socket ${path.join(s.dir, "haproxy.sock")} mode 600 level admin`,
  "defaults",
  "  mode http",
  "  timeout connect 1s",
  "  timeout client 30s",
  "  timeout server 30s",
  "  timeout http-request 10s",
  // A request whose connection to an instance failed, or that got nothing back (an instance gone), is sent to
  // another one; a request an instance was working on when it died is not repeated.
  "  retries 2",
  "  option redispatch 1",
  "  retry-on conn-failure empty-response",
  "frontend api",
  `  bind 127.0.0.1:${s.lbPort}`,
  "  default_backend instances",
  "backend instances",
  "  balance leastconn",
  "  option httpchk GET /health",
  "  http-check expect status 200",
  "  default-server inter 500ms fall 2 rise 2",
  "  http-response set-header X-Served-By %s",
  ...s.instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`),
  ""
].join("\n")

const haproxyPidFile = (s: FleetState) => path.join(s.dir, "haproxy.pid")

const haproxyPid = (s: FleetState) => {
  try {
    return Number(fs.readFileSync(haproxyPidFile(s), "utf8").trim())
  } catch {
    return 0
  }
}

/** A command on HAProxy's admin socket (`show stat`, `disable server instances/api1`, ...). */
export const haproxyCommand = (s: FleetState, command: string) =>
  new Promise<string>((resolve, reject) => {
    let out = ""
    const socket = connect(path.join(s.dir, "haproxy.sock"), () => socket.end(`${command}\n`))
    socket.on("data", (chunk) => (out += chunk.toString()))
    socket.on("end", () => resolve(out))
    socket.on("error", reject)
  })

/** Current sessions per instance as HAProxy counts them. */
export const sessionsPerInstance = async (s: FleetState) => {
  const csv = (await haproxyCommand(s, "show stat")).split("\n")
  const header = (csv[0] ?? "").replace(/^# /, "").split(",")
  const at = (name: string) => header.indexOf(name)
  const out = new Map<string, { current: number; status: string }>()
  for (const line of csv.slice(1)) {
    const f = line.split(",")
    if (f[at("pxname")] === "instances" && f[at("svname")] !== "BACKEND") {
      out.set(f[at("svname")]!, { current: Number(f[at("scur")]), status: f[at("status")] ?? "" })
    }
  }
  return out
}

export const up = async (options: FleetOptions): Promise<FleetState> => {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`))
  if (readState(options.dir) !== null) throw new Error(`a fleet already runs in ${options.dir}: down first`)
  buildIfStale(log)
  fs.mkdirSync(options.dir, { recursive: true })
  fs.chmodSync(options.dir, 0o755)
  const primary = initPrimary(options.dir, "primary", await freePort())
  const state: FleetState = {
    dir: options.dir,
    primary,
    replica: null,
    instances: [],
    lbPort: await freePort(),
    env: options.env ?? {}
  }
  writeState(state)
  startCluster(primary)
  log(`primary on 127.0.0.1:${primary.port}`)
  await Effect.runPromise(Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`
    yield* migrate()
  }).pipe(
    Effect.provide(PgClient.layer({ url: Redacted.make(clusterUrl(primary)), maxConnections: 1 })),
    Effect.provide(Layer.succeed(References.MinimumLogLevel, "Warn"))
  ))
  if (options.prepare !== undefined) await options.prepare(clusterUrl(primary))
  const withReplica: FleetState = options.replica
    ? { ...state, replica: initReplica(options.dir, "replica", await freePort(), primary) }
    : state
  if (withReplica.replica !== null) {
    startCluster(withReplica.replica)
    log(`streaming replica on 127.0.0.1:${withReplica.replica.port}`)
  }
  for (let n = 1; n <= options.instances; n++) {
    withReplica.instances.push({ name: `api${n}`, port: await freePort(), metricsPort: await freePort(), pid: 0, log: path.join(options.dir, `api${n}.log`) })
  }
  writeState(withReplica)
  for (const i of withReplica.instances) startInstance(withReplica, i)
  for (const i of withReplica.instances) {
    await waitForHealth(`http://127.0.0.1:${i.port}`)
    log(`${i.name} (pid ${i.pid}) on 127.0.0.1:${i.port}`)
  }
  fs.writeFileSync(path.join(options.dir, "haproxy.cfg"), haproxyConfig(withReplica))
  fs.writeFileSync(prometheusConfigFile(withReplica), prometheusConfig(
    withReplica.instances.map((i) => ({ name: i.name, address: `127.0.0.1:${i.metricsPort}` }))
  ))
  const haproxy = spawnSync("haproxy", ["-f", path.join(options.dir, "haproxy.cfg"), "-D", "-p", haproxyPidFile(withReplica)], { encoding: "utf8" })
  if (haproxy.status !== 0) throw new Error(`haproxy failed: ${haproxy.stderr}`)
  await waitForHealth(lbUrl(withReplica))
  log(`HAProxy on ${lbUrl(withReplica)} over ${withReplica.instances.length} instance(s)`)
  return withReplica
}

export const down = async (s: FleetState, log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)) => {
  const lb = haproxyPid(s)
  if (lb !== 0 && alive(lb)) process.kill(lb, "SIGTERM")
  await Promise.all(s.instances.map((i) => stopInstance(i)))
  if (s.replica !== null) stopCluster(s.replica, "fast")
  stopCluster(s.primary, "fast")
  fs.rmSync(s.dir, { recursive: true, force: true })
  log(`fleet in ${s.dir} stopped and removed`)
}

export const status = async (s: FleetState) => {
  const lines = [
    `primary  127.0.0.1:${s.primary.port}  ${isRunning(s.primary) ? "running" : "stopped"}`,
    ...(s.replica === null ? [] : [`replica  127.0.0.1:${s.replica.port}  ${isRunning(s.replica) ? "running" : "stopped"}`])
  ]
  for (const i of s.instances) {
    const health = await fetch(`http://127.0.0.1:${i.port}/health`, { signal: AbortSignal.timeout(2000) })
      .then(async (r) => `${r.status} ${await r.text()}`, () => "no answer")
    lines.push(`${i.name}     127.0.0.1:${i.port}  pid ${i.pid} ${alive(i.pid) ? "running" : "gone"}  /health ${health}`)
  }
  const lb = haproxyPid(s)
  const sessions = lb !== 0 && alive(lb) ? await sessionsPerInstance(s).catch(() => new Map()) : new Map()
  lines.push(`haproxy  ${lbUrl(s)}  ${lb !== 0 && alive(lb) ? "running" : "stopped"}  ` +
    [...sessions].map(([name, v]) => `${name}=${v.status}`).join(" "))
  return lines.join("\n")
}
