import { Schema } from "effect"

export const UnavailableReason = Schema.Literals([
  "transport",
  "http_status",
  "decode",
  "rejected",
  "timeout",
  "circuit_open",
  "budget_exceeded"
])
export type UnavailableReason = typeof UnavailableReason.Type

/** A live registry could not be asked or did not give a usable answer ("could not check", never "does not exist"). */
export class RegistryUnavailable extends Schema.TaggedError<RegistryUnavailable>()("RegistryUnavailable", {
  registry: Schema.String,
  reason: UnavailableReason,
  detail: Schema.String,
  status: Schema.optional(Schema.Number),
  retryAfterSeconds: Schema.optional(Schema.Number)
}) {
  override get message() {
    return `${this.registry} unavailable (${this.reason}): ${this.detail}`
  }
}

const retryableReasons: ReadonlySet<UnavailableReason> = new Set(["transport", "timeout", "rejected"])

/** Worth one more attempt: network trouble, a timeout, a 5xx or an error-in-200; never a 4xx or an undecodable body. */
export const isRetryable = (error: RegistryUnavailable): boolean =>
  retryableReasons.has(error.reason) || (error.reason === "http_status" && (error.status ?? 0) >= 500)
