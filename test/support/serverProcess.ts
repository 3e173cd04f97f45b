import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

export interface ServerProcess {
  readonly url: string
  readonly port: number
  readonly pid: number
  readonly output: () => string
  /** Resolves with the exit code once the process has ended. */
  readonly exited: Promise<number | null>
  readonly waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>
  /** Stops reading the process's standard output (its pipe fills, as behind a log reader that fell behind); `readOutput` reads again. */
  readonly holdOutput: () => void
  readonly readOutput: () => void
  readonly stop: () => Promise<void>
}

/**
 * Runs `src/main.ts` as `npm start` would, on a free loopback port, with the embedded database in a temporary
 * directory unless `env` names a DATABASE_URL. `ready: false` returns before the server listens; `argv` runs
 * something else than the TypeScript entry (the compiled build).
 */
export const startServerProcess = async (
  /** Added to the environment; a variable given `undefined` is left unset (HOST is 127.0.0.1 otherwise). */
  env: Readonly<Record<string, string | undefined>> = {},
  options: { readonly ready?: boolean; readonly argv?: ReadonlyArray<string> } = {}
): Promise<ServerProcess> => {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), "kyb-proc-"))
  const child = spawn(process.execPath, options.argv ?? ["--import", "tsx", "src/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      KYB_DATA_DIR: dataDir,
      KYB_REGISTRY_LIVE: "none",
      LOG_FORMAT: "logfmt",
      ...env
    },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let output = ""
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  let done = false
  void exited.then(() => (done = true))
  const waitFor = async (pattern: RegExp, timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs
    while (!pattern.test(output)) {
      if (Date.now() > deadline || done) throw new Error(`never logged ${pattern}: ${output}`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  if (options.ready !== false) await waitFor(/Listening on/)
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? 0,
    output: () => output,
    exited,
    waitFor,
    holdOutput: () => void child.stdout.pause(),
    readOutput: () => void child.stdout.resume(),
    stop: async () => {
      if (!done) {
        child.kill("SIGTERM")
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000)
        await exited
        clearTimeout(timer)
      }
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
