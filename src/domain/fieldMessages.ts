import { type Schema, SchemaIssue } from "effect"

/** One issue of a value: where (the field's path) and what the schema says of it. */
export interface FieldIssue {
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
}

/** The literals an issue expects (`Expected "a"` or `Expected "a" | "b"`, maybe `, got …`): ours, never the value sent. */
const expectedLiterals = (message: string): ReadonlyArray<string> | undefined => {
  const match = /^Expected ((?:"[^"\\]*"(?: \| )?)+)(?:, got |$)/s.exec(message)
  return match === null ? undefined : [...match[1]!.matchAll(/"([^"\\]*)"/g)].map((m) => m[1]!)
}

const plural = (n: string, word: string) => `${n} ${word}${n === "1" ? "" : "s"}`

/** What a framework message says the value must be, in words that never quote the value sent. */
const whatItMustBe = (message: string): string => {
  // Schema v4 says the same of a string's characters and an array's items.
  const length = /^Expected a value with a length of at (least|most) (\d+)/.exec(message)
  if (length !== null) return length[1] === "least" && length[2] === "1" ? "must not be empty" : `must have a length of at ${length[1]} ${length[2]}`
  const items = /^Expected an array of at (least|most) (\d+) item/.exec(message)
  if (items !== null) return `must have at ${items[1]} ${plural(items[2]!, "item")}`
  if (message.startsWith("Expected a string matching")) return "is not in the expected format"
  if (message.startsWith("Expected a finite number")) return "must be a number"
  if (message.startsWith("Expected")) return "has the wrong type"
  if (message.includes("\"")) return "has an invalid value"
  return message
}

/** Schema v4's leaf messages in this service's words: a missing field is required, an unknown one is not ours. */
const leafHook: SchemaIssue.LeafHook = (issue) => {
  if (issue._tag === "MissingKey" && issue.annotations?.messageMissingKey === undefined) return "is required"
  if (issue._tag === "UnexpectedKey") return "is not a field of this request"
  return SchemaIssue.defaultLeafHook(issue)
}

const formatter = SchemaIssue.makeFormatterStandardSchemaV1({ leafHook })

/**
 * One error vocabulary for a value that is not what a route takes: `<field>: <what it must be>`, e.g.
 * `country: must be a two-letter ISO-3166 country code`, used by the HTTP error bodies, the MCP tools and each batch
 * row alike. Framework messages that would quote the value sent are never echoed back; a value outside a set of
 * literals is told the set. Pure: unit-tested.
 */
const describeIssues = (path: ReadonlyArray<PropertyKey>, issues: ReadonlyArray<FieldIssue>, notAnObject: string) => {
  const first = issues[0]!
  if (path.length === 0 && first.message.startsWith("Expected")) return notAnObject
  const where = path.length === 0 ? "" : `${path.map(String).join(".")}: `
  const literals = issues.map((i) => expectedLiterals(i.message))
  if (literals.every((l) => l !== undefined)) {
    const allowed = [...new Set(literals.flat())]
    return `${where}${allowed.length === 1 ? `must be ${allowed[0]}` : `must be one of ${allowed.join(", ")}`}`
  }
  return `${where}${whatItMustBe(first.message)}`
}

/** The issues of a schema failure, one per failing field, in this service's words. */
const fieldIssues = (issue: SchemaIssue.Issue): ReadonlyArray<FieldIssue> =>
  formatter(issue).issues.map((i) => ({
    message: i.message,
    path: (i.path ?? []).map((segment) => (typeof segment === "object" ? segment.key : segment))
  }))

/** One message per field (all a field's issues read together), at most three fields. */
export const issuesMessage = (
  error: Schema.SchemaError | SchemaIssue.Issue | { readonly issues: ReadonlyArray<FieldIssue> },
  notAnObject = "the body must be a JSON object"
): string => {
  const issues = SchemaIssue.isIssue(error) ? fieldIssues(error) : "issue" in error ? fieldIssues(error.issue) : error.issues
  const byPath = new Map<string, Array<FieldIssue>>()
  for (const issue of issues) {
    const key = issue.path.map(String).join(".")
    byPath.set(key, [...(byPath.get(key) ?? []), issue])
  }
  return byPath.size === 0
    ? "The request is malformed."
    : [...byPath.values()].slice(0, 3).map((group) => describeIssues(group[0]!.path, group, notAnObject)).join("; ")
}
