import { Schema } from "effect"

// The errors the services fail with, shared by several capabilities (a capability's own: its errors.ts). The contract
// (src/api) names them in its endpoints; their status and description are the answer the document gives.

// Schema errors without a tag (not TaggedError) so the wire body is exactly `{error, message}`; each class has its own
// `error` literal so encoding never confuses two classes of the same shape.

/**
 * An error's body and its answer: the body's schema carries the class's name and description (it is the schema the
 * document names), the class its status and the description of the response.
 */
export const errorAnswer = <const Code extends string>(identifier: string, error: Code, httpApiStatus: number, description: string) =>
  [
    Schema.Struct({ error: Schema.Literal(error), message: Schema.String }).annotate({ identifier, description }),
    { httpApiStatus, description }
  ] as const

export class InvalidRequest extends Schema.Error<InvalidRequest>("InvalidRequest")(
  ...errorAnswer("InvalidRequest", "invalid_request", 400, "A parameter or the body is missing or malformed.")
) {
  static of = (message: string) => new InvalidRequest({ error: "invalid_request", message })
}

export class InvalidApiKey extends Schema.Error<InvalidApiKey>("InvalidApiKey")(
  ...errorAnswer("InvalidApiKey", "invalid_api_key", 401, "The API key is missing, unknown or revoked.")
) {
  static of = (message: string) => new InvalidApiKey({ error: "invalid_api_key", message })
}

export class CompanyNotFound extends Schema.Error<CompanyNotFound>("CompanyNotFound")(
  ...errorAnswer("CompanyNotFound", "company_not_found", 404, "No such company in the store or at the registry.")
) {
  static of = (message: string) => new CompanyNotFound({ error: "company_not_found", message })
}

export class RouteNotFound extends Schema.Error<RouteNotFound>("RouteNotFound")(
  ...errorAnswer("RouteNotFound", "not_found", 404, "No such route.")
) {
  static of = (message: string) => new RouteNotFound({ error: "not_found", message })
}

export class QuotaExceeded extends Schema.Error<QuotaExceeded>("QuotaExceeded")(
  ...errorAnswer("QuotaExceeded", "quota_exceeded", 429, "The monthly quota of this key is used up. Retry-After and X-RateLimit-Reset say when it renews.")
) {
  static of = (message: string) => new QuotaExceeded({ error: "quota_exceeded", message })
}

export class InternalError extends Schema.Error<InternalError>("InternalError")(
  ...errorAnswer("InternalError", "internal_error", 500, "An unexpected failure; nothing about it is the caller's fault.")
) {
  static of = (message: string) => new InternalError({ error: "internal_error", message })
}

export class ServiceUnavailable extends Schema.Error<ServiceUnavailable>("ServiceUnavailable")(
  ...errorAnswer("ServiceUnavailable", "service_unavailable", 503, "The database or a registry that must be consulted cannot be reached now; retry later.")
) {
  static of = (message: string) => new ServiceUnavailable({ error: "service_unavailable", message })
}

/** The error body of every non-2xx response. */
export const ErrorBody = Schema.Struct({ error: Schema.String, message: Schema.String }).annotate({
  identifier: "Error",
  description: "Every non-2xx response: a machine code and a human message."
})

export class IdempotencyKeyReused extends Schema.Error<IdempotencyKeyReused>("IdempotencyKeyReused")(
  ...errorAnswer("IdempotencyKeyReused", "idempotency_key_reused", 409, "This Idempotency-Key was used with another body.")
) {
  static of = (message: string) => new IdempotencyKeyReused({ error: "idempotency_key_reused", message })
}

export class LimitReached extends Schema.Error<LimitReached>("LimitReached")(
  ...errorAnswer("LimitReached", "limit_reached", 409, "The account has as many of these as its plan allows (monitors, webhooks, decisions, batch jobs in flight); nothing was made.")
) {
  static of = (message: string) => new LimitReached({ error: "limit_reached", message })
}

export class InsufficientScope extends Schema.Error<InsufficientScope>("InsufficientScope")(
  ...errorAnswer("InsufficientScope", "insufficient_scope", 403, "The API key's scope does not allow this: an operation that changes something needs a `read_write` key; the audit log needs an `audit` key.")
) {
  static of = (message: string) => new InsufficientScope({ error: "insufficient_scope", message })
}

export class CaseConflict extends Schema.Error<CaseConflict>("CaseConflict")(
  ...errorAnswer("CaseConflict", "case_conflict", 409, "The change does not fit the case or decision as it is now (a closed case, an assignee who is not a member, a decision no longer pending); nothing changed.")
) {
  static of = (message: string) => new CaseConflict({ error: "case_conflict", message })
}
