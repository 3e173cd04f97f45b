import { Schema } from "effect"
import { errorAnswer } from "../domain/errors.js"

// This capability's own errors (the shared ones: src/domain/errors.ts); src/api names them in its endpoints.

export class MonitorNotFound extends Schema.Error<MonitorNotFound>("MonitorNotFound")(
  ...errorAnswer("MonitorNotFound", "monitor_not_found", 404, "No monitor with this id for this API key.")
) {
  static of = (message: string) => new MonitorNotFound({ error: "monitor_not_found", message })
}
