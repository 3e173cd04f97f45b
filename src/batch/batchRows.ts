import { Either, ParseResult, Schema } from "effect"
import { parse } from "csv-parse/sync"
import { MAX_BATCH_ITEMS } from "../api/schemas/Job.js"
import { VerifyBody, type VerifyInput } from "../api/schemas/Verdict.js"

const COLUMNS = ["name", "registration_no", "country"] as const

/**
 * The rows of a batch: the JSON array as sent, or the CSV's records as objects of their non-empty cells. Left: why the
 * body as a whole is not a batch (the CSV cannot be read, has no known column, an unknown one, or too many rows).
 */
export const rowsOf = (payload: ReadonlyArray<unknown> | string): Either.Either<ReadonlyArray<unknown>, string> => {
  if (typeof payload !== "string") return Either.right(payload)
  let records: Array<Record<string, string>>
  try {
    records = parse(payload, { columns: (header: Array<string>) => header.map((h) => h.trim().toLowerCase()), skip_empty_lines: true, trim: true, bom: true })
  } catch (error) {
    return Either.left(`The CSV body cannot be read: ${error instanceof Error ? error.message.split("\n")[0] : "malformed"}.`)
  }
  const header = records.length === 0 ? [] : Object.keys(records[0]!)
  const unknown = header.filter((h) => !(COLUMNS as ReadonlyArray<string>).includes(h))
  if (unknown.length > 0) return Either.left(`Unknown CSV column(s): ${unknown.join(", ")}; the columns are ${COLUMNS.join(", ")}.`)
  if (records.length === 0) return Either.left("The CSV body has no row after its header.")
  if (records.length > MAX_BATCH_ITEMS) return Either.left(`A batch holds at most ${MAX_BATCH_ITEMS} rows; this one has ${records.length}.`)
  return Either.right(records.map((record) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== ""))))
}

const decodeRow = Schema.decodeUnknownEither(VerifyBody, { onExcessProperty: "error", errors: "first" })

/** A row that is a verification request, or why it is not (reported in its place, not verified). */
export const checkRow = (row: unknown): { readonly input: VerifyInput } | { readonly problem: string } =>
  Either.match(decodeRow(row), {
    onLeft: (error) => ({ problem: ParseResult.TreeFormatter.formatErrorSync(error).split("\n").slice(0, 3).join(" ").slice(0, 300) }),
    onRight: (input) => ({ input })
  })
