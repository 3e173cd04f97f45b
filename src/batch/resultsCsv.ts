import type { JobResult } from "../domain/schemas/Job.js"
import { neutralised } from "../domain/csvCell.js"

/** `row` counts from 1 like the console's results and a spreadsheet (the JSON's `position` is 0-based). */
const HEADER = ["row", "name", "registration_no", "country", "result", "registered", "sanctions", "review_reason", "check_id", "error"]

/** RFC 4180 quoting; a cell that a spreadsheet would run as a formula gets a leading apostrophe (`neutralised`). */
export const cell = (value: unknown): string => {
  const text = value === null || value === undefined ? "" : String(value)
  const safe = neutralised(text)
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, "\"\"")}"` : safe
}

const field = (input: unknown, name: string) =>
  typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>)[name] : undefined

/**
 * One line per row in input order: the input, the verdict's headline, its check, or why the row was refused. A
 * screening job's row gives its screening's result as `result` and `sanctions`, `registered` and `review_reason` empty.
 */
export const resultsCsv = (results: ReadonlyArray<JobResult>): string =>
  [
    HEADER.join(","),
    ...results.map((r) =>
      [
        r.position + 1,
        field(r.input, "name"),
        field(r.input, "registration_no"),
        field(r.input, "country"),
        r.verdict?.result ?? r.screening?.result,
        r.verdict === null ? undefined : String(r.verdict.registered),
        r.verdict?.sanctions.result ?? r.screening?.result,
        r.verdict?.review_reason,
        r.verdict?.check_id ?? r.screening?.check_id,
        r.error?.message
      ].map(cell).join(",")
    )
  ].join("\r\n") + "\r\n"
