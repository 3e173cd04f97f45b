import { parse } from "csv-parse"
import * as fs from "node:fs"

export type CsvRow =
  | { readonly _tag: "Row"; readonly line: number; readonly cells: Readonly<Record<string, string>> }
  | { readonly _tag: "Bad"; readonly line: number; readonly reason: string }

export interface CsvBatch {
  readonly rows: ReadonlyArray<CsvRow>
  readonly bytesDone: number
}

interface ParsedRecord {
  readonly record: ReadonlyArray<string>
  readonly info: { readonly lines: number; readonly bytes: number }
}

/**
 * Rows of a CSV file with a header line, in batches, keyed by the (trimmed, lower-cased) header names. Streaming
 * (csv-parse); a row with the wrong number of cells or broken quoting is a `Bad` row naming its (first) line, and the
 * rest of the file is still read.
 */
export async function* csvBatches(path: string, batchSize: number): AsyncGenerator<CsvBatch> {
  const parser = fs.createReadStream(path).pipe(parse({
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true
  }))
  let rows: Array<CsvRow> = []
  let linesDone = 0
  parser.on("skip", (error: Error & { lines?: number }) => {
    rows.push({ _tag: "Bad", line: linesDone + 1, reason: error.message })
    linesDone = error.lines ?? linesDone
  })
  let header: ReadonlyArray<string> | null = null
  let bytesDone = 0
  for await (const parsed of parser as AsyncIterable<ParsedRecord>) {
    const { info, record } = parsed
    bytesDone = info.bytes
    const line = linesDone + 1
    linesDone = info.lines
    if (header === null) {
      header = record.map((h) => h.trim().toLowerCase())
      continue
    }
    if (record.length !== header.length) {
      rows.push({ _tag: "Bad", line, reason: `expected ${header.length} cells, got ${record.length}` })
    } else {
      const cells: Record<string, string> = {}
      header.forEach((name, i) => {
        cells[name] = record[i]!
      })
      rows.push({ _tag: "Row", line, cells })
    }
    if (rows.length >= batchSize) {
      const batch = rows
      rows = []
      yield { rows: batch, bytesDone }
    }
  }
  if (rows.length > 0) yield { rows, bytesDone }
}
