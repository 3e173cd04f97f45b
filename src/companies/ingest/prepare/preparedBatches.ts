import type { PreparedLoadBatch } from "../bulk/loadBatch.js"
import type { Observation } from "../../write/state.js"
import { type CompanyFileFormat, decodeCompanyRows, type RawCompanyBatch, rawCompanyBatches } from "../companyBatches.js"
import type { DecodedBatch } from "../runIngest.js"
import type { PreparedBatch, PreparePool } from "./PreparePool.js"

export interface LoadRow {
  readonly line: number
}

export interface LoadBatch {
  readonly prepared: PreparedLoadBatch
  /** The batch's observations, decoded again on this thread: needed only when the batch repeats a company. */
  readonly observations: () => ReadonlyArray<Observation>
}

/**
 * The batches of a file decoded and prepared by the pool's workers, in file order, with up to two batches per
 * worker under way while the caller writes. Each batch's rows map (`loadBatchOf`) to its prepared form.
 */
export const preparedBatches = (pool: PreparePool, file: string, batchSize: number, format: CompanyFileFormat | undefined, now: Date) => {
  const prepared = new WeakMap<ReadonlyArray<LoadRow>, LoadBatch>()
  const ready = async (read: RawCompanyBatch, rows: Promise<PreparedBatch>): Promise<DecodedBatch<LoadRow>> => {
    const { prepared: { accepted, rejected, batch }, raw } = await rows
    const items = accepted.map((line) => ({ line }))
    prepared.set(items, { prepared: batch, observations: () => decodeCompanyRows(raw).items.map((i) => i.observation) })
    return { items, rejected, bytesDone: read.bytesDone }
  }
  async function* batches(): AsyncGenerator<DecodedBatch<LoadRow>> {
    const underWay: Array<{ readonly read: RawCompanyBatch; readonly rows: Promise<PreparedBatch> }> = []
    for await (const read of rawCompanyBatches(file, batchSize, format)) {
      underWay.push({ read, rows: pool.prepare(read.raw, now) })
      if (underWay.length > 2 * pool.size) {
        const head = underWay.shift()!
        yield await ready(head.read, head.rows)
      }
    }
    for (const head of underWay) yield await ready(head.read, head.rows)
  }
  return { batches, loadBatchOf: (items: ReadonlyArray<LoadRow>) => prepared.get(items) }
}
