import { Schema } from "effect"
import { errorAnswer } from "../domain/errors.js"

// This capability's own errors (the shared ones: src/domain/errors.ts); src/api names them in its endpoints.

export class CaseNotFound extends Schema.Error<CaseNotFound>("CaseNotFound")(
  ...errorAnswer("CaseNotFound", "case_not_found", 404, "No case with this id for this account.")
) {
  static of = (message: string) => new CaseNotFound({ error: "case_not_found", message })
}
