import { Effect, Exit, Scope } from "effect"
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { scratchDatabaseUrl } from "../../scripts/support/scratchDatabase.js"

export const repoRoot = path.resolve(import.meta.dirname, "..", "..")

export interface CliResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** Where a CLI process finds its database: a scratch database on DATABASE_URL's server, or an embedded one in a temp dir. */
export interface CliDatabase {
  readonly env: Readonly<Record<string, string>>
  readonly close: () => Promise<void>
}

export const cliDatabase = async (): Promise<CliDatabase> => {
  const server = process.env["DATABASE_URL"]
  if (server === undefined || server.trim() === "") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kyb-cli-"))
    return { env: { KYB_DATA_DIR: path.join(dir, "data") }, close: async () => fs.rmSync(dir, { recursive: true, force: true }) }
  }
  const scope = await Effect.runPromise(Scope.make())
  const db = await Effect.runPromise(Scope.provide(scratchDatabaseUrl(server, "kyb_cli"), scope))
  return { env: { DATABASE_URL: db.url }, close: () => Effect.runPromise(Scope.close(scope, Exit.void)) }
}

/** Runs the operator CLI from the sources as an operator does (stdout and stderr are pipes, not a terminal). */
export const kyb = (args: ReadonlyArray<string>, env: Readonly<Record<string, string>>): Promise<CliResult> =>
  new Promise((resolve) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env }
    if (!("DATABASE_URL" in env)) delete childEnv["DATABASE_URL"]
    execFile(process.execPath, ["--import", "tsx", path.join(repoRoot, "src", "cli", "main.ts"), ...args], {
      cwd: repoRoot,
      env: childEnv,
      maxBuffer: 64 * 1024 * 1024
    }, (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr }))
  })
