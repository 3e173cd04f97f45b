import JSONParser from "@streamparser/json/jsonparser.js"
import * as fs from "node:fs"
import { type CsvBatch, csvBatches, type CsvRow } from "../csvBatches.js"

/**
 * GLEIF's golden-copy files (level 1, LEI-CDF; level 2, RR-CDF), CSV or JSON, as rows of cells keyed by the CSV's
 * column names (lower-cased CDF paths: `entity.legalname`, `relationship.startnode.nodeid` ...), so one decoding reads
 * both formats.
 *
 * The JSON GLEIF publishes beside the CSV writes each record as its XML with `$` for an element's text and `@name` for
 * its attributes, in one array under a top-level key (`{"records":[{"LEI":{"$":"..."},"Entity":{"LegalName":{"@xml:lang":
 * "en","$":"..."},...},"Registration":{...}}]}`; the relationship file's records are `{"RelationshipRecord":{...}}`).
 * It is streamed (@streamparser/json): only the record being read is held, never the file, which is gigabytes. A JSON
 * record's `line` is its position in the array (1 for the first record).
 */

type Json = string | number | boolean | null | { readonly [key: string]: Json } | ReadonlyArray<Json>

/** Elements that repeat in the CDF: one of them may be written as an object instead of a one-element array. */
const REPEATED = new Set(["OtherEntityName", "TransliteratedOtherEntityName", "AdditionalAddressLine", "RelationshipPeriod", "RelationshipQualifier", "OtherAddress"])

const isObject = (value: Json): value is { readonly [key: string]: Json } => typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * One JSON record as the CSV's cells: `{"Entity":{"LegalName":{"@xml:lang":"en","$":"X"}}}` -> `entity.legalname: X`,
 * `entity.legalname.xmllang: en`; repeated elements numbered from 1 (`entity.otherentitynames.otherentityname.1.type`).
 * Pure.
 */
export const cellsOfCdfJson = (record: Json): Record<string, string> => {
  const cells: Record<string, string> = {}
  const walk = (value: Json, path: string, name: string) => {
    if (value === null) return
    if (Array.isArray(value)) {
      value.forEach((item: Json, i) => walk(item, `${path}.${i + 1}`, name))
    } else if (isObject(value)) {
      for (const [key, inner] of Object.entries(value)) {
        if (key === "$") walk(inner, path, name)
        else if (key.startsWith("@")) walk(inner, `${path}.${key.slice(1).replace(":", "")}`, key)
        else {
          const at = path === "" ? key : `${path}.${key}`
          walk(REPEATED.has(key) && !Array.isArray(inner) ? [inner] : inner, at, key)
        }
      }
    } else if (path !== "") {
      cells[path.toLowerCase()] = String(value)
    }
  }
  // a relationship record is wrapped in its element's name; a level-1 record is not
  walk(isObject(record) && isObject(record["RelationshipRecord"] ?? null) ? record["RelationshipRecord"]! : record, "", "")
  return cells
}

/** The records of a golden-copy JSON file in batches, streamed: each element of the array under a top-level key. */
export async function* cdfJsonBatches(path: string, batchSize: number): AsyncGenerator<CsvBatch> {
  const parser = new JSONParser({ paths: ["$.*.*"], keepStack: false })
  let rows: Array<CsvRow> = []
  let ordinal = 0
  parser.onValue = ({ key, value }) => {
    if (typeof key !== "number" || value === undefined) return
    ordinal += 1
    const record = value as Json
    rows.push(isObject(record) ? { _tag: "Row", line: ordinal, cells: cellsOfCdfJson(record) } : { _tag: "Bad", line: ordinal, reason: "not a record (an object)" })
  }
  let bytesDone = 0
  for await (const chunk of fs.createReadStream(path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    bytesDone += chunk.length
    parser.write(bytesDone === chunk.length && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? chunk.subarray(3) : chunk)
    if (rows.length >= batchSize) {
      const batch = rows
      rows = []
      yield { rows: batch, bytesDone }
    }
  }
  if (!parser.isEnded) parser.end()
  if (rows.length > 0) yield { rows, bytesDone }
}

const firstNonBlank = (file: string): string => {
  const fd = fs.openSync(file, "r")
  try {
    const buffer = Buffer.alloc(4096)
    const read = fs.readSync(fd, buffer, 0, buffer.length, 0)
    return buffer.subarray(0, read).toString("utf8").replace(/^\uFEFF/, "").trimStart().charAt(0)
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * A golden-copy file's rows, by its kind: `.csv` by name, else JSON when it begins with `{`; null when it is neither
 * (the XML files GLEIF also publishes are not read).
 */
export const goldenCopyRows = (file: string): ((batchSize: number) => AsyncIterable<CsvBatch>) | null => {
  if (file.toLowerCase().endsWith(".csv")) return (batchSize) => csvBatches(file, batchSize)
  return firstNonBlank(file) === "{" ? (batchSize) => cdfJsonBatches(file, batchSize) : null
}
