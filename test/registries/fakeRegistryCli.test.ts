import { spawn } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { fakeRegistryIds, parseRecords } from "../../scripts/fake-registry/index.js"
import { fixtureFile } from "./support.js"

const root = fileURLToPath(new URL("../..", import.meta.url))

/** Starts the CLI as `npm run -s fake-registry` does (tsx), waits for its "serving" line, returns url + stderr. */
const startCli = (args: ReadonlyArray<string>) =>
  new Promise<{ url: string; stderr: () => string; stop: () => void }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/fake-registry.ts", ...args], { cwd: root })
    let stdout = ""
    let stderr = ""
    const timer = setTimeout(() => {
      child.kill()
      reject(new Error(`fake-registry did not start: ${stderr}`))
    }, 15_000)
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString()
      const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1]
      if (url) {
        clearTimeout(timer)
        resolve({ url, stderr: () => stderr, stop: () => child.kill("SIGTERM") })
      }
    })
    child.on("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`fake-registry exited with ${code}: ${stderr}`))
    })
  })

describe("fake-registry CLI", () => {
  it("serves a records file in the registry's wire format and reports malformed lines by number", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fake-registry-"))
    const file = join(dir, "records.jsonl")
    const good = JSON.stringify({
      country: "NG",
      registration_no: "RC 208767",
      legal_name: "DANGOTE CEMENT PLC",
      source: "fixture",
      last_verified_at: "2026-11-01T00:00:00Z"
    })
    writeFileSync(file, `${good}\n{"country": "NG"}\n`)
    const cli = await startCli(["--registry", "ng-cac", "--records", file, "--port", "0"])
    try {
      const response = await fetch(`${cli.url}/name_similarity_app/api/public_search/search`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ searchTerm: "dangote", SearchType: "ALL" })
      })
      const body = (await response.json()) as { data: Array<{ rcNumber: string; classificationId: number }> }
      expect(body.data.map((row) => [row.rcNumber, row.classificationId])).toEqual([["208767", 2]])
      expect(cli.stderr()).toMatch(/records\.jsonl:2: skipped/)
    } finally {
      cli.stop()
    }
  })
})

describe("fixture records", () => {
  it("every fixture line is a valid canonical record marked as a fixture", async () => {
    const { readFileSync } = await import("node:fs")
    for (const registry of fakeRegistryIds) {
      const { records, rejected } = parseRecords(readFileSync(fixtureFile(registry), "utf8"))
      expect(rejected).toEqual([])
      expect(records.length).toBeGreaterThanOrEqual(4)
      expect(records.every((r) => r.source_kind === "synthetic" && /fixture/i.test(r.source))).toBe(true)
    }
  })
})
