import { Console, Effect, Layer, Schema, SchemaIssue } from "effect"
import { CountryCode } from "../domain/schemas/params.js"
import { CompanyWriter } from "../companies/CompanyWriter.js"
import { BulkLoad } from "../companies/ingest/bulk/BulkLoad.js"
import { ingestCompanyFile } from "../companies/ingest/CompanyIngest.js"
import { IngestReporter } from "../companies/ingest/IngestReporter.js"
import { ingestProcurementFile } from "../companies/ingest/ProcurementIngest.js"
import { ingestCacPscFile } from "../companies/ingest/PscIngest.js"
import type { FileSummary } from "../companies/ingest/runIngest.js"
import { ingestTrademarkFile } from "../companies/ingest/TrademarkIngest.js"
import { companyRecords, type Expected, gleifGoldenCopy, gleifRelationshipFile, procurementAwards, pscRegister, refusal, trademarkRecords } from "./fileKind.js"
import { ingestGleifGoldenCopy } from "../companies/ingest/gleif/GleifIngest.js"
import { ingestGleifRelationships } from "../companies/ingest/gleif/GleifRelationshipIngest.js"
import { CliFailure, runCli } from "./runner.js"
import type { DatabaseLive } from "../db/Database.js"
import * as fs from "node:fs"
import type { Invocation } from "./spec.js"

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
    const refused = summaries.find((s) => s.rows > 0 && s.rejected === s.rows)
    if (refused !== undefined) {
      const first = refused.rejections[0]
      const example = first === undefined ? "" : ` (line ${first.line}: ${first.reason})`
      return yield* new CliFailure({ message: `every row of ${refused.file} was rejected${example}` })
    }
  })

/** Every file is checked for its kind before the database is opened and before the first row of any is loaded. */
const refusedFile = (files: ReadonlyArray<string>, expected: Expected): string | null => {
  for (const file of files) {
    if (!fs.existsSync(file)) return `${file}: no such file`
    if (!fs.statSync(file).isFile()) return `${file}: not a file`
    const why = refusal(file, expected)
    if (why !== null) return why
  }
  return null
}

const ingestEach = <E, R>(
  invocation: Invocation,
  ingest: (file: string) => Effect.Effect<FileSummary, E, R>,
  withMatches: boolean
): Effect.Effect<void, E | CliFailure, R> =>
  Effect.gen(function*() {
    const summaries: Array<FileSummary> = []
    for (const file of invocation.args) summaries.push(yield* ingest(file))
    yield* report(summaries, withMatches)
  })

const batchSizeOf = (invocation: Invocation) => invocation.options["batch-size"] as number

const WriterLive = Layer.mergeAll(CompanyWriter.Default, BulkLoad.Default, IngestReporter.Default)

/** Runs an ingest command unless a file is missing or of another kind (then one line and exit 1, nothing opened). */
const runIngestCommand = <E>(invocation: Invocation, expected: Expected, program: Effect.Effect<void, E, Layer.Success<typeof DatabaseLive>>) => {
  const refused = refusedFile(invocation.args, expected)
  if (refused === null) return runCli(invocation.command, program)
  process.stderr.write(`${invocation.command}: ${refused}\n`)
  process.exitCode = 1
  return Promise.resolve()
}

export const companies = (invocation: Invocation) =>
  runIngestCommand(
    invocation,
    companyRecords,
    ingestEach(invocation, (file) => ingestCompanyFile(file, { batchSize: batchSizeOf(invocation) }), false).pipe(
      Effect.provide(WriterLive)
    )
  )

const formatIssue = SchemaIssue.makeFormatterDefault()

/** The same field-named message the HTTP routes give for the same value (`country: must be a two-letter ...`). */
const decodeCountry = (value: string) =>
  Schema.decodeUnknownEffect(CountryCode)(value).pipe(
    Effect.mapError((e) => new CliFailure({ message: `country: ${formatIssue(e.issue)}` }))
  )

export const procurement = (invocation: Invocation) =>
  runIngestCommand(
    invocation,
    procurementAwards,
    Effect.gen(function*() {
      const given = invocation.options["country"]
      const country = typeof given === "string" ? yield* decodeCountry(given) : undefined
      const options = { batchSize: batchSizeOf(invocation), ...(country === undefined ? {} : { country }) }
      yield* ingestEach(invocation, (file) => ingestProcurementFile(file, options), true)
    }).pipe(Effect.provide(IngestReporter.Default))
  )

export const trademarks = (invocation: Invocation) =>
  runIngestCommand(
    invocation,
    trademarkRecords,
    ingestEach(invocation, (file) => ingestTrademarkFile(file, { batchSize: batchSizeOf(invocation) }), true).pipe(
      Effect.provide(IngestReporter.Default)
    )
  )

/** The publisher of the copy being loaded, as the operator names it (`--published-by`, `--published-url`). */
const publisherOf = (invocation: Invocation) => {
  const name = invocation.options["published-by"]
  const url = invocation.options["published-url"]
  return typeof name === "string" && name.trim() !== "" ? { name: name.trim(), url: typeof url === "string" && url.trim() !== "" ? url.trim() : null } : undefined
}

export const psc = (invocation: Invocation) =>
  runIngestCommand(
    invocation,
    pscRegister,
    ingestEach(invocation, (file) => ingestCacPscFile(file, publisherOf(invocation)), true).pipe(Effect.provide(WriterLive))
  )

export const gleif = (invocation: Invocation) =>
  runIngestCommand(
    invocation,
    gleifGoldenCopy,
    ingestEach(invocation, (file) => ingestGleifGoldenCopy(file, { batchSize: batchSizeOf(invocation) }), true).pipe(
      Effect.provide(WriterLive)
    )
  )

/** `--entities FILE`: the level-1 golden copy the parents are named from (checked like the files before anything opens). */
export const gleifRelationships = (invocation: Invocation) => {
  const given = invocation.options["entities"]
  const entities = typeof given === "string" && given.trim() !== "" ? given.trim() : undefined
  const refused = entities === undefined ? null : refusedFile([entities], gleifGoldenCopy)
  if (refused !== null) {
    process.stderr.write(`${invocation.command}: --entities ${refused}\n`)
    process.exitCode = 1
    return Promise.resolve()
  }
  return runIngestCommand(
    invocation,
    gleifRelationshipFile,
    ingestEach(invocation, (file) => ingestGleifRelationships(file, { batchSize: batchSizeOf(invocation), entities }), true).pipe(
      Effect.provide(IngestReporter.Default)
    )
  )
}
