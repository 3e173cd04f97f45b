import { ParseResult } from "effect"

/**
 * One error vocabulary for a value that is not what a route takes: `<field>: <what it must be>`, e.g.
 * `country: must be a two-letter ISO-3166 country code`, used by the HTTP error bodies and by each batch row alike.
 * Framework messages that would quote the value sent are never echoed back. Pure: unit-tested.
 */
const describeIssue = (issue: ParseResult.ArrayFormatterIssue, notAnObject: string) => {
  if (issue.path.length === 0 && issue.message.startsWith("Expected")) return notAnObject
  const where = issue.path.length === 0 ? "" : `${issue.path.join(".")}: `
  const message = issue.message.startsWith("Expected")
    ? "has the wrong type"
    : /^Unable to decode .* into a number$/s.test(issue.message)
    ? "must be a number"
    : issue.message.startsWith("is unexpected")
    ? "is not a field of this request"
    : issue.message.includes("\"")
    ? "has an invalid value"
    : issue.message
  return `${where}${message === "is missing" ? "is required" : message}`
}

/** One message per field (the first, most specific one), at most three fields. */
export const issuesMessage = (
  error: ParseResult.ParseError | { readonly issues: ReadonlyArray<ParseResult.ArrayFormatterIssue> },
  notAnObject = "the body must be a JSON object"
): string => {
  const issues = "issues" in error ? error.issues : ParseResult.ArrayFormatter.formatErrorSync(error)
  const byPath = new Map<string, string>()
  for (const issue of issues) {
    const key = issue.path.join(".")
    if (!byPath.has(key)) byPath.set(key, describeIssue(issue, notAnObject))
  }
  return byPath.size === 0 ? "The request is malformed." : [...byPath.values()].slice(0, 3).join("; ")
}
