import { execFileSync, spawnSync } from "node:child_process"
import { chownSync, existsSync, mkdirSync, readFileSync } from "node:fs"
import { createServer } from "node:net"
import { join } from "node:path"

/**
 * PostgreSQL 15 clusters of the fleet on this machine: a primary and streaming replicas made with
 * `pg_basebackup -R`, each in its own directory on a loopback port. initdb and the server refuse to run as root:
 * as root they run as the `postgres` user, and the fleet's directory belongs to it.
 */
export const PG_BIN = process.env["KYB_PG_BIN"] ?? "/usr/lib/postgresql/15/bin"

export const binariesPresent = () => ["initdb", "pg_ctl", "pg_basebackup"].every((p) => existsSync(join(PG_BIN, p)))

const asRoot = typeof process.getuid === "function" && process.getuid() === 0

const run = (program: string, args: ReadonlyArray<string>) => {
  const [command, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", join(PG_BIN, program), ...args]] : [join(PG_BIN, program), args]
  const result = spawnSync(command, argv, { encoding: "utf8" })
  if (result.status !== 0) throw new Error(`${program} ${args.join(" ")} failed: ${result.stderr}${result.stdout}`)
  return result.stdout
}

/** A directory the cluster processes may write into (owned by `postgres` when running as root). */
export const ownedDirectory = (dir: string) => {
  mkdirSync(dir, { recursive: true })
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim())
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim())
    chownSync(dir, uid, gid)
  }
  return dir
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))))
    })
  })

export interface ClusterInfo {
  readonly name: string
  readonly dir: string
  readonly port: number
}

export const clusterUrl = (c: ClusterInfo, database = "postgres") => `postgres://postgres@127.0.0.1:${c.port}/${database}`

const dataOf = (c: ClusterInfo) => join(c.dir, "data")

/** Starts the cluster (waits until it accepts connections). */
export const startCluster = (c: ClusterInfo) =>
  run("pg_ctl", [
    "-D", dataOf(c), "-w", "-t", "60", "-l", join(c.dir, "log"),
    "-o", [
      `-p ${c.port}`, "-c listen_addresses=127.0.0.1", `-c unix_socket_directories=${c.dir}`,
      "-c max_connections=200", "-c shared_preload_libraries=pg_stat_statements", "-c hot_standby_feedback=on",
      "-c synchronous_commit=off"
    ].join(" "),
    "start"
  ])

/** `fast` (clients disconnected, a clean shutdown) or `immediate` (as a crash). */
export const stopCluster = (c: ClusterInfo, mode: "fast" | "immediate" = "fast") => {
  if (!isRunning(c)) return
  run("pg_ctl", ["-D", dataOf(c), "-m", mode, "-w", "-t", "60", "stop"])
}

export const postmasterPid = (c: ClusterInfo): number | null => {
  try {
    return Number(readFileSync(join(dataOf(c), "postmaster.pid"), "utf8").split("\n")[0])
  } catch {
    return null
  }
}

export const isRunning = (c: ClusterInfo) => {
  const pid = postmasterPid(c)
  if (pid === null) return false
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** SIGSTOP (freeze) or SIGCONT (thaw) the postmaster and every process of the cluster. */
export const signalCluster = (c: ClusterInfo, signal: "SIGSTOP" | "SIGCONT") => {
  const postmaster = postmasterPid(c)
  if (postmaster === null) return
  const children = spawnSync("pgrep", ["-P", String(postmaster)], { encoding: "utf8" }).stdout
    .split("\n").filter((line) => line.trim() !== "").map(Number)
  for (const pid of [postmaster, ...children]) process.kill(pid, signal)
}

/** A new primary cluster in `root/<name>` (trust authentication on loopback, replication allowed). */
export const initPrimary = (root: string, name: string, port: number): ClusterInfo => {
  const c = { name, dir: ownedDirectory(join(root, name)), port }
  run("initdb", ["-D", dataOf(c), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"])
  return c
}

/** A streaming replica of `primary` (running) in `root/<name>`: a base backup with its standby settings written. */
export const initReplica = (root: string, name: string, port: number, primary: ClusterInfo): ClusterInfo => {
  const c = { name, dir: ownedDirectory(join(root, name)), port }
  run("pg_basebackup", [
    "-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres", "-D", dataOf(c), "-R", "-X", "stream", "-c", "fast", "--no-sync"
  ])
  return c
}
