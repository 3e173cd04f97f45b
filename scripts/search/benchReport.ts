/** The markdown block search-bench.ts prints (for BENCHMARKS.md). */
export const benchLoadSummary = (r: {
  readonly held: string
  readonly version: string
  readonly samples: number
  readonly seconds: number
  readonly concurrency: number
  readonly connections: number
  readonly machine: string
  readonly table: ReadonlyArray<string>
}) =>
  [
    `Companies held: ${r.held}; PostgreSQL ${r.version}; ${r.machine}; ${new Date().toISOString()}`,
    `c=1: ${r.samples} queries per kind, sequential; c=${r.concurrency}: ${r.seconds} s per kind, pool ${r.connections}.`,
    "",
    `| kind | queries | c=1 p50 ms | c=1 p99 ms | c=${r.concurrency} req/s | c=${r.concurrency} p50 ms | c=${r.concurrency} p99 ms | empty results |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...r.table,
    ""
  ].join("\n")
