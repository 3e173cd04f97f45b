import { Config, Effect, Option } from "effect"
import * as fs from "node:fs"
import { CompanyWriter } from "../CompanyWriter.js"
import { companyBatches } from "./companyBatches.js"
import type { CompanyFileFormat } from "./companyBatches.js"
import { runIngest } from "./runIngest.js"

export interface CompanyIngestOptions {
  /** Rows per transaction (default 5000). */
  readonly batchSize?: number
  readonly format?: CompanyFileFormat
  readonly now?: Date
  /** Batches written concurrently (default 2; the merge is order-independent, so this is safe). */
  readonly concurrency?: number
  /**
   * The initial bulk load into an empty store (see CompanyWriter.initialLoad): `auto` (default) takes it for a
   * file of at least KYB_INGEST_BULK_MIN_BYTES, `always` for any file, `never` writes batch by batch.
   */
  readonly bulk?: "auto" | "always" | "never"
}

export const DEFAULT_BATCH_SIZE = 5000

/** Smallest file the initial load is worth it for (building every index afterwards costs a few seconds). */
const bulkMinBytes = Config.integer("KYB_INGEST_BULK_MIN_BYTES").pipe(Config.withDefault(64 * 1024 * 1024))

const wantsBulk = (file: string, mode: NonNullable<CompanyIngestOptions["bulk"]>) =>
  Effect.gen(function*() {
    if (mode !== "auto") return mode === "always"
    const min = yield* bulkMinBytes
    const size = yield* Effect.try(() => fs.statSync(file).size).pipe(Effect.orElseSucceed(() => 0))
    return size >= min
  })

/**
 * `kyb ingest companies`: one file of canonical records (JSON Lines, or CSV when the name ends in .csv) into
 * the store through CompanyWriter, batch by batch, each batch one transaction. Killed midway, the database
 * holds whole batches only, and running the same file again completes it (what landed counts as unchanged).
 * A large file into an empty store is loaded as one transaction with the indexes built at its end (`bulk`):
 * killed midway, the store is left empty, and running the file again loads it.
 */
export const ingestCompanyFile = (file: string, options: CompanyIngestOptions = {}) =>
  Effect.gen(function*() {
    const writer = yield* CompanyWriter
    const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE
    const writeOptions = options.now === undefined ? {} : { now: options.now }
    const run = (concurrency: number) =>
      runIngest(
        file,
        () => companyBatches(file, batchSize, options.format),
        (items) => writer.upsertObservations(items.map((i) => i.observation), writeOptions),
        concurrency
      )
    if (yield* wantsBulk(file, options.bulk ?? "auto")) {
      // One transaction is one connection: batches are written one after another (decoding still runs ahead).
      const started = Date.now()
      const loaded = yield* writer.initialLoad(run(1))
      if (Option.isSome(loaded)) {
        const seconds = (Date.now() - started) / 1000
        const rowsPerSecond = Math.round(loaded.value.rows / Math.max(seconds, 0.001))
        return { ...loaded.value, seconds, rowsPerSecond, bulk: true }
      }
    }
    return { ...(yield* run(options.concurrency ?? 2)), bulk: false }
  })
