import { SqlClient } from "effect/sql"
import { Effect } from "effect"
import { awardBatches } from "./procurement/awardFiles.js"
import { upsertAwards } from "./procurement/awardWriter.js"
import { runIngest } from "./runIngest.js"

export interface ProcurementIngestOptions {
  readonly country?: string
  readonly batchSize?: number
}

/**
 * `kyb ingest procurement`: OCDS release/record packages (JSON, or JSON Lines of releases) or the award CSV, one
 * transaction per batch; suppliers matched to companies of the award's country; `matched` in the summary.
 */
export const ingestProcurementFile = (file: string, options: ProcurementIngestOptions = {}) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return yield* runIngest(
      file,
      () => awardBatches(file, { country: options.country?.toUpperCase() ?? null, batchSize: options.batchSize ?? 2000 }),
      (awards) => awards.length === 0
        ? Effect.succeed({ inserted: 0, updated: 0, unchanged: 0, matched: 0 })
        : sql.withTransaction(upsertAwards(sql, awards))
    )
  })
