import { Effect } from "effect"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"

/** Stores records through CompanyWriter (the production write path), `batch` at a time; returns rows stored. */
export const loadRecords = (next: () => CanonicalCompany | undefined, batch = 2000, label = "records") =>
  Effect.gen(function*() {
    const writer = yield* CompanyWriter
    const started = Date.now()
    let stored = 0
    let rejected = 0
    for (;;) {
      const records: Array<CanonicalCompany> = []
      while (records.length < batch) {
        const r = next()
        if (r === undefined) break
        records.push(r)
      }
      if (records.length === 0) break
      const result = yield* writer.upsertBatch(records)
      stored += result.inserted + result.updated
      rejected += result.rejected.length
      if (stored % 100_000 < batch) {
        process.stderr.write(`${label}: ${stored} stored (${((Date.now() - started) / 1000).toFixed(0)} s)\n`)
      }
    }
    process.stderr.write(`${label}: ${stored} stored, ${rejected} rejected in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
    return stored
  })
