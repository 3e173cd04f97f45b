import { Effect, ParseResult, Schema } from "effect"
import { InvalidRequest } from "../api/errors.js"

/** The form's non-empty fields among `names`, as an object for a request schema. */
export const present = (field: (name: string) => string | undefined, names: ReadonlyArray<string>) =>
  Object.fromEntries(names.flatMap((n) => {
    const value = field(n)?.trim()
    return value === undefined || value === "" ? [] : [[n, value]]
  }))

/** Decodes a form as the API decodes the same body; the first problem reads `field: what it must be`. */
export const decodeForm = <A, I>(schema: Schema.Schema<A, I>, value: unknown) =>
  Schema.decodeUnknown(schema, { errors: "first" })(value).pipe(
    Effect.mapError((error) => {
      const issue = ParseResult.ArrayFormatter.formatErrorSync(error)[0]
      const where = issue === undefined || issue.path.length === 0 ? "" : `${issue.path.join(".")}: `
      return InvalidRequest.of(`${where}${issue?.message.startsWith("Expected") ? "has the wrong form" : issue?.message ?? "is not valid"}`)
    })
  )
