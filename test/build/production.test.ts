import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { repoRoot } from "../sanctions/paths.js"
import { startNodeFlags } from "../../scripts/support/startFlags.js"
import { startServerProcess } from "../support/serverProcess.js"

describe("the production build (issue 14)", () => {
  it("npm run build compiles to plain JavaScript that node runs without tsx, with npm start's flags, and it serves", async () => {
    const build = spawnSync("npm", ["run", "-s", "build"], { cwd: repoRoot, encoding: "utf8" })
    expect(build.status, `${build.stdout}${build.stderr}`).toBe(0)
    for (const file of ["main.js", "db/embeddedWorker.mjs", "companies/ingest/prepare/boot.cjs", "companies/ingest/prepare/worker.js"]) {
      expect(fs.existsSync(path.join(repoRoot, "dist", file)), file).toBe(true)
    }
    const flags = startNodeFlags(repoRoot)
    const server = await startServerProcess({}, { argv: [...flags, "dist/main.js"] })
    try {
      const health = await fetch(`${server.url}/health`)
      expect(health.status).toBe(200)
      const cmdline = fs.readFileSync(`/proc/${server.pid}/cmdline`, "utf8")
      expect(cmdline).not.toContain("tsx")
      expect(cmdline.split("\0").slice(1, -2)).toEqual(flags)
      const doc = await fetch(`${server.url}/v1/openapi.json`)
      expect(doc.status).toBe(200)
    } finally {
      await server.stop()
    }
  }, 180_000)
})
