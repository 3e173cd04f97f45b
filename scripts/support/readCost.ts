import autocannon from "autocannon"

/** What a server spent per request over a number of requests, from its cost probe (costProbe.mjs). */
export interface Cost {
  readonly requests: number
  readonly allocatedBytes: number
  readonly fibers: number
  readonly cpuUs: number
  /** Garbage collection over those requests: pause time per request, the longest pause, full collections. */
  readonly gcPauseUs: number
  readonly longestGcPauseMs: number
  readonly fullCollections: number
  /** PostgreSQL's CPU (postmaster and backends) per request over the same requests; null when it cannot be read. */
  readonly databaseCpuUs: number | null
}

interface ProbeLine {
  readonly allocated: number
  readonly fibers: number
  readonly cpuUs: number
  /** Running totals, except `longestMs`: the longest since the probe before. */
  readonly gc: { readonly pauseMs: number; readonly longestMs: number; readonly fullCollections: number }
}

/** Signals the server's probe and waits for the line it prints (10 s at most). */
const probe = async (server: { readonly pid: number; readonly output: () => string }): Promise<ProbeLine> => {
  const seen = server.output().split("cost-probe ").length
  process.kill(server.pid, "SIGUSR2")
  for (let i = 0; i < 200; i++) {
    const parts = server.output().split("cost-probe ")
    if (parts.length > seen) return JSON.parse(parts[parts.length - 1]!.split("\n")[0]!) as ProbeLine
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no cost-probe line from ${server.pid}: was it started with --import scripts/support/costProbe.mjs?`)
}

/**
 * `amount` requests to `url` at `connections`, after as many again to warm up, read between two probes;
 * `databaseCpuSeconds`: the database server's CPU so far (procCpu.ts `serverCpuSeconds`), read around the same requests.
 */
export const readCost = async (
  server: { readonly pid: number; readonly output: () => string },
  url: string,
  headers: Record<string, string>,
  connections: number,
  amount: number,
  databaseCpuSeconds: () => number | null = () => null
): Promise<Cost> => {
  await autocannon({ url, connections, amount, headers })
  const before = await probe(server)
  const db0 = databaseCpuSeconds()
  const r = await autocannon({ url, connections, amount, headers })
  const db1 = databaseCpuSeconds()
  const after = await probe(server)
  const n = Math.max(r.requests.total, 1)
  if (r.non2xx + r.errors > 0) {
    const statuses = JSON.stringify(r.statusCodeStats)
    const said = server.output().split("\n").filter((line) => /level=(WARN|ERROR|FATAL)/.test(line)).slice(-3).join("\n")
    throw new Error(`${r.non2xx} non-2xx answers (${statuses}) and ${r.errors} errors from ${url}; the server said:\n${said}`)
  }
  return {
    requests: n,
    // The probe's own fiber (one per reading) is left out.
    allocatedBytes: (after.allocated - before.allocated) / n,
    fibers: (after.fibers - before.fibers - 1) / n,
    cpuUs: (after.cpuUs - before.cpuUs) / n,
    gcPauseUs: ((after.gc.pauseMs - before.gc.pauseMs) * 1000) / n,
    longestGcPauseMs: after.gc.longestMs,
    fullCollections: after.gc.fullCollections - before.gc.fullCollections,
    databaseCpuUs: db0 === null || db1 === null ? null : ((db1 - db0) * 1e6) / n
  }
}
