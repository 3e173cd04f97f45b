import * as fs from "node:fs"
import { csvBatches } from "../csvBatches.js"
import { lineBatches } from "../lineBatches.js"
import type { DecodedBatch, Rejection } from "../runIngest.js"
import { type Award, awardOf } from "./award.js"
import { awardsOfRelease, releasesOf } from "./ocds.js"

export interface AwardFileOptions {
  /** Country of every award in the file, for OCDS data that names none. */
  readonly country: string | null
  readonly batchSize: number
}

const pick = (cells: Readonly<Record<string, string>>, ...names: ReadonlyArray<string>) => {
  for (const name of names) {
    const value = cells[name]
    if (value !== undefined && value.trim() !== "") return value.trim()
  }
  return null
}

/**
 * The CSV form: `country,buyer,title,value,currency,date,supplier,source_url` (DESIGN section 10), also read
 * under the column names of awards_normalized.csv (`award_value`, `award_date`, `supplier_name`, `ocid`).
 */
async function* csvAwards(file: string, options: AwardFileOptions): AsyncGenerator<DecodedBatch<Award>> {
  for await (const batch of csvBatches(file, options.batchSize)) {
    const items: Array<Award> = []
    const rejected: Array<Rejection> = []
    for (const row of batch.rows) {
      if (row._tag === "Bad") {
        rejected.push({ line: row.line, reason: row.reason })
        continue
      }
      const rawValue = pick(row.cells, "value", "award_value", "amount")
      const value = rawValue === null ? null : Number(rawValue.replace(/,/g, ""))
      const result = awardOf(row.line, {
        country: pick(row.cells, "country") ?? options.country ?? "",
        ocid: pick(row.cells, "ocid"),
        buyer: pick(row.cells, "buyer"),
        title: pick(row.cells, "title"),
        value,
        currency: pick(row.cells, "currency"),
        date: pick(row.cells, "date", "award_date"),
        supplier: pick(row.cells, "supplier", "supplier_name") ?? "",
        source_url: pick(row.cells, "source_url")
      })
      if (typeof result === "string") rejected.push({ line: row.line, reason: result })
      else items.push(result)
    }
    yield { items, rejected, bytesDone: batch.bytesDone }
  }
}

/** A JSON file (package or release): read whole, awards emitted in batches; `line` is the release's ordinal. */
async function* jsonAwards(file: string, options: AwardFileOptions): AsyncGenerator<DecodedBatch<Award>> {
  const size = fs.statSync(file).size
  let document: unknown
  try {
    document = JSON.parse(fs.readFileSync(file, "utf8"))
  } catch (e) {
    yield { items: [], rejected: [{ line: 1, reason: `not JSON: ${e instanceof Error ? e.message : String(e)}` }], bytesDone: size }
    return
  }
  let items: Array<Award> = []
  let rejected: Array<Rejection> = []
  for (const [i, release] of releasesOf(document).entries()) {
    const result = awardsOfRelease(release, i + 1, options.country, null)
    items.push(...result.awards)
    for (const reason of result.rejected) rejected.push({ line: i + 1, reason: `release ${i + 1}: ${reason}` })
    if (items.length >= options.batchSize) {
      yield { items, rejected, bytesDone: size }
      items = []
      rejected = []
    }
  }
  yield { items, rejected, bytesDone: size }
}

/** JSON Lines: one release (or package) per line, streamed. */
async function* jsonlAwards(file: string, options: AwardFileOptions): AsyncGenerator<DecodedBatch<Award>> {
  for await (const batch of lineBatches(file, options.batchSize)) {
    const items: Array<Award> = []
    const rejected: Array<Rejection> = []
    for (const { line, text } of batch.lines) {
      let document: unknown
      try {
        document = JSON.parse(text)
      } catch (e) {
        rejected.push({ line, reason: `not JSON: ${e instanceof Error ? e.message : String(e)}` })
        continue
      }
      for (const release of releasesOf(document)) {
        const result = awardsOfRelease(release, line, options.country, null)
        items.push(...result.awards)
        for (const reason of result.rejected) rejected.push({ line, reason })
      }
    }
    yield { items, rejected, bytesDone: batch.bytesDone }
  }
}

export const awardBatches = (file: string, options: AwardFileOptions) => {
  const lower = file.toLowerCase()
  if (lower.endsWith(".csv")) return csvAwards(file, options)
  if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) return jsonlAwards(file, options)
  return jsonAwards(file, options)
}
