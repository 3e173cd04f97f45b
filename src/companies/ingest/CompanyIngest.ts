import { Effect } from "effect"
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
}

export const DEFAULT_BATCH_SIZE = 5000

/**
 * `kyb ingest companies`: one file of canonical records (JSON Lines, or CSV when the name ends in .csv) into
 * the store through CompanyWriter, batch by batch, each batch one transaction. Killed midway, the database
 * holds whole batches only, and running the same file again completes it (what landed counts as unchanged).
 */
export const ingestCompanyFile = (file: string, options: CompanyIngestOptions = {}) =>
  Effect.gen(function*() {
    const writer = yield* CompanyWriter
    const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE
    const writeOptions = options.now === undefined ? {} : { now: options.now }
    return yield* runIngest(
      file,
      () => companyBatches(file, batchSize, options.format),
      (items) => writer.upsertObservations(items.map((i) => i.observation), writeOptions),
      options.concurrency ?? 2
    )
  })
