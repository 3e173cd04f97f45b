import { readFileSync } from "node:fs"
import { Either, Schema } from "effect"
import { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"

export interface LoadedRecords {
  readonly records: ReadonlyArray<CanonicalCompany>
  readonly rejected: ReadonlyArray<{ readonly line: number; readonly problem: string }>
}

const decode = Schema.decodeUnknownEither(Schema.parseJson(CanonicalCompany))

/** Canonical JSON Lines; a malformed line is reported with its number and skipped. */
export const parseRecords = (jsonl: string): LoadedRecords => {
  const records: Array<CanonicalCompany> = []
  const rejected: Array<{ line: number; problem: string }> = []
  jsonl.split(/\r?\n/).forEach((text, index) => {
    if (text.trim().length === 0) return
    Either.match(decode(text), {
      onLeft: (error) => rejected.push({ line: index + 1, problem: error.message.split("\n")[0] ?? "invalid" }),
      onRight: (record) => records.push(record)
    })
  })
  return { records, rejected }
}

export const loadRecords = (file: string): LoadedRecords => parseRecords(readFileSync(file, "utf8"))
