import { Effect, Result } from "effect"
import type { CanonicalCompany } from "../../../domain/CanonicalCompany.js"
import { leiRecord, leiVerdict } from "../../../domain/leiConfirmation.js"
import type { RegistryId } from "../../../domain/registrationNumbers.js"
import { registryById } from "../../../registries/catalog.js"
import { gleifAuthorityCodes } from "../../../registries/gleif/gleifConfig.js"
import { authorityLookup } from "../../../registries/gleif/registrationAuthorities.js"
import { CompanyWriter } from "../../CompanyWriter.js"
import { csvBatches } from "../csvBatches.js"
import { type FileSummary, IngestFileError } from "../runIngest.js"
import { entryOfGoldenCopyRow } from "./goldenCopyRow.js"

export const GOLDEN_COPY_SOURCE = "GLEIF golden copy (Global LEI Index)"
const GOLDEN_COPY_URL = "https://www.gleif.org/en/lei-data/gleif-golden-copy"
const MAX_REJECTIONS = 50

/**
 * `kyb ingest gleif FILE`: GLEIF's golden-copy CSV (level 1), streamed in batches so memory stays flat whatever the
 * file's size; rows of the 18 countries kept (`matched`), the others skipped. Each record by the same rule as the live
 * API (src/domain/leiConfirmation.ts): registered with GLEIF's evidence (source kind registry: a published file) or a
 * reference entity; its last-verified date is GLEIF's last update of the record.
 */
export const ingestGleifGoldenCopy = (file: string, options: { readonly batchSize: number }) =>
  Effect.gen(function*() {
    if (!file.toLowerCase().endsWith(".csv")) {
      return yield* new IngestFileError({ file, message: "GLEIF's golden copy is read as CSV (the LEI-CDF CSV GLEIF publishes); the JSON and XML files are not read" })
    }
    const writer = yield* CompanyWriter
    const registryOf = authorityLookup(yield* gleifAuthorityCodes)
    const registryName = (id: RegistryId) => `${registryById(id)?.name ?? id} (${id})`
    const started = Date.now()
    const totals = { rows: 0, matched: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 }
    const rejections: Array<{ line: number; reason: string }> = []
    const reject = (line: number, reason: string) => {
      totals.rejected += 1
      if (rejections.length < MAX_REJECTIONS) rejections.push({ line, reason })
    }
    const batches = csvBatches(file, options.batchSize)[Symbol.asyncIterator]()
    while (true) {
      const next = yield* Effect.tryPromise({
        try: () => batches.next(),
        catch: (e) => new IngestFileError({ file, message: e instanceof Error ? e.message : String(e) })
      })
      if (next.done === true) break
      const records: Array<{ line: number; record: CanonicalCompany }> = []
      for (const row of next.value.rows) {
        totals.rows += 1
        if (row._tag === "Bad") {
          reject(row.line, row.reason)
          continue
        }
        const entry = entryOfGoldenCopyRow(row.cells)
        if (Result.isFailure(entry)) {
          reject(row.line, entry.failure)
          continue
        }
        const record = leiRecord(entry.success, leiVerdict(entry.success, registryOf), {
          source: GOLDEN_COPY_SOURCE,
          sourceUrl: GOLDEN_COPY_URL,
          kind: "registry",
          checkedAt: new Date(entry.success.registration.lastUpdateDate ?? started).toISOString(),
          registryName
        })
        if (record !== null) records.push({ line: row.line, record })
      }
      totals.matched += records.length
      if (records.length === 0) continue
      const written = yield* writer.upsertBatch(records.map((r) => r.record))
      totals.inserted += written.inserted
      totals.updated += written.updated
      totals.unchanged += written.unchanged
      for (const r of written.rejected) reject(records[r.index]!.line, r.reason)
    }
    const seconds = (Date.now() - started) / 1000
    return {
      file,
      ...totals,
      seconds,
      rowsPerSecond: Math.round(totals.rows / Math.max(seconds, 0.001)),
      rejections
    } satisfies FileSummary
  })
