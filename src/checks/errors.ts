import { Schema } from "effect"
import { errorAnswer } from "../domain/errors.js"

// This capability's own errors (the shared ones: src/domain/errors.ts); src/api names them in its endpoints.

export class CheckNotFound extends Schema.Error<CheckNotFound>("CheckNotFound")(
  ...errorAnswer("CheckNotFound", "check_not_found", 404, "No check with this id for this API key.")
) {
  static of = (message: string) => new CheckNotFound({ error: "check_not_found", message })
}
