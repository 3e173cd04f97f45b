import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted, References } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { performance } from "node:perf_hooks"
import { pipeline } from "node:stream/promises"
import { parseArgs } from "node:util"
import pg from "pg"
import { from as copyFrom } from "pg-copy-streams"
import { decodeCompanyRows, rawCompanyBatches, type RawCompanyBatch } from "../src/companies/ingest/companyBatches.js"
import { fillIds } from "../src/companies/ingest/bulk/copyFormat.js"
import { prepareLoadBatch } from "../src/companies/ingest/bulk/loadBatch.js"
import * as Sql from "../src/companies/ingest/bulk/statements.js"
import { migrate } from "../src/db/Migrations.js"
import { mainThreadCpuSeconds, parentPid, processCpuSeconds, serverCpuSeconds } from "./support/procCpu.js"
import { scratchDatabaseUrl } from "./support/scratchDatabase.js"

/**
 * The floor of the initial bulk load of companies: how fast PostgreSQL alone takes the rows when Node has prepared
 * them in advance, and how much Node CPU preparing them costs per row.
 *
 * 1. Node, on this thread, no database: the file read in batches, decoded (decodeCompanyRows) and prepared
 *    (prepareLoadBatch, one `now`), companies numbered 1..n in file order and their COPY text made (fillIds),
 *    the three COPY streams written to temporary files. Decoding and preparing+encoding are timed apart.
 * 2. PostgreSQL, in a database created for the run (dropped at the end, also on failure): in one transaction on one
 *    connection, what the initial load (BulkLoad.initialLoad) runs — lock, drop indexes and keys,
 *    COPY of the three files, sequence advanced, indexes and keys built again, ANALYZE, COMMIT — each step timed,
 *    with the CPU of the backend (and of the whole server) read from /proc when the server is on this machine.
 * 3. The row counts checked; a report on stdout (text, or JSON with --json).
 *
 *   npm run -s ingest-floor -- --file corpus.jsonl [--rows N] [--batch-size 2000]
 *     [--database postgres://postgres@127.0.0.1:5432/test] [--json]
 *
 * Repeats of a company across batches are not handled (the generated corpus has none); prepareLoadBatch's counts
 * are reported (updated > 0 means repeats inside a batch, merged into one row).
 */
const { values } = parseArgs({
  options: {
    file: { type: "string" },
    rows: { type: "string" },
    "batch-size": { type: "string", default: "2000" },
    database: { type: "string", default: "postgres://postgres@127.0.0.1:5432/test" },
    json: { type: "boolean", default: false }
  }
})

/** The first `count` lines of a batch's bytes (all of them when it has fewer). */
const firstLines = (bytes: Uint8Array, count: number): Uint8Array => {
  let at = 0
  for (let i = 0; i < count && at < bytes.length; i++) {
    const newline = bytes.indexOf(10, at)
    if (newline === -1) return bytes
    at = newline + 1
  }
  return bytes.subarray(0, at)
}

const lineCount = (bytes: Uint8Array): number => {
  let lines = 0
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines++
  return bytes.length > 0 && bytes[bytes.length - 1] !== 10 ? lines + 1 : lines
}

const usage = "usage: ingest-floor --file corpus.jsonl [--rows N] [--batch-size 2000] [--database postgres://...] [--json]"
const file = values.file
if (file === undefined || !fs.existsSync(file)) {
  process.stderr.write(`${usage}\n${file === undefined ? "--file is required" : `no such file: ${file}`}\n`)
  process.exit(2)
}
const rowLimit = values.rows === undefined ? Infinity : Number(values.rows)
const batchSize = Number(values["batch-size"])
if (!(rowLimit > 0) || !Number.isInteger(batchSize) || batchSize <= 0) {
  process.stderr.write(`${usage}\n--rows and --batch-size must be positive integers\n`)
  process.exit(2)
}
const serverUrl = values.database
if (!["127.0.0.1", "localhost", "[::1]"].includes(new URL(serverUrl).hostname)) {
  process.stderr.write(`${usage}\n--database must be a server on this machine (127.0.0.1)\n`)
  process.exit(2)
}

// ---------------------------------------------------------------------------------------------------------------
// Node phase

interface CopyFiles {
  readonly companies: string
  readonly aliases: string
  readonly officers: string
}

interface NodePhase {
  readonly linesRead: number
  readonly rejected: number
  readonly companies: number
  readonly aliases: number
  readonly officers: number
  readonly counts: { readonly inserted: number; readonly updated: number; readonly unchanged: number }
  readonly copyBytes: number
  /** Wall time on this thread around the synchronous calls (no I/O inside them), in seconds. */
  readonly readS: number
  readonly decodeS: number
  readonly prepareEncodeS: number
  readonly wallS: number
  readonly mainThreadCpuS: number | null
  readonly processCpuS: number
}

const writeAll = (fd: number, bytes: Uint8Array) => {
  let at = 0
  while (at < bytes.byteLength) at += fs.writeSync(fd, bytes, at, bytes.byteLength - at)
}

const nodePhase = async (files: CopyFiles): Promise<NodePhase> => {
  const now = new Date()
  const fds = { companies: fs.openSync(files.companies, "w"), aliases: fs.openSync(files.aliases, "w"), officers: fs.openSync(files.officers, "w") }
  const cpu0 = process.cpuUsage()
  const thread0 = mainThreadCpuSeconds()
  const start = performance.now()
  let linesRead = 0
  let rejected = 0
  let nextId = 1
  let aliases = 0
  let officers = 0
  let copyBytes = 0
  const counts = { inserted: 0, updated: 0, unchanged: 0 }
  let readMs = 0
  let decodeMs = 0
  let prepareMs = 0
  const batches = rawCompanyBatches(file, batchSize, "jsonl")
  try {
    while (linesRead < rowLimit) {
      const t0 = performance.now()
      const next: IteratorResult<RawCompanyBatch> = await batches.next()
      readMs += performance.now() - t0
      if (next.done === true) break
      const raw = next.value.raw
      if (raw.format !== "jsonl") throw new Error("expected JSON Lines")
      const bytes = firstLines(raw.bytes, rowLimit - linesRead)
      linesRead += lineCount(bytes)

      const t1 = performance.now()
      const decoded = decodeCompanyRows({ ...raw, bytes })
      const t2 = performance.now()
      const prepared = prepareLoadBatch(decoded.items.map((item) => item.observation), now)
      const ids = prepared.keys.map(() => String(nextId++))
      const companyCopy = fillIds(ids, prepared.companyRows)
      const aliasCopy = fillIds(ids, prepared.aliasRows)
      const officerCopy = fillIds(ids, prepared.officerRows)
      const t3 = performance.now()
      decodeMs += t2 - t1
      prepareMs += t3 - t2

      rejected += decoded.rejected.length
      aliases += prepared.aliasRows.count
      officers += prepared.officerRows.count
      counts.inserted += prepared.counts.inserted
      counts.updated += prepared.counts.updated
      counts.unchanged += prepared.counts.unchanged
      copyBytes += companyCopy.byteLength + aliasCopy.byteLength + officerCopy.byteLength
      writeAll(fds.companies, companyCopy)
      writeAll(fds.aliases, aliasCopy)
      writeAll(fds.officers, officerCopy)
    }
  } finally {
    await batches.return(undefined)
    for (const fd of Object.values(fds)) fs.closeSync(fd)
  }
  const cpu = process.cpuUsage(cpu0)
  const thread1 = mainThreadCpuSeconds()
  return {
    linesRead,
    rejected,
    companies: nextId - 1,
    aliases,
    officers,
    counts,
    copyBytes,
    readS: readMs / 1000,
    decodeS: decodeMs / 1000,
    prepareEncodeS: prepareMs / 1000,
    wallS: (performance.now() - start) / 1000,
    mainThreadCpuS: thread0 === null || thread1 === null ? null : thread1 - thread0,
    processCpuS: (cpu.user + cpu.system) / 1e6
  }
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL phase

interface Step {
  readonly step: string
  readonly wallS: number
  /** CPU of the connection's backend process; null when /proc/<pid>/stat is not readable. */
  readonly backendCpuS: number | null
  /** CPU of every process of the server (parallel workers of an index build, WAL writer, ...); null likewise. */
  readonly serverCpuS: number | null
}

const difference = (before: number | null, after: number | null) => before === null || after === null ? null : after - before

const pgPhase = async (url: string, files: CopyFiles, companies: number) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const version = (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v
    const backend = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid
    const postmaster = parentPid(backend)
    const serverCpu = () => postmaster === null ? null : serverCpuSeconds(postmaster)
    const steps: Array<Step> = []
    const step = async (name: string, run: () => Promise<unknown>) => {
      const backend0 = processCpuSeconds(backend)
      const server0 = serverCpu()
      const t0 = performance.now()
      await run().catch((e: unknown) => Promise.reject(new Error(`${name} failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e })))
      const wallS = (performance.now() - t0) / 1000
      steps.push({ step: name, wallS, backendCpuS: difference(backend0, processCpuSeconds(backend)), serverCpuS: difference(server0, serverCpu()) })
    }
    const copy = (statement: { readonly table: string; readonly columns: ReadonlyArray<string> }, source: string) =>
      step(`COPY ${statement.table}`, () =>
        pipeline(
          fs.createReadStream(source, { highWaterMark: 1 << 20 }),
          client.query(copyFrom(`COPY ${statement.table} (${statement.columns.join(", ")}) FROM STDIN`))
        ))
    const none = new Uint8Array(0)

    // What BulkLoad.initialLoad runs (src/companies/ingest/bulk/statements.ts).
    await step("BEGIN", () => client.query("BEGIN"))
    try {
      await step("LOCK TABLE companies", () => client.query("LOCK TABLE companies IN ACCESS EXCLUSIVE MODE"))
      await step("bulk_load_drop_indexes()", () => client.query("SELECT bulk_load_drop_indexes()"))
      await step("bulk_load_drop_keys()", () => client.query("SELECT bulk_load_drop_keys()"))
      await copy(Sql.copyCompanies(none), files.companies)
      await copy(Sql.copyAliases(none), files.aliases)
      await copy(Sql.copyOfficers(none), files.officers)
      await step("setval(companies id)", () =>
        client.query("SELECT setval(pg_get_serial_sequence('companies', 'id'), $1::bigint)", [String(Math.max(companies, 1))]))
      await step("bulk_load_restore_indexes()", () => client.query("SELECT bulk_load_restore_indexes()"))
      await step("ANALYZE", () => client.query("ANALYZE companies, company_aliases, officers"))
      await step("COMMIT", () => client.query("COMMIT"))
    } catch (e) {
      await client.query("ROLLBACK").catch(() => undefined)
      throw e
    }

    const count = async (table: string) => Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n)
    const counted = { companies: await count("companies"), company_aliases: await count("company_aliases"), officers: await count("officers") }
    return { version, backendCpuReadable: processCpuSeconds(backend) !== null, steps, counted }
  } finally {
    await client.end()
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Report

const sum = (xs: ReadonlyArray<number | null>) => xs.some((x) => x === null) ? null : xs.reduce<number>((a, x) => a + (x ?? 0), 0)
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits
const roundOrNull = (x: number | null, digits: number) => x === null ? null : round(x, digits)
const perSecond = (rows: number, seconds: number | null) => seconds === null || seconds <= 0 ? null : Math.round(rows / seconds)

const makeReport = (node: NodePhase, db: Awaited<ReturnType<typeof pgPhase>>) => {
  const rows = node.companies
  const nodeCpuS = node.decodeS + node.prepareEncodeS
  const pgWallS = db.steps.reduce((a, s) => a + s.wallS, 0)
  const pgBackendCpuS = sum(db.steps.map((s) => s.backendCpuS))
  const pgServerCpuS = sum(db.steps.map((s) => s.serverCpuS))
  const us = (s: number) => round((s * 1e6) / rows, 2)
  return {
    file,
    rows,
    lines_read: node.linesRead,
    rejected: node.rejected,
    aliases: node.aliases,
    officers: node.officers,
    prepare_counts: node.counts,
    batch_size: batchSize,
    copy_mb: round(node.copyBytes / 1048576, 1),
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 1073741824)} GB, node ${process.version}, PostgreSQL ${db.version}`,
    date: new Date().toISOString(),
    node: {
      decode_us_per_row: us(node.decodeS),
      prepare_encode_us_per_row: us(node.prepareEncodeS),
      cpu_s: round(nodeCpuS, 3),
      read_lines_us_per_row: us(node.readS),
      phase_wall_s: round(node.wallS, 3),
      phase_main_thread_cpu_s: roundOrNull(node.mainThreadCpuS, 2),
      phase_process_cpu_s: round(node.processCpuS, 2)
    },
    pg: {
      steps: db.steps.map((s) => ({
        step: s.step,
        wall_s: round(s.wallS, 3),
        backend_cpu_s: roundOrNull(s.backendCpuS, 2),
        server_cpu_s: roundOrNull(s.serverCpuS, 2)
      })),
      total_wall_s: round(pgWallS, 3),
      total_backend_cpu_s: roundOrNull(pgBackendCpuS, 2),
      total_server_cpu_s: roundOrNull(pgServerCpuS, 2)
    },
    counted: db.counted,
    pg_only_rows_per_s: perSecond(rows, pgWallS),
    node_only_rows_per_s: perSecond(rows, nodeCpuS),
    two_core_bound_rows_per_s: pgBackendCpuS === null ? null : perSecond(rows, (nodeCpuS + pgBackendCpuS) / 2),
    two_core_bound_server_cpu_rows_per_s: pgServerCpuS === null ? null : perSecond(rows, (nodeCpuS + pgServerCpuS) / 2)
  }
}

type Report = ReturnType<typeof makeReport>

const text = (r: Report) => {
  const n = (x: number | null, digits = 2) => x === null ? "n/a" : x.toFixed(digits)
  const pad = (s: string, width: number) => s.padEnd(width)
  const lines = [
    `ingest floor: ${r.rows} companies (${r.lines_read} lines read, ${r.rejected} rejected; ${r.aliases} aliases, ${r.officers} officers) from ${r.file}, batch ${r.batch_size}, ${r.copy_mb} MB of COPY text`,
    `  ${r.machine}, ${r.date}`,
    `  prepareLoadBatch counts: inserted ${r.prepare_counts.inserted}, updated ${r.prepare_counts.updated}, unchanged ${r.prepare_counts.unchanged}` +
    (r.prepare_counts.updated > 0 ? "  (updated > 0: the file repeats companies within a batch)" : ""),
    "Node (this thread, no database)",
    `  decode                  ${n(r.node.decode_us_per_row)} µs/row`,
    `  prepare + encode        ${n(r.node.prepare_encode_us_per_row)} µs/row`,
    `  node cpu                ${n(r.node.cpu_s, 3)} s (decode + prepare + encode)`,
    `  not counted: reading the file (bytes) ${n(r.node.read_lines_us_per_row)} µs/row; whole phase ${n(r.node.phase_wall_s, 2)} s wall, main thread cpu ${n(r.node.phase_main_thread_cpu_s)} s, process cpu ${n(r.node.phase_process_cpu_s)} s`,
    "PostgreSQL (one transaction, one connection)",
    `  ${pad("step", 30)}${pad("wall s", 10)}${pad("backend cpu s", 16)}server cpu s`,
    ...r.pg.steps.map((s) => `  ${pad(s.step, 30)}${pad(n(s.wall_s, 3), 10)}${pad(n(s.backend_cpu_s), 16)}${n(s.server_cpu_s)}`),
    `  ${pad("total", 30)}${pad(n(r.pg.total_wall_s, 3), 10)}${pad(n(r.pg.total_backend_cpu_s), 16)}${n(r.pg.total_server_cpu_s)}`,
    `  counted: companies ${r.counted.companies}, company_aliases ${r.counted.company_aliases}, officers ${r.counted.officers} (as written)`,
    "Derived",
    `  pg_only_rows_per_s                    ${r.pg_only_rows_per_s ?? "n/a"}   rows / PG total wall`,
    `  node_only_rows_per_s                  ${r.node_only_rows_per_s ?? "n/a"}   rows / node cpu`,
    `  two_core_bound_rows_per_s             ${r.two_core_bound_rows_per_s ?? "n/a"}   rows / ((node cpu + PG backend cpu) / 2)`,
    `  two_core_bound_server_cpu_rows_per_s  ${r.two_core_bound_server_cpu_rows_per_s ?? "n/a"}   rows / ((node cpu + PG server cpu) / 2)`
  ]
  return lines.join("\n") + "\n"
}

// ---------------------------------------------------------------------------------------------------------------

const attempt = <A>(run: () => Promise<A>) =>
  Effect.tryPromise({ try: run, catch: (e) => e instanceof Error ? e : new Error(String(e)) })

const main = Effect.scoped(Effect.gen(function*() {
  const database = yield* scratchDatabaseUrl(serverUrl, "kyb_floor")
  yield* migrate().pipe(Effect.provide(PgClient.layer({ url: Redacted.make(database.url), maxConnections: 1 })))
  const dir = yield* Effect.acquireRelease(
    Effect.sync(() => fs.mkdtempSync(path.join(os.tmpdir(), "kyb-floor-"))),
    (dir) => Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true }))
  )
  const files: CopyFiles = {
    companies: path.join(dir, "companies.copy"),
    aliases: path.join(dir, "company_aliases.copy"),
    officers: path.join(dir, "officers.copy")
  }
  const node = yield* attempt(() => nodePhase(files))
  if (!values.json) process.stderr.write(`node phase done: ${node.companies} companies in ${node.wallS.toFixed(1)} s; PostgreSQL phase\n`)
  const db = yield* attempt(() => pgPhase(database.url, files, node.companies))
  const expected = { companies: node.companies, company_aliases: node.aliases, officers: node.officers }
  const wrong = (Object.keys(expected) as Array<keyof typeof expected>).filter((t) => db.counted[t] !== expected[t])
  if (wrong.length > 0) {
    return yield* Effect.fail(new Error(`row counts differ: ${wrong.map((t) => `${t} ${db.counted[t]} in the database, ${expected[t]} written`).join("; ")}`))
  }
  if (!db.backendCpuReadable) process.stderr.write("backend CPU not readable (/proc/<pid>/stat): the server is not local?\n")
  const report = makeReport(node, db)
  process.stdout.write(values.json ? JSON.stringify(report, null, 2) + "\n" : text(report))
})).pipe(Effect.provideService(References.MinimumLogLevel, "Warn"))

NodeRuntime.runMain(main)
