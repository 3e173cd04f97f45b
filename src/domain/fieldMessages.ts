import { ParseResult } from "effect"

/** The literals an issue expects (`Expected "a", actual …` or `Expected "a" | "b", actual …`): ours, never the value sent. */
const expectedLiterals = (message: string): ReadonlyArray<string> | undefined => {
  const match = /^Expected ((?:"[^"\\]*"(?: \| )?)+), actual /s.exec(message)
  return match === null ? undefined : [...match[1]!.matchAll(/"([^"\\]*)"/g)].map((m) => m[1]!)
}

const plural = (n: string, word: string) => `${n} ${word}${n === "1" ? "" : "s"}`

/** What a framework message says the value must be, in words that never quote the value sent. */
const whatItMustBe = (message: string): string => {
  const items = /^Expected an array of at (least|most) (\d+) item/.exec(message)
  if (items !== null) return `must have at ${items[1]} ${plural(items[2]!, "item")}`
  const length = /^Expected a string at (least|most) (\d+) character/.exec(message)
  if (length !== null) return length[1] === "least" && length[2] === "1" ? "must not be empty" : `must be at ${length[1]} ${plural(length[2]!, "character")}`
  if (message.startsWith("Expected a string matching the pattern")) return "is not in the expected format"
  if (message.startsWith("Expected")) return "has the wrong type"
  if (/^Unable to decode .* into a number$/s.test(message)) return "must be a number"
  if (message.startsWith("is unexpected")) return "is not a field of this request"
  if (message.includes("\"")) return "has an invalid value"
  return message === "is missing" ? "is required" : message
}

/**
 * One error vocabulary for a value that is not what a route takes: `<field>: <what it must be>`, e.g.
 * `country: must be a two-letter ISO-3166 country code`, used by the HTTP error bodies, the MCP tools and each batch
 * row alike. Framework messages that would quote the value sent are never echoed back; a value outside a set of
 * literals is told the set. Pure: unit-tested.
 */
const describeIssues = (path: ReadonlyArray<PropertyKey>, issues: ReadonlyArray<ParseResult.ArrayFormatterIssue>, notAnObject: string) => {
  const first = issues[0]!
  if (path.length === 0 && first.message.startsWith("Expected")) return notAnObject
  const where = path.length === 0 ? "" : `${path.join(".")}: `
  const literals = issues.map((i) => expectedLiterals(i.message))
  if (literals.every((l) => l !== undefined)) {
    const allowed = [...new Set(literals.flat())]
    return `${where}${allowed.length === 1 ? `must be ${allowed[0]}` : `must be one of ${allowed.join(", ")}`}`
  }
  return `${where}${whatItMustBe(first.message)}`
}

/** One message per field (all a field's issues read together), at most three fields. */
export const issuesMessage = (
  error: ParseResult.ParseError | { readonly issues: ReadonlyArray<ParseResult.ArrayFormatterIssue> },
  notAnObject = "the body must be a JSON object"
): string => {
  const issues = "issues" in error ? error.issues : ParseResult.ArrayFormatter.formatErrorSync(error)
  const byPath = new Map<string, Array<ParseResult.ArrayFormatterIssue>>()
  for (const issue of issues) {
    const key = issue.path.join(".")
    byPath.set(key, [...(byPath.get(key) ?? []), issue])
  }
  return byPath.size === 0
    ? "The request is malformed."
    : [...byPath.values()].slice(0, 3).map((group) => describeIssues(group[0]!.path, group, notAnObject)).join("; ")
}
