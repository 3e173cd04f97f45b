import { Config, Effect, Option } from "effect"
import * as fs from "node:fs"
import { CompanyWriter } from "../CompanyWriter.js"
import { companyBatches } from "./companyBatches.js"
import type { CompanyFileFormat, LinedObservation } from "./companyBatches.js"
import { type PreparedLoadBatch, prepareLoadBatch } from "../write/loadBatch.js"
import { runIngest } from "./runIngest.js"

export interface CompanyIngestOptions {
  /** Rows per batch (default 2000; each its own transaction outside the initial load). */
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

export const DEFAULT_BATCH_SIZE = 2000

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
      // One transaction is one connection: batches are written one after another. Where the database can COPY,
      // each batch is prepared (merged and encoded) as it is read, while the previous one is being copied.
      const prepared = new WeakMap<ReadonlyArray<LinedObservation>, PreparedLoadBatch>()
      async function* preparedBatches() {
        for await (const batch of companyBatches(file, batchSize, options.format)) {
          const observations = batch.items.map((i) => i.observation)
          // Let the write of the previous batch take its next round trip between decoding and preparing.
          await new Promise((resolve) => setImmediate(resolve))
          prepared.set(batch.items, prepareLoadBatch(observations, options.now ?? new Date()))
          yield batch
        }
      }
      const load = writer.canCopy
        ? runIngest(file, preparedBatches, (items) => {
          const batch = prepared.get(items)
          return batch === undefined
            ? writer.upsertObservations(items.map((i) => i.observation), writeOptions)
            : writer.applyLoadBatch(batch)
        }, 1)
        : run(1)
      const started = Date.now()
      const loaded = yield* writer.initialLoad(load)
      if (Option.isSome(loaded)) {
        const seconds = (Date.now() - started) / 1000
        const rowsPerSecond = Math.round(loaded.value.rows / Math.max(seconds, 0.001))
        return { ...loaded.value, seconds, rowsPerSecond, bulk: true }
      }
    }
    return { ...(yield* run(options.concurrency ?? 2)), bulk: false }
  })
