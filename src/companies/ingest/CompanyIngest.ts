import { Config, Effect, Option, Schema, SchemaIssue } from "effect"
import * as fs from "node:fs"
import { CompanyWriter } from "../CompanyWriter.js"
import { BulkLoad, type LoadBatchWriter } from "./bulk/BulkLoad.js"
import { companyBatches } from "./companyBatches.js"
import type { CompanyFileFormat } from "./companyBatches.js"
import { makePreparePool } from "./prepare/PreparePool.js"
import { preparedBatches } from "./prepare/preparedBatches.js"
import { runIngest } from "./runIngest.js"

export interface CompanyIngestOptions {
  /** Rows per batch (default 2000; each its own transaction outside the initial load). */
  readonly batchSize?: number
  readonly format?: CompanyFileFormat
  readonly now?: Date
  /** Batches written concurrently (default 2; the merge is order-independent, so this is safe). */
  readonly concurrency?: number
  /**
   * The initial bulk load into an empty store (see BulkLoad.initialLoad): `auto` (default) takes it for a
   * file of at least KYB_INGEST_BULK_MIN_BYTES, `always` for any file, `never` writes batch by batch.
   */
  readonly bulk?: "auto" | "always" | "never"
}

export const DEFAULT_BATCH_SIZE = 2000

/** Smallest file the initial load is worth it for (building every index afterwards costs a few seconds). */
const bulkMinBytes = Config.Int("KYB_INGEST_BULK_MIN_BYTES").pipe(Config.withDefault(64 * 1024 * 1024))

/** Worker threads decoding and preparing the initial load's batches (the main thread writes). */
const workerCount = Config.Int("KYB_INGEST_WORKERS").pipe(
  Config.withDefault(1),
  Config.mapEffect((n) =>
    n >= 1 && n <= 16
      ? Effect.succeed(n)
      : Effect.fail(new Config.ConfigError(new Schema.SchemaError(new SchemaIssue.Pointer(
        ["KYB_INGEST_WORKERS"],
        new SchemaIssue.InvalidValue({ message: "KYB_INGEST_WORKERS must be between 1 and 16" })
      ))))
  )
)

const wantsBulk = Effect.fnUntraced(function*(file: string, mode: NonNullable<CompanyIngestOptions["bulk"]>) {
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
    const bulk = yield* BulkLoad
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
      // One transaction is one connection: batches are written one after another. Where the database can COPY,
      // worker threads decode and prepare the batches ahead while this thread sends rows to the database.
      const load = (write: LoadBatchWriter) =>
        bulk.canCopy
          ? Effect.scoped(Effect.gen(function*() {
            const pool = yield* makePreparePool(yield* workerCount)
            const prepared = preparedBatches(pool, file, batchSize, options.format, options.now ?? new Date())
            return yield* runIngest(file, prepared.batches, (items) => {
              const batch = prepared.loadBatchOf(items)
              return batch === undefined
                ? Effect.die(new Error("a batch of the initial load was not prepared"))
                : write(batch.prepared, batch.observations)
            }, 1)
          }))
          : run(1)
      const started = Date.now()
      const loaded = yield* bulk.initialLoad(load)
      if (Option.isSome(loaded)) {
        const seconds = (Date.now() - started) / 1000
        const rowsPerSecond = Math.round(loaded.value.rows / Math.max(seconds, 0.001))
        return { ...loaded.value, seconds, rowsPerSecond, bulk: true }
      }
    }
    return { ...(yield* run(options.concurrency ?? 2)), bulk: false }
  })
