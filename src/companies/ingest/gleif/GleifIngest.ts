import { Effect, Result } from "effect"
import type { CanonicalCompany } from "../../../domain/CanonicalCompany.js"
import { leiRecord, leiVerdict } from "../../../domain/leiConfirmation.js"
import type { RegistryId } from "../../../domain/registrationNumbers.js"
import { registryById } from "../../../registries/catalog.js"
import { gleifAuthorityCodes } from "../../../registries/gleif/gleifConfig.js"
import { authorityLookup } from "../../../registries/gleif/registrationAuthorities.js"
import { CompanyWriter } from "../../CompanyWriter.js"
import type { CsvBatch } from "../csvBatches.js"
import { type DecodedBatch, IngestFileError, type Rejection, runIngest } from "../runIngest.js"
import { goldenCopyRows } from "./goldenCopyFile.js"
import { entryOfGoldenCopyRow } from "./goldenCopyRow.js"

export const GOLDEN_COPY_SOURCE = "GLEIF golden copy (Global LEI Index)"
export const GOLDEN_COPY_URL = "https://www.gleif.org/en/lei-data/gleif-golden-copy"

interface LinedRecord {
  readonly line: number
  readonly record: CanonicalCompany
}

/** A golden-copy file's rows by its kind (CSV or JSON), or the one-line refusal of any other file. */
export const goldenCopyOf = (file: string) => {
  const rows = goldenCopyRows(file)
  return rows === null
    ? Effect.fail(new IngestFileError({ file, message: "GLEIF's golden copy is read as CSV (named .csv) or JSON (the LEI-CDF files GLEIF publishes); the XML files are not read" }))
    : Effect.succeed(rows)
}

/**
 * `kyb ingest gleif FILE`: GLEIF's golden copy (level 1), CSV or JSON, streamed in batches through runIngest so memory
 * stays flat whatever the file's size; rows of the 18 countries kept (`matched`), the others skipped. Each record by the
 * same rule as the live API (src/domain/leiConfirmation.ts): registered with GLEIF's evidence (source kind registry: a
 * published file) or a reference entity; its last-verified date is GLEIF's last update of the record.
 */
export const ingestGleifGoldenCopy = (file: string, options: { readonly batchSize: number }) =>
  Effect.gen(function*() {
    const rows = yield* goldenCopyOf(file)
    const writer = yield* CompanyWriter
    const registryOf = authorityLookup(yield* gleifAuthorityCodes)
    const registryName = (id: RegistryId) => `${registryById(id)?.name ?? id} (${id})`
    const started = Date.now()
    const updatedAt = (date: string | null) => {
      const t = Date.parse(date ?? "")
      return new Date(Number.isNaN(t) ? started : t).toISOString()
    }

    const decode = (batch: CsvBatch): DecodedBatch<LinedRecord> => {
      const items: Array<LinedRecord> = []
      const rejected: Array<Rejection> = []
      for (const row of batch.rows) {
        if (row._tag === "Bad") {
          rejected.push({ line: row.line, reason: row.reason })
          continue
        }
        const entry = entryOfGoldenCopyRow(row.cells)
        if (Result.isFailure(entry)) {
          rejected.push({ line: row.line, reason: entry.failure })
          continue
        }
        const record = leiRecord(entry.success, leiVerdict(entry.success, registryOf), {
          source: GOLDEN_COPY_SOURCE,
          sourceUrl: GOLDEN_COPY_URL,
          kind: "registry",
          checkedAt: updatedAt(entry.success.registration.lastUpdateDate),
          registryName
        })
        if (record !== null) items.push({ line: row.line, record })
      }
      return { items, rejected, skipped: batch.rows.length - items.length - rejected.length, bytesDone: batch.bytesDone }
    }

    async function* batches() {
      for await (const batch of rows(options.batchSize)) yield decode(batch)
    }

    return yield* runIngest(file, batches, (items) =>
      Effect.map(writer.upsertBatch(items.map((i) => i.record)), (written) => ({
        inserted: written.inserted,
        updated: written.updated,
        unchanged: written.unchanged,
        refused: written.rejected,
        matched: items.length
      })))
  })
