import { Schema } from "effect"
import { errorAnswer } from "../domain/errors.js"

// This capability's own errors (the shared ones: src/domain/errors.ts); src/api names them in its endpoints.

export class JobNotFound extends Schema.Error<JobNotFound>("JobNotFound")(
  ...errorAnswer("JobNotFound", "job_not_found", 404, "No batch job with this id for this API key.")
) {
  static of = (message: string) => new JobNotFound({ error: "job_not_found", message })
}

export class JobNotDone extends Schema.Error<JobNotDone>("JobNotDone")(
  ...errorAnswer("JobNotDone", "job_not_done", 409, "The batch job is still running; its results come once it is done.")
) {
  static of = (message: string) => new JobNotDone({ error: "job_not_done", message })
}
