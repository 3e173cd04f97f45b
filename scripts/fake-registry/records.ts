import { readFileSync } from "node:fs"
import { Result, Schema } from "effect"
import { CanonicalCompany, type RegistryRecord } from "../../src/domain/CanonicalCompany.js"

export interface LoadedRecords {
  readonly records: ReadonlyArray<RegistryRecord>
  readonly rejected: ReadonlyArray<{ readonly line: number; readonly problem: string }>
}

const decode = Schema.decodeUnknownResult(Schema.fromJsonString(CanonicalCompany))

/** Canonical JSON Lines; a malformed line is reported with its number and skipped. */
export const parseRecords = (jsonl: string): LoadedRecords => {
  const records: Array<RegistryRecord> = []
  const rejected: Array<{ line: number; problem: string }> = []
  jsonl.split(/\r?\n/).forEach((text, index) => {
    if (text.trim().length === 0) return
    Result.match(decode(text), {
      onFailure: (error) => rejected.push({ line: index + 1, problem: error.message.split("\n")[0] ?? "invalid" }),
      onSuccess: (record) =>
        record.registration_no == null
          ? rejected.push({ line: index + 1, problem: "a registry's record carries its registration_no" })
          : records.push({ ...record, registration_no: record.registration_no })
    })
  })
  return { records, rejected }
}

export const loadRecords = (file: string): LoadedRecords => parseRecords(readFileSync(file, "utf8"))
