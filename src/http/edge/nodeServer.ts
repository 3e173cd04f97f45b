import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { Duplex } from "node:stream"
import { type InFlight, makeInFlight } from "./inFlight.js"

/** Node's limit on the request line plus headers; larger requests get 431 from the parser. */
export const MAX_HEADER_BYTES = 16 * 1024

const jsonReply = (status: number, reason: string, message: string) => {
  const body = JSON.stringify({ error: "invalid_request", message })
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`
}

/**
 * Requests node's parser refuses before the application sees them (headers too large, malformed request lines
 * or header bytes) are answered with the same `{error, message}` body as everything else, then closed.
 */
const answerClientError = (error: Error & { code?: string }, socket: Duplex) => {
  if (!socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
    socket.destroy()
    return
  }
  const reply = error.code === "HPE_HEADER_OVERFLOW"
    ? jsonReply(431, "Request Header Fields Too Large", `The request line and headers exceed ${MAX_HEADER_BYTES} bytes.`)
    : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
    ? jsonReply(408, "Request Timeout", "The request was not received in time.")
    : jsonReply(400, "Bad Request", "The request is not valid HTTP.")
  socket.end(reply)
}

interface Traffic {
  readonly inFlight: InFlight<ServerResponse>
  draining: boolean
}

const traffic = new WeakMap<Server, Traffic>()

/** The node:http server every KYB listener uses (the service and the tests). */
export const createKybServer = (): Server => {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES })
  const state: Traffic = { inFlight: makeInFlight(), draining: false }
  traffic.set(server, state)
  server.on("clientError", answerClientError)
  // Registered before the application's own listener, so a draining server's answers say the connection ends.
  server.on("request", (_request: IncomingMessage, response: ServerResponse) => {
    const slot = state.inFlight.begin(response)
    if (state.draining) response.setHeader("connection", "close")
    response.once("close", () => state.inFlight.end(slot))
  })
  return server
}

/**
 * A graceful stop: no new connections, idle keep-alive sockets closed at once, every request already received
 * answered (with `Connection: close`, so its socket ends after it), and whatever is still open after `graceMs`
 * cut. Resolves when no request is in flight or the grace period is over.
 */
export const drainServer = async (server: Server, graceMs: number): Promise<{ readonly cut: number }> => {
  const state = traffic.get(server)
  if (state === undefined || !server.listening) return { cut: 0 }
  state.draining = true
  for (const response of state.inFlight.items()) if (!response.headersSent) response.setHeader("connection", "close")
  server.close()
  server.closeIdleConnections()
  const deadline = Date.now() + graceMs
  while (state.inFlight.size() > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    server.closeIdleConnections()
  }
  const cut = state.inFlight.size()
  server.closeAllConnections()
  return { cut }
}
