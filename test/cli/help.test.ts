import { describe, expect, it } from "@effect/vitest"
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

const root = path.resolve(import.meta.dirname, "..", "..")

/** Runs the operator CLI as an operator does, without DATABASE_URL: the embedded database would live in `dataDir`. */
const kyb = (args: ReadonlyArray<string>, dataDir: string) =>
  new Promise<{ code: number; stdout: string }>((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, KYB_DATA_DIR: dataDir }
    delete env["DATABASE_URL"]
    execFile(process.execPath, ["--import", "tsx", path.join(root, "src", "cli", "main.ts"), ...args], { cwd: root, env, timeout: 60_000 },
      (error, stdout) => resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout }))
  })

describe("kyb --help", () => {
  it("lists the commands without starting a database", async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kyb-help-")), "data")
    const { code, stdout } = await kyb(["--help"], dataDir)
    expect(code).toBe(0)
    expect(stdout).toContain("ingest")
    expect(stdout).toContain("keys")
    expect(stdout).toContain("registries")
    expect(stdout).toContain("mcp")
    // The embedded database creates its data directory when it starts.
    expect(fs.existsSync(dataDir)).toBe(false)
  }, 60_000)
})
