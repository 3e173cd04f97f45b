import { Effect, Schema, SchemaIssue } from "effect"
import { InvalidRequest } from "../domain/errors.js"

/** The form's non-empty fields among `names`, as an object for a request schema. */
export const present = (field: (name: string) => string | undefined, names: ReadonlyArray<string>) =>
  Object.fromEntries(names.flatMap((n) => {
    const value = field(n)?.trim()
    return value === undefined || value === "" ? [] : [[n, value]]
  }))

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

/** The first problem of a decoding, as `field: what it must be` (the console's forms and query strings). */
export const firstProblem = (error: Schema.SchemaError) => {
  const issue = formatter(error.issue).issues[0]
  const where = issue === undefined || issue.path === undefined || issue.path.length === 0 ? "" : `${issue.path.map(String).join(".")}: `
  return `${where}${issue?.message.startsWith("Expected") ? "has the wrong form" : issue?.message ?? "is not valid"}`
}

/** Decodes a form as the API decodes the same body; the first problem reads `field: what it must be`. */
export const decodeForm = <A, I>(schema: Schema.Codec<A, I>, value: unknown) =>
  Schema.decodeUnknownEffect(schema)(value, { errors: "first" }).pipe(
    Effect.mapError((error) => InvalidRequest.of(firstProblem(error)))
  )
