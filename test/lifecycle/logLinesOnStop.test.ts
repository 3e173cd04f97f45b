import { describe, expect, it } from "vitest"
import { startServerProcess } from "../support/serverProcess.js"

// Log lines are written once per turn of the event loop (src/logging/lineWriter.ts): a clean stop must still write every
// line logged before it, up to the last one the stop itself logs.
describe("log lines on a clean stop (issue 56)", () => {
  it("every request answered before SIGTERM has its log line, and the stop's own last line is written", async () => {
    const server = await startServerProcess()
    try {
      const ids = Array.from({ length: 40 }, (_, i) => `stop-flush-${String(i).padStart(4, "0")}`)
      const replies = await Promise.all(ids.map((id) => fetch(`${server.url}/health`, { headers: { "x-request-id": id } })))
      expect(replies.map((r) => r.status)).toEqual(ids.map(() => 200))
      process.kill(server.pid, "SIGTERM")
      expect(await server.exited).toBe(0)
      const lines = server.output().split("\n")
      for (const id of ids) expect(lines.filter((line) => line.includes(id)), id).toHaveLength(1)
      expect(lines.filter((line) => /message=drained/.test(line)), server.output()).toHaveLength(1)
    } finally {
      await server.stop()
    }
  }, 120_000)

  it("a log reader that stops reading does not stop the server: every request is answered, and its line written once the reader reads again", async () => {
    const server = await startServerProcess()
    try {
      server.holdOutput()
      // about 250 bytes a line: four times what a pipe holds (64 KB)
      const ids = Array.from({ length: 1000 }, (_, i) => `held-reader-${String(i).padStart(4, "0")}`)
      for (let i = 0; i < ids.length; i += 50) {
        const replies = await Promise.all(ids.slice(i, i + 50).map((id) => fetch(`${server.url}/health`, { headers: { "x-request-id": id } })))
        expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200))
      }
      expect(server.output()).not.toContain(ids.at(-1))
      server.readOutput()
      await server.waitFor(new RegExp(ids.at(-1)!))
      const lines = server.output().split("\n")
      for (const id of ids) expect(lines.filter((line) => line.includes(id)), id).toHaveLength(1)
    } finally {
      await server.stop()
    }
  }, 180_000)
})
