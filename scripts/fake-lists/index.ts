import * as fs from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as zlib from "node:zlib"

/** What the fake serves at one path: a file's bytes as published (or a text), its Last-Modified, or a connection cut short. */
export interface Publication {
  /** The file served, as the publisher publishes it (a `.gz` copy is served decompressed). */
  readonly file?: string
  /** A text served instead of a file (a test's own document, which says in it that it is synthetic). */
  readonly text?: string
  /** The Last-Modified header (an HTTP date) the official server would send; none when omitted. */
  readonly lastModified?: Date
  /** Sends the declared Content-Length but only this share of the bytes, then closes the connection. */
  readonly cutAt?: number
}

export interface FakeListServer {
  /** http://127.0.0.1:<port> */
  readonly url: string
  /** Serves `publication` at `path` from now on (replacing what was there); `null`: 404. */
  readonly publish: (path: string, publication: Publication | null) => void
  /** The paths requested so far, in order. */
  readonly requests: ReadonlyArray<string>
  readonly close: () => Promise<void>
}

/**
 * A stand-in for the official list publishers (OFAC's exports, the UN's XML, OFSI's folder ...) on 127.0.0.1: it
 * serves the shipped files byte for byte under the official file names, so `kyb lists update` and the server's
 * scheduled refresh are exercised end to end without reaching a real host.
 */
export const startFakeListServer = (initial: Readonly<Record<string, Publication>> = {}): Promise<FakeListServer> => {
  const served = new Map<string, Publication>(Object.entries(initial))
  const requests: Array<string> = []
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname
    requests.push(path)
    const publication = served.get(path)
    if (publication === undefined) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found")
      return
    }
    // The repository keeps large list files gzip-compressed (data/README.md); the publisher serves them as published.
    const file = publication.file
    const stored = file === undefined ? Buffer.from(publication.text ?? "", "utf8") : fs.readFileSync(file)
    const bytes = file?.endsWith(".gz") === true ? zlib.gunzipSync(stored) : stored
    const headers: Record<string, string> = { "content-type": "application/octet-stream", "content-length": String(bytes.length) }
    if (publication.lastModified !== undefined) headers["last-modified"] = publication.lastModified.toUTCString()
    response.writeHead(200, headers)
    if (publication.cutAt === undefined) {
      response.end(bytes)
      return
    }
    response.write(bytes.subarray(0, Math.floor(bytes.length * publication.cutAt)), () => response.destroy())
  })
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        publish: (path, publication) => {
          if (publication === null) served.delete(path)
          else served.set(path, publication)
        },
        requests,
        close: () => new Promise((done) => {
          server.closeAllConnections()
          server.close(() => done())
        })
      })
    })
  })
}
