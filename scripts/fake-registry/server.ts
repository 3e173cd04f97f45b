import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import type { RegistryRecord } from "../../src/domain/CanonicalCompany.js"
import { ngCacWire } from "./wire/ngCac.js"
import { muCbrdWire } from "./wire/muCbrd.js"
import { tnRneWire } from "./wire/tnRne.js"
import type { FakeReply, WireHandler } from "./wire/types.js"
import { tzBrelaWire } from "./wire/tzBrela.js"
import { zmPacraWire } from "./wire/zmPacra.js"
import { makeBwCipaWire } from "./wire/bwCipa.js"
import { keBrsWire } from "./wire/keBrs.js"
import { mgRcsWire } from "./wire/mgRcs.js"

export const fakeRegistryIds = ["ng-cac", "tz-brela", "zm-pacra", "mu-cbrd", "tn-rne", "bw-cipa", "mg-rcs", "ke-brs"] as const
export type FakeRegistryId = (typeof fakeRegistryIds)[number]

/**
 * none: normal answers; hang: never answers; error: HTTP 503/500 alternately; garbage: HTTP 200 with an
 * invalid body; slow: answers after `slowMs` (default 5 s, beyond the default 3 s timeout); forbidden: HTTP 403
 * (a WAF); drift: HTTP 200 with valid JSON whose field names have all changed, or HTML whose tables and classes
 * have (the registry moved its shape);
 * huge: HTTP 200 streaming a 150 MB JSON array (no Content-Length) for as long as the client reads it.
 */
export const faults = ["none", "hang", "error", "garbage", "slow", "forbidden", "drift", "huge"] as const
export type Fault = (typeof faults)[number]

/** Per server: a registry with sessions (CIPA) keeps them in its handler. */
const wires: Record<FakeRegistryId, () => WireHandler> = {
  "ng-cac": () => ngCacWire,
  "tz-brela": () => tzBrelaWire,
  "zm-pacra": () => zmPacraWire,
  "mu-cbrd": () => muCbrdWire,
  "tn-rne": () => tnRneWire,
  "bw-cipa": makeBwCipaWire,
  "mg-rcs": () => mgRcsWire,
  "ke-brs": () => keBrsWire
}

export interface FakeRegistryOptions {
  readonly registry: FakeRegistryId
  readonly records: ReadonlyArray<RegistryRecord>
  readonly port?: number
  readonly host?: string
  readonly fault?: Fault
  readonly slowMs?: number
  /** A documented alternative wire shape (see WireHandler). */
  readonly variant?: string
}

export interface SeenRequest {
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  readonly headers: Readonly<Record<string, string | Array<string> | undefined>>
  readonly body: unknown
  readonly text: string
}

export interface FakeRegistryStats {
  readonly requests: number
  /** The last 50 requests, oldest first. */
  readonly seen: ReadonlyArray<SeenRequest>
  readonly inFlight: number
  readonly maxInFlight: number
  /** Bytes written by the `huge` fault so far. */
  readonly hugeBytesSent: number
}

export interface FakeRegistry {
  readonly url: string
  readonly stats: () => FakeRegistryStats
  readonly resetStats: () => void
  readonly setFault: (fault: Fault) => void
  readonly close: () => Promise<void>
}

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    request.on("error", reject)
  })

const parseJson = (text: string): unknown => {
  try {
    return text.length === 0 ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

const send = (response: ServerResponse, reply: FakeReply) => {
  if (reply.body === undefined) {
    response.writeHead(reply.status, reply.headers).end()
    return
  }
  const isText = typeof reply.body === "string"
  const payload = isText ? (reply.body as string) : JSON.stringify(reply.body)
  response.writeHead(reply.status, {
    "Content-Type": isText ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(payload),
    ...reply.headers
  }).end(payload)
}

/** Every object key renamed, recursively: valid JSON that no longer has the documented fields. */
const drifted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(drifted)
    : value !== null && typeof value === "object"
    ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [`${key}V2`, drifted(inner)]))
    : value

/** A page redesign: tables become divs and every class name changes; the text stays. */
const driftedHtml = (html: string): string =>
  html.replace(/<(\/?)(?:table|thead|tbody|tr|td|th)\b/g, "<$1div").replace(/class="([^"]*)"/g, 'class="$1-v2"')

const garbage: FakeReply = { status: 200, body: "<html><head><title>Maintenance</title></head><body>{\"data\": [" }

const HUGE_BYTES = 150 * 1024 * 1024

/** 150 MB of a JSON array, written as the client reads it; stops when the client goes away. */
const streamHuge = (response: ServerResponse, sent: (bytes: number) => void) => {
  response.writeHead(200, { "content-type": "application/json" })
  const chunk = Buffer.from(`{"name":"${"X".repeat(1000)}"},`)
  let written = 0
  const pump = () => {
    while (written < HUGE_BYTES && !response.destroyed) {
      written += chunk.length
      sent(chunk.length)
      if (!response.write(chunk)) return void response.once("drain", pump)
    }
    if (!response.destroyed) response.end("{}]")
  }
  response.write("[")
  pump()
}

/** Serves canonical records in one registry's wire format on 127.0.0.1 (port 0 = any free port). */
export const startFakeRegistry = (options: FakeRegistryOptions): Promise<FakeRegistry> => {
  const wire = wires[options.registry]()
  let fault: Fault = options.fault ?? "none"
  let requests = 0
  let hugeBytesSent = 0
  let inFlight = 0
  let maxInFlight = 0
  let seen: Array<SeenRequest> = []
  const slowMs = options.slowMs ?? 5_000
  const timers = new Set<NodeJS.Timeout>()

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    requests += 1
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    response.on("close", () => {
      inFlight -= 1
    })
    const text = await readBody(request)
    const url = new URL(request.url ?? "/", "http://127.0.0.1")
    const body = parseJson(text)
    seen = [...seen.slice(-49), { method: request.method ?? "GET", path: url.pathname, query: url.searchParams, headers: request.headers, body, text }]
    if (fault === "hang") return
    if (fault === "error") return send(response, { status: requests % 2 === 1 ? 503 : 500, body: "Service Unavailable" })
    if (fault === "forbidden") return send(response, { status: 403, body: "<html><body>Forbidden</body></html>" })
    if (fault === "garbage") return send(response, garbage)
    if (fault === "huge") return streamHuge(response, (n) => (hugeBytesSent += n))
    const answer = wire(
      { method: request.method ?? "GET", path: url.pathname, query: url.searchParams, headers: request.headers, body, text },
      options.records,
      options.variant
    ) ?? { status: 404, body: { status: 404, error: "Not Found", path: url.pathname } }
    const reply = fault !== "drift" || answer.body === undefined
      ? answer
      : { ...answer, body: typeof answer.body === "string" ? driftedHtml(answer.body) : drifted(answer.body) }
    if (fault !== "slow") return send(response, reply)
    const timer = setTimeout(() => {
      timers.delete(timer)
      if (!response.destroyed) send(response, reply)
    }, slowMs)
    timers.add(timer)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) send(response, { status: 500, body: "fake registry failure" })
    })
  })

  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      const address = server.address() as AddressInfo
      resolve({
        url: `http://${options.host ?? "127.0.0.1"}:${address.port}`,
        stats: () => ({ requests, inFlight, maxInFlight, seen, hugeBytesSent }),
        resetStats: () => {
          requests = 0
          seen = []
          maxInFlight = inFlight
        },
        setFault: (next) => {
          fault = next
        },
        close: () =>
          new Promise<void>((done) => {
            for (const timer of timers) clearTimeout(timer)
            timers.clear()
            server.close(() => done())
            server.closeAllConnections()
          })
      })
    })
  })
}
