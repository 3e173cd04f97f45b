/** One request of a load run: when it was sent and answered (ms since the run began), and its status (0: no answer). */
export interface Sent {
  readonly url: string
  readonly start: number
  readonly end: number
  readonly status: number
  /** The instance that answered (HAProxy's X-Served-By), "" when none did. */
  readonly servedBy: string
  /** The client gave up waiting (the request hung past `timeoutMs`). */
  readonly hung: boolean
}

export interface LoadOptions {
  readonly urls: ReadonlyArray<string>
  readonly headers: Record<string, string>
  readonly concurrency: number
  /** Stop sending after this long, or after `count` requests, whichever comes first. */
  readonly durationMs: number
  readonly count?: number
  /** A request not answered within this is counted as hung (default 10 s). */
  readonly timeoutMs?: number
  /** Called once, `atMs` after the start, while the load runs (an instance killed, the replica stopped...). */
  readonly events?: ReadonlyArray<{ readonly atMs: number; readonly run: () => Promise<void> | void }>
}

/** Closed-loop load: `concurrency` clients, each sending its next request when the last is answered, in turn over `urls`. */
export const runLoad = async (options: LoadOptions) => {
  const began = performance.now()
  const now = () => performance.now() - began
  const sent: Array<Sent> = []
  let issued = 0
  const marks: Record<string, number> = {}
  const more = () => now() < options.durationMs && (options.count === undefined || issued < options.count)
  const client = async () => {
    while (more()) {
      const url = options.urls[issued++ % options.urls.length]!
      const start = now()
      const timeoutMs = options.timeoutMs ?? 10_000
      try {
        const response = await fetch(url, { headers: options.headers, signal: AbortSignal.timeout(timeoutMs) })
        await response.arrayBuffer()
        sent.push({ url, start, end: now(), status: response.status, servedBy: response.headers.get("x-served-by") ?? "", hung: false })
      } catch (error) {
        const hung = error instanceof Error && error.name === "TimeoutError"
        sent.push({ url, start, end: now(), status: 0, servedBy: "", hung })
      }
    }
  }
  const events = (options.events ?? []).map(async (event, n) => {
    await new Promise((r) => setTimeout(r, event.atMs))
    marks[`event${n}`] = now()
    await event.run()
    marks[`event${n}done`] = now()
  })
  await Promise.all([...Array.from({ length: options.concurrency }, client), ...events])
  return { sent, marks, elapsedMs: now() }
}

export const percentile = (values: ReadonlyArray<number>, p: number) => {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** Requests in flight at `t` (sent before, answered after). */
export const inFlightAt = (sent: ReadonlyArray<Sent>, t: number) => sent.filter((s) => s.start <= t && s.end >= t).length
