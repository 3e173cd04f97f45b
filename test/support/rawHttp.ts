import { connect } from "node:net"

export interface RawReply {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

/**
 * Sends bytes exactly as given (no client normalises the URL or refuses a header) and reads one response on a
 * connection the request closes. Fails after `timeoutMs`.
 */
export const rawRequest = (port: number, bytes: string | Buffer, timeoutMs = 10_000): Promise<RawReply> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1")
    const chunks: Array<Buffer> = []
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no complete answer within ${timeoutMs} ms`))
    }, timeoutMs)
    socket.on("data", (chunk) => chunks.push(typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk))
    socket.on("error", (error) => {
      clearTimeout(timer)
      reject(error)
    })
    socket.on("close", () => {
      clearTimeout(timer)
      const text = Buffer.concat(chunks).toString("latin1")
      const split = text.indexOf("\r\n\r\n")
      const head = split === -1 ? text : text.slice(0, split)
      const [statusLine = "", ...lines] = head.split("\r\n")
      const headers: Record<string, string> = {}
      for (const line of lines) {
        const colon = line.indexOf(":")
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
      }
      const raw = split === -1 ? "" : text.slice(split + 4)
      const body = headers["transfer-encoding"] === "chunked" ? dechunk(raw) : raw
      resolve({ status: Number(statusLine.split(" ")[1] ?? 0), headers, body: Buffer.from(body, "latin1").toString("utf8") })
    })
    socket.write(bytes)
  })

const dechunk = (raw: string): string => {
  let out = ""
  let rest = raw
  for (;;) {
    const eol = rest.indexOf("\r\n")
    if (eol === -1) return out
    const size = parseInt(rest.slice(0, eol), 16)
    if (!(size > 0)) return out
    out += rest.slice(eol + 2, eol + 2 + size)
    rest = rest.slice(eol + 2 + size + 2)
  }
}

/** A GET with `Connection: close`, the target sent byte for byte. */
export const rawGet = (port: number, target: string, headers: Readonly<Record<string, string>> = {}) =>
  rawRequest(
    port,
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
      Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("") + "\r\n"
  )
