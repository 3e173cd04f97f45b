import { describe, expect, it } from "vitest"
import { startServerProcess as startServer } from "../support/serverProcess.js"

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
        // What leaves the machine, said once at start (the test server runs with KYB_REGISTRY_LIVE=none).
        expect(lines.filter((line) => line.includes("live registries off (KYB_REGISTRY_LIVE=none)"))).toHaveLength(1)
      } finally {
        await server.stop()
      }
    }, 120_000)
  }
})
