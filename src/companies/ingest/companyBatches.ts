import { Result } from "effect"
import type { CanonicalCompany } from "../../domain/CanonicalCompany.js"
import { observe } from "../write/observe.js"
import type { Observation } from "../write/state.js"
import { companyFromCsv, decodeJsonLine } from "./companyRecords.js"
import { type CsvRow, csvBatches } from "./csvBatches.js"
import { byteBatches, linesOfBytes } from "./lineBatches.js"
import type { DecodedBatch, Rejection } from "./runIngest.js"

export interface LinedObservation {
  readonly line: number
  readonly observation: Observation
}

export type CompanyFileFormat = "jsonl" | "csv"

export const formatOfFile = (file: string): CompanyFileFormat => file.toLowerCase().endsWith(".csv") ? "csv" : "jsonl"

/**
 * A batch of a company file as read, before decoding: plain data a worker thread can decode (JSON Lines as the
 * file's bytes, which it can be handed without a copy).
 */
export type RawCompanyRows =
  | { readonly format: "jsonl"; readonly firstLine: number; readonly bytes: Uint8Array }
  | { readonly format: "csv"; readonly rows: ReadonlyArray<CsvRow> }

export interface RawCompanyBatch {
  readonly raw: RawCompanyRows
  readonly bytesDone: number
}

/** The rows of a company file in batches, as read. */
export async function* rawCompanyBatches(
  file: string,
  batchSize: number,
  format: CompanyFileFormat = formatOfFile(file)
): AsyncGenerator<RawCompanyBatch> {
  if (format === "csv") {
    for await (const batch of csvBatches(file, batchSize)) yield { raw: { format, rows: batch.rows }, bytesDone: batch.bytesDone }
  } else {
    for await (const batch of byteBatches(file, batchSize)) {
      yield { raw: { format, firstLine: batch.firstLine, bytes: batch.bytes }, bytesDone: batch.bytesDone }
    }
  }
}

const collect = (line: number, decoded: Result.Result<CanonicalCompany, string>, items: Array<LinedObservation>, rejected: Array<Rejection>) => {
  const observed = Result.flatMap(decoded, observe)
  if (Result.isFailure(observed)) rejected.push({ line, reason: observed.failure })
  else items.push({ line, observation: observed.success })
}

/** Rows decoded and canonicalised: the observations to write, and the rows rejected with their reasons. */
export const decodeCompanyRows = (raw: RawCompanyRows) => {
  const items: Array<LinedObservation> = []
  const rejected: Array<Rejection> = []
  if (raw.format === "jsonl") {
    for (const { line, text } of linesOfBytes(raw.bytes, raw.firstLine)) collect(line, decodeJsonLine(text), items, rejected)
  } else {
    for (const row of raw.rows) {
      if (row._tag === "Bad") rejected.push({ line: row.line, reason: row.reason })
      else collect(row.line, companyFromCsv(row.cells), items, rejected)
    }
  }
  return { items, rejected }
}

/** Canonical company records of a JSON Lines or CSV file, decoded and canonicalised, in batches. */
export async function* companyBatches(
  file: string,
  batchSize: number,
  format: CompanyFileFormat = formatOfFile(file)
): AsyncGenerator<DecodedBatch<LinedObservation>> {
  for await (const batch of rawCompanyBatches(file, batchSize, format)) {
    yield { ...decodeCompanyRows(batch.raw), bytesDone: batch.bytesDone }
  }
}
