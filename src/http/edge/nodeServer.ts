import { createServer, type Server } from "node:http"
import type { Duplex } from "node:stream"

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

/** The node:http server every KYB listener uses (the service and the tests). */
export const createKybServer = (): Server => {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES })
  server.on("clientError", answerClientError)
  return server
}
