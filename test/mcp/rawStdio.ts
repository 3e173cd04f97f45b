import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process"
import { repoRoot } from "../sanctions/paths.js"

/**
 * `kyb mcp` spoken to line by line, as a client that writes raw text would: every line it writes to standard output
 * is kept (and must be JSON-RPC), standard error is kept apart.
 */
export interface RawStdio {
  /** Writes one line and waits for the next line of standard output, parsed (it fails the test if it is not JSON). */
  readonly exchange: (line: string) => Promise<Record<string, unknown>>
  /** Writes one line that must get no answer; resolves after `quietMs` with whatever came meanwhile. */
  readonly unanswered: (line: string, quietMs: number) => Promise<ReadonlyArray<string>>
  readonly stdoutLines: () => ReadonlyArray<string>
  readonly stderr: () => string
  readonly close: () => Promise<void>
}

export const startRawStdio = (env: Readonly<Record<string, string>>): RawStdio => {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "mcp"], {
    cwd: repoRoot,
    env: { ...process.env as Record<string, string>, KYB_REGISTRY_LIVE: "none", DATABASE_POOL_SIZE: "2", ...env }
  })
  const lines: Array<string> = []
  let pending = ""
  let stderr = ""
  const waiters: Array<() => void> = []
  child.stdout.setEncoding("utf8")
  child.stdout.on("data", (chunk: string) => {
    pending += chunk
    let end: number
    while ((end = pending.indexOf("\n")) >= 0) {
      lines.push(pending.slice(0, end))
      pending = pending.slice(end + 1)
      waiters.splice(0).forEach((wake) => wake())
    }
  })
  child.stderr.setEncoding("utf8")
  child.stderr.on("data", (chunk: string) => { stderr += chunk })
  let read = 0
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const exited = () => reject(new Error(`kyb mcp exited; stderr: ${stderr}`))
      child.once("exit", exited)
      const poll = () => {
        if (read < lines.length) {
          child.off("exit", exited)
          resolve(lines[read++]!)
        } else waiters.push(poll)
      }
      poll()
    })
  return {
    exchange: async (line) => {
      child.stdin.write(`${line}\n`)
      return JSON.parse(await next()) as Record<string, unknown>
    },
    unanswered: async (line, quietMs) => {
      const before = lines.length
      child.stdin.write(`${line}\n`)
      await new Promise((resolve) => setTimeout(resolve, quietMs))
      read = lines.length
      return lines.slice(before)
    },
    stdoutLines: () => [...lines, ...(pending === "" ? [] : [pending])],
    stderr: () => stderr,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once("exit", () => resolve())
        child.stdin.end()
      })
  }
}

/**
 * `kyb mcp` given `lines` and its standard input closed right after them, as a client that writes its requests and
 * closes: resolves when the process exits, with every line it wrote to standard output and its exit code.
 */
export const writeAndClose = (env: Readonly<Record<string, string>>, lines: ReadonlyArray<string>) =>
  new Promise<{ readonly stdout: ReadonlyArray<string>; readonly code: number | null; readonly stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "mcp"], {
      cwd: repoRoot,
      env: { ...process.env as Record<string, string>, KYB_REGISTRY_LIVE: "none", DATABASE_POOL_SIZE: "2", ...env }
    })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => { stdout += chunk })
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => { stderr += chunk })
    child.once("error", reject)
    child.once("exit", (code) => resolve({ stdout: stdout.split("\n").filter((l) => l !== ""), code, stderr }))
    child.stdin.end(lines.map((line) => `${line}\n`).join(""))
  })
