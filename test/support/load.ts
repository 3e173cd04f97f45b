import * as http from "node:http"

/** One request of a load run: when it started (ms since the epoch), how long it took, and what came back. */
export interface Outcome {
  /** The request's number in the run (what `request(n)` was called with). */
  readonly n: number
  readonly startedAt: number
  readonly ms: number
  /** 0 when no answer came (see `error`). */
  readonly status: number
  readonly body: string
  readonly retryAfter: string | undefined
  readonly connection: string | undefined
  /** The transport error's code (ECONNREFUSED, ECONNRESET, ...) or "timeout". */
  readonly error: string | undefined
}

export interface LoadRequest {
  readonly path: string
  readonly method?: string
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: string
}

export interface LoadOptions {
  readonly baseUrl: string
  readonly concurrency: number
  readonly request: (n: number) => LoadRequest
  /** A fresh connection per request (so a refused connection is told apart from a request cut). Default: keep-alive. */
  readonly keepAlive?: boolean
  /** The run stops by itself after this long or this many requests, whichever comes first. */
  readonly maxDurationMs?: number
  readonly maxRequests?: number
  readonly requestTimeoutMs?: number
}

export interface LoadRun {
  /** Everything answered so far (grows while the run goes on). */
  readonly outcomes: ReadonlyArray<Outcome>
  /** Stops sending, waits for the requests in flight, returns every outcome in start order. */
  readonly stop: () => Promise<ReadonlyArray<Outcome>>
  /** Waits for the run to end by itself (its duration or count), then as `stop`. */
  readonly finish: () => Promise<ReadonlyArray<Outcome>>
}

const send = (agent: http.Agent, base: URL, n: number, request: LoadRequest, timeoutMs: number) =>
  new Promise<Outcome>((resolve) => {
    const startedAt = Date.now()
    const done = (status: number, body: string, headers: http.IncomingHttpHeaders, error?: string) =>
      resolve({
        n,
        startedAt,
        ms: Date.now() - startedAt,
        status,
        body,
        retryAfter: headers["retry-after"],
        connection: headers["connection"],
        error
      })
    const req = http.request({
      agent,
      host: base.hostname,
      port: base.port,
      path: request.path,
      method: request.method ?? "GET",
      headers: { ...request.headers, ...(request.body === undefined ? {} : { "content-length": Buffer.byteLength(request.body) }) }
    }, (res) => {
      let body = ""
      res.setEncoding("utf8")
      res.on("data", (chunk: string) => (body += chunk))
      res.on("end", () => done(res.statusCode ?? 0, body, res.headers))
      res.on("error", (e: NodeJS.ErrnoException) => done(0, body, res.headers, e.code ?? e.message))
    })
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error("timeout"), { code: "timeout" })))
    req.on("error", (e: NodeJS.ErrnoException) => done(0, "", {}, e.code ?? e.message))
    req.end(request.body)
  })

/** A bounded closed-loop load on 127.0.0.1: `concurrency` clients, each sending its next request as soon as it has an answer. */
export const startLoad = (options: LoadOptions): LoadRun => {
  const base = new URL(options.baseUrl)
  if (base.hostname !== "127.0.0.1") throw new Error("load runs target 127.0.0.1 only")
  const agent = new http.Agent({ keepAlive: options.keepAlive ?? true, maxSockets: options.concurrency })
  const outcomes: Array<Outcome> = []
  const deadline = Date.now() + (options.maxDurationMs ?? 60_000)
  const maxRequests = options.maxRequests ?? 100_000
  let sent = 0
  let stopped = false
  const client = async () => {
    while (!stopped && Date.now() < deadline && sent < maxRequests) {
      const n = sent++
      outcomes.push(await send(agent, base, n, options.request(n), options.requestTimeoutMs ?? 15_000))
    }
  }
  const clients = Promise.all(Array.from({ length: options.concurrency }, client))
  const ended = async () => {
    await clients
    agent.destroy()
    return [...outcomes].sort((a, b) => a.startedAt - b.startedAt)
  }
  return {
    outcomes,
    stop: () => {
      stopped = true
      return ended()
    },
    finish: ended
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Waits until `condition` holds, polling; false when `timeoutMs` passed first. */
export const waitUntil = async (condition: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) return false
    await sleep(25)
  }
  return true
}

/** Counts by status (or error code), and latency percentiles, for a failure message or a report line. */
export const summarize = (outcomes: ReadonlyArray<Outcome>) => {
  const counts: Record<string, number> = {}
  for (const o of outcomes) {
    const label = o.error ?? String(o.status)
    counts[label] = (counts[label] ?? 0) + 1
  }
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b)
  const at = (q: number) => ms.length === 0 ? 0 : ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!
  return { requests: outcomes.length, counts, p50: at(0.5), p99: at(0.99), max: ms.at(-1) ?? 0 }
}
