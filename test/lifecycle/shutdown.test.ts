import { connect, type Socket } from "node:net"
import { describe, expect, it } from "vitest"
import { startServerProcess } from "../support/serverProcess.js"
import { recordTiming } from "../support/timings.js"

const open = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket))
    socket.once("error", reject)
  })

const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once("close", () => resolve()))

/** Everything the socket receives until it closes. */
const received = (socket: Socket) => {
  let text = ""
  socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")))
  return () => text
}

describe("SIGTERM under traffic (issue 18)", () => {
  it("answers the request in flight with Connection: close, closes idle keep-alive sockets, refuses new connections, and exits 0", async () => {
    const server = await startServerProcess()
    try {
      const idle = await open(server.port)
      const idleText = received(idle)
      idle.write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
      while (!/\r\n\r\n/.test(idleText())) await new Promise((r) => setTimeout(r, 20))
      const idleClosed = closed(idle)

      const busy = await open(server.port)
      const busyText = received(busy)
      const body = "{\"name\":\"Acme Trading\"}"
      busy.write(
        `POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n` +
          body.slice(0, 5)
      )
      await new Promise((r) => setTimeout(r, 200))

      const signalledAt = Date.now()
      process.kill(server.pid, "SIGTERM")
      await idleClosed
      recordTiming("SIGTERM: idle keep-alive sockets closed", Date.now() - signalledAt, 2_000)

      await new Promise((r) => setTimeout(r, 300))
      await expect(open(server.port)).rejects.toThrow(/ECONNREFUSED/)

      busy.write(body.slice(5))
      await closed(busy)
      expect(busyText()).toMatch(/^HTTP\/1\.1 401 /)
      expect(busyText().toLowerCase()).toContain("connection: close")

      const code = await server.exited
      recordTiming("SIGTERM: exit with a request in flight", Date.now() - signalledAt, 10_000)
      expect(code).toBe(0)
      expect(server.output()).toMatch(/draining requests in flight/)
    } finally {
      await server.stop()
    }
  }, 120_000)
})
