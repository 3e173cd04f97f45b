import { execFileSync, spawnSync } from "node:child_process"
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "./serverProcess.js"

const BIN = "/usr/lib/postgresql/15/bin"

/** A PostgreSQL 15 installation to start private clusters with (never the machine's own server). */
export const clusterBinariesPresent = existsSync(join(BIN, "initdb")) && existsSync(join(BIN, "pg_ctl"))

const asRoot = typeof process.getuid === "function" && process.getuid() === 0

/** initdb and the server refuse to run as root: run them as the `postgres` user then. */
const run = (program: string, args: ReadonlyArray<string>) => {
  const [command, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", join(BIN, program), ...args]] : [join(BIN, program), args]
  const result = spawnSync(command, argv, { encoding: "utf8" })
  if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr}${result.stdout}`)
}

export interface PgCluster {
  readonly port: number
  readonly url: string
  readonly start: () => void
  readonly stop: () => void
  /** SIGSTOP (freeze) or SIGCONT (thaw) the postmaster and every backend. */
  readonly signal: (signal: "SIGSTOP" | "SIGCONT") => void
  readonly remove: () => void
}

/** A fresh cluster in a temporary directory on a free loopback port; `start()` runs it. */
export const makeCluster = async (): Promise<PgCluster> => {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), "kyb-pg-"))
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim())
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim())
    chownSync(dir, uid, gid)
  }
  const data = join(dir, "data")
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"])
  const pids = () => {
    const postmaster = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0])
    const children = spawnSync("pgrep", ["-P", String(postmaster)], { encoding: "utf8" }).stdout
      .split("\n").filter((line) => line.trim() !== "").map(Number)
    return [postmaster, ...children]
  }
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      run("pg_ctl", [
        "-D", data, "-w", "-l", join(dir, "log"),
        "-o", `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`,
        "start"
      ]),
    stop: () => run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]),
    signal: (signal) => {
      for (const pid of pids()) process.kill(pid, signal)
    },
    remove: () => rmSync(dir, { recursive: true, force: true })
  }
}
