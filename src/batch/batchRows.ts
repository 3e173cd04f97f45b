import { Result, Schema } from "effect"
import { parse } from "csv-parse/sync"
import { BATCH_TAKES, MAX_BATCH_ITEMS, SCREEN_BATCH_TAKES } from "../domain/schemas/Job.js"
import { ScreenBody, type ScreenInput } from "../domain/schemas/Screen.js"
import { VerifyBody, type VerifyInput } from "../domain/schemas/Verdict.js"
import type { JobKind } from "./BatchRepo.js"
import { issuesMessage } from "../domain/fieldMessages.js"
import { checkJsonStrings } from "../domain/inputHygiene.js"

/** The CSV columns a batch of each kind takes. */
const COLUMNS: Record<JobKind, ReadonlyArray<string>> = {
  verify: ["name", "registration_no", "country"],
  screen: ["name", "kind", "country", "date_of_birth", "nationality"]
}
const TAKES: Record<JobKind, string> = { verify: BATCH_TAKES, screen: SCREEN_BATCH_TAKES }

const refuser = (kind: JobKind) => (problem: string) => Result.fail(`${problem} ${TAKES[kind].replace(/^t/, "T")}.`)

const readCsv = (text: string, refuse: (problem: string) => Result.Result<never, string>): Result.Result<Array<Array<string>>, string> => {
  try {
    return Result.succeed(parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false }) as Array<Array<string>>)
  } catch (error) {
    return refuse(`The CSV body cannot be read: ${error instanceof Error ? error.message.split("\n")[0] : "malformed"}.`)
  }
}

/**
 * The rows of a CSV batch as objects of their non-empty cells. The header must name known columns, each once; every
 * cell obeys the rules of a JSON string (no control character, tab included; valid UTF-8), then is trimmed.
 */
const csvRows = (text: string, kind: JobKind): Result.Result<ReadonlyArray<unknown>, string> => {
  const refuse = refuser(kind)
  return Result.flatMap(readCsv(text, refuse), (records) => {
    const [head, ...body] = records
    if (head === undefined) return refuse("The CSV body is empty.")
    const header = head.map((h) => h.trim().toLowerCase())
    const unknown = header.filter((h) => !COLUMNS[kind].includes(h))
    if (unknown.length > 0) {
      const named = unknown.map((h) => /^[a-z0-9_ -]{1,40}$/.test(h) ? h : "(a column name that is not plain text)")
      return refuse(`Unknown CSV column(s): ${named.join(", ")}.`)
    }
    const repeated = header.filter((h, i) => header.indexOf(h) !== i)
    if (repeated.length > 0) return refuse(`The CSV column ${repeated[0]} is named twice.`)
    if (body.length === 0) return refuse("The CSV body has no row after its header.")
    if (body.length > MAX_BATCH_ITEMS) return refuse(`This one has ${body.length} rows.`)
    const rows: Array<Record<string, string>> = []
    for (const [index, record] of body.entries()) {
      const row: Record<string, string> = {}
      for (const [i, cell] of record.entries()) {
        const problem = checkJsonStrings(cell, header[i]!)
        if (problem !== undefined) return Result.fail(`row ${index + 1} (line ${index + 2}), ${problem.where}: ${problem.problem}.`)
        const value = cell.trim()
        if (value !== "") row[header[i]!] = value
      }
      rows.push(row)
    }
    return Result.succeed(rows)
  })
}

/**
 * The rows of a batch: the JSON array as sent, or the CSV's records as objects of their non-empty cells. Left: why the
 * body as a whole is not a batch, with what the route takes.
 */
export const rowsOf = (payload: ReadonlyArray<unknown> | string, kind: JobKind = "verify"): Result.Result<ReadonlyArray<unknown>, string> =>
  typeof payload === "string" ? csvRows(payload, kind) : Result.succeed(payload)

const decodeRow = Schema.decodeUnknownResult(VerifyBody, { onExcessProperty: "error", errors: "first" })

/** A row that is a verification request, or why it is not, in the words GET /v1/verify uses (reported in its place). */
export const checkRow = (row: unknown): { readonly input: VerifyInput } | { readonly problem: string } =>
  Result.match(decodeRow(row), {
    onFailure: (error) => ({ problem: issuesMessage(error, "each row must be an object like the body of POST /v1/verify") }),
    onSuccess: (input) => ({ input })
  })

const decodeScreenRow = Schema.decodeUnknownResult(ScreenBody, { onExcessProperty: "error", errors: "first" })

/** A row of a screening batch: a screening request, or why it is not, in the words POST /v1/screen uses. */
export const checkScreenRow = (row: unknown): { readonly input: ScreenInput } | { readonly problem: string } =>
  Result.match(decodeScreenRow(row), {
    onFailure: (error) => ({ problem: issuesMessage(error, "each row must be an object like the body of POST /v1/screen") }),
    onSuccess: (input) => ({ input })
  })
