import * as net from "node:net"

/**
 * A TCP proxy on 127.0.0.1 in front of a database that can freeze: while frozen, whatever the server sends (its
 * answers, its closing a connection) is held back, so that to its clients the server looks stopped (as a SIGSTOPped
 * or unreachable one does); thawed, what was held is delivered in order. Clients' bytes always go through.
 */
export interface FreezableProxy {
  readonly port: number
  /** Client connections accepted so far (the pool's connections and any cancel request). */
  readonly accepted: () => number
  /** Client connections the client closed. */
  readonly closedByClient: () => number
  /** Bytes clients have sent so far. */
  readonly bytesFromClients: () => number
  readonly freeze: () => void
  readonly thaw: () => void
  readonly close: () => Promise<void>
}

export const startFreezableProxy = (target: { readonly host: string; readonly port: number }): Promise<FreezableProxy> =>
  new Promise((resolve, reject) => {
    let frozen = false
    let accepted = 0
    let closedByClient = 0
    let bytesFromClients = 0
    let held: Array<() => void> = []
    const sockets = new Set<net.Socket>()
    const fromServer = (deliver: () => void) => (frozen ? held.push(deliver) : deliver())
    const server = net.createServer((client) => {
      accepted++
      const upstream = net.connect(target.port, target.host)
      sockets.add(client)
      sockets.add(upstream)
      client.on("data", (chunk) => {
        bytesFromClients += chunk.length
        upstream.write(chunk)
      })
      upstream.on("data", (chunk) => fromServer(() => client.write(chunk)))
      client.on("close", () => {
        if (!upstream.destroyed) closedByClient++
        upstream.destroy()
      })
      upstream.on("close", () => fromServer(() => client.destroy()))
      client.on("error", () => upstream.destroy())
      upstream.on("error", () => fromServer(() => client.destroy()))
    })
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      if (address === null || typeof address === "string") return reject(new Error("proxy: no TCP address"))
      resolve({
        port: address.port,
        accepted: () => accepted,
        closedByClient: () => closedByClient,
        bytesFromClients: () => bytesFromClients,
        freeze: () => {
          frozen = true
        },
        thaw: () => {
          frozen = false
          const deliveries = held
          held = []
          for (const deliver of deliveries) deliver()
        },
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy()
            server.close(() => done())
          })
      })
    })
  })
