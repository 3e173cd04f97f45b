import { describe, expect, it } from "vitest"
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

/** Starts `src/main.ts` as `npm start` would (embedded database in a temporary directory unless DATABASE_URL). */
const startServer = async (env: Readonly<Record<string, string>>) => {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), "kyb-log-"))
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", KYB_DATA_DIR: dataDir, KYB_REGISTRY_LIVE: "none", ...env },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let output = ""
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
  const deadline = Date.now() + 90_000
  while (!/Listening on/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start: ${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM")
      await new Promise((r) => child.once("exit", r))
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

describe("log lines: one per event, in the configured format (issues 14, 18)", () => {
  for (const format of ["json", "logfmt"] as const) {
    it(`LOG_FORMAT=${format}: every line parses in that format, the request is logged once with its request id`, async () => {
      const server = await startServer({ LOG_FORMAT: format })
      try {
        const reply = await fetch(`${server.url}/health`, { headers: { "x-request-id": "trace-log-lines-1" } })
        expect(reply.status).toBe(200)
        await new Promise((r) => setTimeout(r, 300))
        const lines = server.output().split("\n").filter((line) => line.trim() !== "")
        for (const line of lines) {
          if (format === "json") expect(() => JSON.parse(line), line).not.toThrow()
          else expect(line, line).toMatch(/^timestamp=\S+ level=[A-Z]+ fiber=/)
        }
        const requestLines = lines.filter((line) => line.includes("trace-log-lines-1"))
        expect(requestLines, server.output()).toHaveLength(1)
        expect(lines.filter((line) => line.includes("Listening on"))).toHaveLength(1)
      } finally {
        await server.stop()
      }
    }, 120_000)
  }
})
