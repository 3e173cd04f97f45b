import { Result, Schema, SchemaIssue } from "effect"
import { isCalendarDate } from "../../domain/calendarDate.js"
import { CanonicalCompany } from "../../domain/CanonicalCompany.js"
import { fastCanonical } from "./fastCheck.js"

/** Turns one input row (a JSON line or a CSV row) into a canonical record, or the reason it is rejected. */

const decode = Schema.decodeUnknownResult(CanonicalCompany, { errors: "first", onExcessProperty: "ignore" })

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

const formatIssue = (error: Schema.SchemaError) => {
  const issue = formatter(error.issue).issues[0]
  if (issue === undefined) return "invalid record"
  const path = (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".")
  return path === "" ? issue.message : `${path}: ${issue.message}`
}

const badDate = (record: CanonicalCompany): string | null => {
  if (record.incorporation_date != null && !isCalendarDate(record.incorporation_date)) {
    return `incorporation_date: ${record.incorporation_date} is not a calendar date`
  }
  for (const [i, o] of (record.officers ?? []).entries()) {
    for (const field of ["appointed_on", "resigned_on"] as const) {
      const value = o[field]
      if (value != null && !isCalendarDate(value)) return `officers.${i}.${field}: ${value} is not a calendar date`
    }
  }
  return null
}

const checkDates = (record: CanonicalCompany): Result.Result<CanonicalCompany, string> => {
  const bad = badDate(record)
  return bad === null ? Result.succeed(record) : Result.fail(bad)
}

/** Schema-checked (a fast path first, the schema for anything it refuses, so reasons come from the schema). */
export const decodeCompany = (input: unknown): Result.Result<CanonicalCompany, string> => {
  const fast = fastCanonical(input)
  if (fast !== null) return checkDates(fast)
  return Result.flatMap(Result.mapError(decode(input), formatIssue), checkDates)
}

export const decodeJsonLine = (text: string): Result.Result<CanonicalCompany, string> => {
  if (text.includes("\\u0000")) return Result.fail("contains a NUL character")
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (e) {
    return Result.fail(`not JSON: ${e instanceof Error ? e.message : String(e)}`)
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return Result.fail("not a JSON object")
  return decodeCompany(parsed)
}

/**
 * CSV cells as a canonical record. Empty cells are absent values. Lists are `|`-joined (or a JSON array):
 * aliases as `name:kind` (`Dangote:short|DANGCEM:ticker`, the kind after the last colon), officers as
 * `name;role;appointed_on;resigned_on;nationality` (trailing parts may be left out).
 */
export const companyFromCsv = (cells: Readonly<Record<string, string>>): Result.Result<CanonicalCompany, string> => {
  if (Object.values(cells).some((v) => v.includes("\u0000"))) return Result.fail("contains a NUL character")
  const record: Record<string, unknown> = {}
  for (const [column, raw] of Object.entries(cells)) {
    const value = raw.trim()
    if (value === "" || column === "aliases" || column === "officers") continue
    record[column] = value
  }
  const aliases = listCell(cells["aliases"], aliasOfCell)
  if (Result.isFailure(aliases)) return Result.fail(`aliases: ${aliases.failure}`)
  if (aliases.success !== undefined) record["aliases"] = aliases.success
  const officers = listCell(cells["officers"], officerOfCell)
  if (Result.isFailure(officers)) return Result.fail(`officers: ${officers.failure}`)
  if (officers.success !== undefined) record["officers"] = officers.success
  return decodeCompany(record)
}

const listCell = (
  raw: string | undefined,
  item: (part: string) => Result.Result<unknown, string>
): Result.Result<ReadonlyArray<unknown> | undefined, string> => {
  const value = raw?.trim() ?? ""
  if (value === "") return Result.succeed(undefined)
  if (value.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(value)
      return Array.isArray(parsed) ? Result.succeed(parsed) : Result.fail("not a JSON array")
    } catch {
      return Result.fail("not a JSON array")
    }
  }
  return Result.all(value.split("|").map((part) => item(part.trim())))
}

const aliasOfCell = (part: string): Result.Result<unknown, string> => {
  const colon = part.lastIndexOf(":")
  if (colon <= 0) return Result.fail(`${JSON.stringify(part)} is not name:kind`)
  return Result.succeed({ name: part.slice(0, colon).trim(), kind: part.slice(colon + 1).trim() })
}

const officerOfCell = (part: string): Result.Result<unknown, string> => {
  const [name, role, appointed_on, resigned_on, nationality] = part.split(";").map((s) => s.trim())
  const officer: Record<string, string> = { name: name ?? "" }
  const optional = { role, appointed_on, resigned_on, nationality }
  for (const [key, value] of Object.entries(optional)) if (value !== undefined && value !== "") officer[key] = value
  return Result.succeed(officer)
}
