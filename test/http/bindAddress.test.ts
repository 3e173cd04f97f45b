import { connect } from "node:net"
import { describe, expect, it } from "vitest"
import { startServerProcess } from "../support/serverProcess.js"

/** Whether a TCP connection to `host:port` is accepted (every address tried is on the loopback network, 127.0.0.0/8). */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port })
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("error", () => resolve(false))
  })

describe("the address the server binds (issue 53 item 15)", () => {
  it("without HOST: 127.0.0.1 only (another loopback address is refused); HOST=0.0.0.0 listens on every interface", async () => {
    const local = await startServerProcess({ HOST: undefined })
    try {
      expect(local.output()).toMatch(new RegExp(`Listening on http://127\\.0\\.0\\.1:${local.port}`))
      expect((await fetch(`${local.url}/health`)).status).toBe(200)
      expect(await accepts("127.0.0.2", local.port)).toBe(false)
    } finally {
      await local.stop()
    }
    const every = await startServerProcess({ HOST: "0.0.0.0" })
    try {
      expect(await accepts("127.0.0.2", every.port)).toBe(true)
    } finally {
      await every.stop()
    }
  }, 300_000)
})
