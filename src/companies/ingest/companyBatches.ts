import { Either } from "effect"
import type { CanonicalCompany } from "../../domain/CanonicalCompany.js"
import { observe } from "../write/observe.js"
import type { Observation } from "../write/state.js"
import { companyFromCsv, decodeJsonLine } from "./companyRecords.js"
import { csvBatches } from "./csvBatches.js"
import { lineBatches } from "./lineBatches.js"
import type { DecodedBatch, Rejection } from "./runIngest.js"

export interface LinedObservation {
  readonly line: number
  readonly observation: Observation
}

export type CompanyFileFormat = "jsonl" | "csv"

export const formatOfFile = (file: string): CompanyFileFormat => file.toLowerCase().endsWith(".csv") ? "csv" : "jsonl"

const collect = (line: number, decoded: Either.Either<CanonicalCompany, string>, items: Array<LinedObservation>, rejected: Array<Rejection>) => {
  const observed = Either.flatMap(decoded, observe)
  if (Either.isLeft(observed)) rejected.push({ line, reason: observed.left })
  else items.push({ line, observation: observed.right })
}

async function* jsonlCompanies(file: string, batchSize: number): AsyncGenerator<DecodedBatch<LinedObservation>> {
  for await (const batch of lineBatches(file, batchSize)) {
    const items: Array<LinedObservation> = []
    const rejected: Array<Rejection> = []
    for (const { line, text } of batch.lines) collect(line, decodeJsonLine(text), items, rejected)
    yield { items, rejected, bytesDone: batch.bytesDone }
  }
}

async function* csvCompanies(file: string, batchSize: number): AsyncGenerator<DecodedBatch<LinedObservation>> {
  for await (const batch of csvBatches(file, batchSize)) {
    const items: Array<LinedObservation> = []
    const rejected: Array<Rejection> = []
    for (const row of batch.rows) {
      if (row._tag === "Bad") rejected.push({ line: row.line, reason: row.reason })
      else collect(row.line, companyFromCsv(row.cells), items, rejected)
    }
    yield { items, rejected, bytesDone: batch.bytesDone }
  }
}

/** Canonical company records of a JSON Lines or CSV file, decoded and canonicalised, in batches. */
export const companyBatches = (file: string, batchSize: number, format: CompanyFileFormat = formatOfFile(file)) =>
  format === "csv" ? csvCompanies(file, batchSize) : jsonlCompanies(file, batchSize)
