import { Args, Command, Options } from "@effect/cli"
import { Console, Effect, Layer, Option } from "effect"
import { CompanyWriter } from "../companies/CompanyWriter.js"
import { BulkLoad } from "../companies/ingest/bulk/BulkLoad.js"
import { DEFAULT_BATCH_SIZE, ingestCompanyFile } from "../companies/ingest/CompanyIngest.js"
import { IngestReporter } from "../companies/ingest/IngestReporter.js"
import { ingestProcurementFile } from "../companies/ingest/ProcurementIngest.js"
import { ingestCacPscFile } from "../companies/ingest/PscIngest.js"
import type { FileSummary } from "../companies/ingest/runIngest.js"
import { ingestTrademarkFile } from "../companies/ingest/TrademarkIngest.js"

const files = Args.file({ name: "file", exists: "yes" }).pipe(Args.atLeast(1))
const batchSize = (fallback: number) =>
  Options.integer("batch-size").pipe(Options.withDefault(fallback), Options.withDescription("Rows per transaction"))

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10)

/** Human summary on stderr, one JSON line per file (and a total) on stdout for scripts. */
const report = (summaries: ReadonlyArray<FileSummary>, withMatches: boolean) =>
  Effect.gen(function*() {
    for (const s of summaries) {
      const matched = withMatches ? `, matched ${s.matched} (${share(s.matched, s.rows - s.rejected)}%)` : ""
      yield* Console.error(
        `${s.file}: ${s.rows} rows in ${s.seconds.toFixed(1)} s (${s.rowsPerSecond} rows/s): inserted ${s.inserted}, ` +
          `updated ${s.updated}, unchanged ${s.unchanged}, rejected ${s.rejected}${matched}` +
          (s.bulk === true ? " (initial bulk load: one transaction, indexes built at the end)" : "")
      )
      const { rejections: _, ...line } = s
      yield* Console.log(JSON.stringify(line))
    }
    if (summaries.length > 1) {
      const total = { file: "(total)", rows: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0, matched: 0 }
      for (const s of summaries) {
        total.rows += s.rows
        total.inserted += s.inserted
        total.updated += s.updated
        total.unchanged += s.unchanged
        total.rejected += s.rejected
        total.matched += s.matched
      }
      yield* Console.log(JSON.stringify(total))
    }
  })

const WriterLive = Layer.mergeAll(CompanyWriter.Default, BulkLoad.Default, IngestReporter.Default)

export const ingestCompaniesCommand = Command.make(
  "companies",
  { files, batchSize: batchSize(DEFAULT_BATCH_SIZE) },
  ({ batchSize, files }) =>
    Effect.gen(function*() {
      const summaries: Array<FileSummary> = []
      for (const file of files) summaries.push(yield* ingestCompanyFile(file, { batchSize }))
      yield* report(summaries, false)
    })
).pipe(
  Command.withDescription(
    "Canonical company records, JSON Lines or CSV (.csv; lists |-joined: aliases name:kind, officers " +
      "name;role;appointed_on;resigned_on;nationality). Idempotent; rejected rows are named by line."
  ),
  Command.provide(WriterLive)
)

export const ingestProcurementCommand = Command.make(
  "procurement",
  {
    files,
    batchSize: batchSize(2000),
    country: Options.text("country").pipe(
      Options.optional,
      Options.withDescription("ISO country of every award, for OCDS data that names none")
    )
  },
  ({ batchSize, country, files }) =>
    Effect.gen(function*() {
      const summaries: Array<FileSummary> = []
      for (const file of files) {
        summaries.push(yield* ingestProcurementFile(file, { batchSize, ...Option.match(country, { onNone: () => ({}), onSome: (c) => ({ country: c }) }) }))
      }
      yield* report(summaries, true)
    })
).pipe(
  Command.withDescription(
    "Procurement awards: OCDS release or record packages (JSON / JSON Lines) or CSV " +
      "country,buyer,title,value,currency,date,supplier,source_url; suppliers matched to companies"
  ),
  Command.provide(IngestReporter.Default)
)

export const ingestTrademarksCommand = Command.make(
  "trademarks",
  { files, batchSize: batchSize(2000) },
  ({ batchSize, files }) =>
    Effect.gen(function*() {
      const summaries: Array<FileSummary> = []
      for (const file of files) summaries.push(yield* ingestTrademarkFile(file, { batchSize }))
      yield* report(summaries, true)
    })
).pipe(
  Command.withDescription("Trademarks CSV office,mark,owner,status,classes,filing_date,source_url; owners matched to companies"),
  Command.provide(IngestReporter.Default)
)

export const ingestPscCommand = Command.make(
  "psc",
  { files },
  ({ files }) =>
    Effect.gen(function*() {
      const summaries: Array<FileSummary> = []
      for (const file of files) summaries.push(yield* ingestCacPscFile(file))
      yield* report(summaries, true)
    }).pipe(
      // A file of another shape is the operator's mistake, said in one line, not a crash.
      Effect.catchTag("IngestFileError", (e) =>
        Effect.zipRight(Console.error(`${e.file}: ${e.message}`), Effect.sync(() => void (process.exitCode = 1))))
    )
).pipe(
  Command.withDescription(
    "Persons with significant control: the CAC PSC register export (JSON: meta, index by LEI); each company stored " +
      "(its officers kept), its owners from the register replaced; `matched` counts the owners stored"
  ),
  Command.provide(WriterLive)
)
