import { HttpServerResponse } from "@effect/platform"

/**
 * The JSON of a value of a Schema class whose encoded form is its own fields (no transformations: strings, numbers,
 * null, nested such classes), answered without encoding it again: its constructor has already checked every field
 * against the schema, and encoding it for the response (a walk of every nested class) cost a quarter of a record
 * request's CPU. test/companies/recordJson.test.ts holds the answer to what the schema's encoding gives.
 */
export const validatedJson = <A extends object>(value: A): HttpServerResponse.HttpServerResponse => HttpServerResponse.unsafeJson(value)
