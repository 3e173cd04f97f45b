import { SqlClient } from "effect/sql"
import { Effect } from "effect"
import { csvBatches } from "./csvBatches.js"
import type { DecodedBatch, Rejection } from "./runIngest.js"
import { runIngest } from "./runIngest.js"
import { type Trademark, trademarkOf } from "./trademarks/trademark.js"
import { upsertTrademarks } from "./trademarks/trademarkWriter.js"

async function* trademarkBatches(file: string, batchSize: number): AsyncGenerator<DecodedBatch<Trademark>> {
  for await (const batch of csvBatches(file, batchSize)) {
    const items: Array<Trademark> = []
    const rejected: Array<Rejection> = []
    for (const row of batch.rows) {
      if (row._tag === "Bad") {
        rejected.push({ line: row.line, reason: row.reason })
        continue
      }
      const result = trademarkOf(row.line, row.cells)
      if (typeof result === "string") rejected.push({ line: row.line, reason: result })
      else items.push(result)
    }
    yield { items, rejected, bytesDone: batch.bytesDone }
  }
}

/** `kyb ingest trademarks`: CSV `office,mark,owner,status,classes,filing_date,source_url`; owners matched to companies. */
export const ingestTrademarkFile = (file: string, options: { readonly batchSize?: number } = {}) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* runIngest(
      file,
      () => trademarkBatches(file, options.batchSize ?? 2000),
      (marks) => marks.length === 0
        ? Effect.succeed({ inserted: 0, updated: 0, unchanged: 0, matched: 0 })
        : sql.withTransaction(upsertTrademarks(sql, marks))
    )
  })
