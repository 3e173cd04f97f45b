import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { type CliDatabase, cliDatabase, kyb, repoRoot } from "../support/cliProcess.js"
import { type ServerProcess, startServerProcess } from "../support/serverProcess.js"
import { doneWhen } from "./demoFacts.js"

/** `npm run demo` (issue 26 item 2): the shipped real data into a fresh database, then the three printed requests. */

const demo = (env: Readonly<Record<string, string>>, port: number) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env }
    if (!("DATABASE_URL" in env)) delete childEnv["DATABASE_URL"]
    execFile(process.execPath, ["--import", "tsx", "scripts/demo.ts", "--port", String(port)], { cwd: repoRoot, env: childEnv },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : Number(error.code ?? 1), stdout, stderr }))
  })

describe("npm run demo with no server running", () => {
  const oneLine = (stderr: string) => expect(stderr.trimEnd().split("\n")).toHaveLength(1)

  it("on the data directory: stops at once with one line saying to start one, and creates nothing", async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "kyb-demo-none-"))
    const dataDir = path.join(parent, "data")
    try {
      const r = await demo({ KYB_DATA_DIR: dataDir }, 9)
      expect(r.code).toBe(1)
      oneLine(r.stderr)
      expect(r.stderr).toContain(`no server is running on the data directory ${dataDir}: start one (npm start) in another terminal`)
      expect(r.stdout).toBe("")
      // Before, it made a database of its own there and loaded the lists into it first.
      expect(fs.readdirSync(parent)).toEqual([])
    } finally {
      fs.rmSync(parent, { recursive: true, force: true })
    }
  }, 120_000)

  it("at an unreachable DATABASE_URL: one line naming it (no password) and saying to start it", async () => {
    const r = await demo({ DATABASE_URL: "postgres://postgres:secret@127.0.0.1:9/kyb" }, 9)
    expect(r.code).toBe(1)
    oneLine(r.stderr)
    expect(r.stderr).toContain("the database at DATABASE_URL (127.0.0.1:9/kyb) does not answer")
    expect(r.stderr).toContain("npm start")
    expect(r.stderr).not.toContain("secret")
    expect(r.stdout).toBe("")
  }, 120_000)
})

describe("npm run demo", () => {
  let db: CliDatabase
  let server: ServerProcess
  beforeAll(async () => {
    db = await cliDatabase()
    server = await startServerProcess(db.env, { ready: false })
    await server.waitFor(/Listening on/, 300_000)
  }, 360_000)
  afterAll(async () => {
    await server?.stop()
    await db?.close()
  })

  it("loads the real data with a line per step, again without changes, and its three requests answer verified, review with a hit, review not covered; no invented number, one business one record", async () => {
    const first = await demo(db.env, server.port)
    expect(first.code, first.stderr).toBe(0)
    const steps = first.stderr.trimEnd().split("\n").filter((l) => /^\[\d\/9 /.test(l))
    expect(steps).toHaveLength(9)
    expect(steps.at(-1)).toContain(`the server on port ${server.port} screens with these lists`)
    expect(first.stderr).toContain("OFAC SDN 2024-05-03: activated")
    expect(first.stderr).toContain("CAC PSC register: 10 rows")

    const again = await demo(db.env, server.port)
    expect(again.code, again.stderr).toBe(0)
    expect(again.stderr).toContain("OFAC SDN 2024-05-03: unchanged")
    expect(again.stderr).toMatch(/listed companies: (\d+) rows: 0 new, 0 updated, \1 unchanged/)

    const created = await kyb(["keys", "create", "--label", "demo"], db.env)
    expect(created.code, created.stderr).toBe(0)
    const key = created.stdout.trim().split("\n").at(-1)!
    const commands = first.stdout.split("\n").filter((l) => l.startsWith("curl "))
    expect(commands).toHaveLength(3)
    // The demo returned once the running server screened with the lists it activated: no waiting here.
    const verdicts: Array<unknown> = []
    for (const command of commands) {
      const url = /"(http:\/\/localhost:\d+\/v1\/verify\?[^"]+)"/.exec(command)![1]!.replace(/^http:\/\/localhost/, "http://127.0.0.1")
      const response = await fetch(url, { headers: { "x-api-key": key } })
      expect(response.status).toBe(200)
      const body = await response.json() as { result: string; review_reason: string | null; sanctions: { hits: Array<unknown> } }
      verdicts.push([body.result, body.review_reason, body.sanctions.hits.length > 0])
    }
    expect(verdicts).toEqual([["verified", null, false], ["review", "sanctions_match", true], ["review", "registry_not_covered", false]])
    await doneWhen(`http://127.0.0.1:${server.port}`, key, first.stderr)
  }, 600_000)
})
