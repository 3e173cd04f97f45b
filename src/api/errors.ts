import { Schema } from "effect"

// Schema errors without a tag (not TaggedError) so the wire body is exactly `{error, message}`; each class has its own
// `error` literal so encoding never confuses two classes of the same shape. `httpApiStatus` is the answer's status.

export class InvalidRequest extends Schema.Error<InvalidRequest>("InvalidRequest")(
  { error: Schema.Literal("invalid_request"), message: Schema.String },
  { httpApiStatus: 400, description: "A parameter or the body is missing or malformed." }
) {
  static of = (message: string) => new InvalidRequest({ error: "invalid_request", message })
}

export class InvalidApiKey extends Schema.Error<InvalidApiKey>("InvalidApiKey")(
  { error: Schema.Literal("invalid_api_key"), message: Schema.String },
  { httpApiStatus: 401, description: "The API key is missing, unknown or revoked." }
) {
  static of = (message: string) => new InvalidApiKey({ error: "invalid_api_key", message })
}

export class CompanyNotFound extends Schema.Error<CompanyNotFound>("CompanyNotFound")(
  { error: Schema.Literal("company_not_found"), message: Schema.String },
  { httpApiStatus: 404, description: "No such company in the store or at the registry." }
) {
  static of = (message: string) => new CompanyNotFound({ error: "company_not_found", message })
}

export class CheckNotFound extends Schema.Error<CheckNotFound>("CheckNotFound")(
  { error: Schema.Literal("check_not_found"), message: Schema.String },
  { httpApiStatus: 404, description: "No check with this id for this API key." }
) {
  static of = (message: string) => new CheckNotFound({ error: "check_not_found", message })
}

export class RouteNotFound extends Schema.Error<RouteNotFound>("RouteNotFound")(
  { error: Schema.Literal("not_found"), message: Schema.String },
  { httpApiStatus: 404, description: "No such route." }
) {
  static of = (message: string) => new RouteNotFound({ error: "not_found", message })
}

export class QuotaExceeded extends Schema.Error<QuotaExceeded>("QuotaExceeded")(
  { error: Schema.Literal("quota_exceeded"), message: Schema.String },
  {
    httpApiStatus: 429,
    description: "The monthly quota of this key is used up. Retry-After and X-RateLimit-Reset say when it renews."
  }
) {
  static of = (message: string) => new QuotaExceeded({ error: "quota_exceeded", message })
}

export class InternalError extends Schema.Error<InternalError>("InternalError")(
  { error: Schema.Literal("internal_error"), message: Schema.String },
  { httpApiStatus: 500, description: "An unexpected failure; nothing about it is the caller's fault." }
) {
  static of = (message: string) => new InternalError({ error: "internal_error", message })
}

export class ServiceUnavailable extends Schema.Error<ServiceUnavailable>("ServiceUnavailable")(
  { error: Schema.Literal("service_unavailable"), message: Schema.String },
  {
    httpApiStatus: 503,
    description: "The database or a registry that must be consulted cannot be reached now; retry later."
  }
) {
  static of = (message: string) => new ServiceUnavailable({ error: "service_unavailable", message })
}

/** The error body of every non-2xx response. */
export const ErrorBody = Schema.Struct({ error: Schema.String, message: Schema.String }).annotate({
  identifier: "Error",
  description: "Every non-2xx response: a machine code and a human message."
})

export class JobNotFound extends Schema.Error<JobNotFound>("JobNotFound")(
  { error: Schema.Literal("job_not_found"), message: Schema.String },
  { httpApiStatus: 404, description: "No batch job with this id for this API key." }
) {
  static of = (message: string) => new JobNotFound({ error: "job_not_found", message })
}

export class IdempotencyKeyReused extends Schema.Error<IdempotencyKeyReused>("IdempotencyKeyReused")(
  { error: Schema.Literal("idempotency_key_reused"), message: Schema.String },
  { httpApiStatus: 409, description: "This Idempotency-Key was used with another body." }
) {
  static of = (message: string) => new IdempotencyKeyReused({ error: "idempotency_key_reused", message })
}

export class ListEntryNotFound extends Schema.Error<ListEntryNotFound>("ListEntryNotFound")(
  { error: Schema.Literal("list_entry_not_found"), message: Schema.String },
  { httpApiStatus: 404, description: "No entry with this id on the active version of this list." }
) {
  static of = (message: string) => new ListEntryNotFound({ error: "list_entry_not_found", message })
}

export class WebhookNotFound extends Schema.Error<WebhookNotFound>("WebhookNotFound")(
  { error: Schema.Literal("webhook_not_found"), message: Schema.String },
  { httpApiStatus: 404, description: "No webhook with this id for this API key." }
) {
  static of = (message: string) => new WebhookNotFound({ error: "webhook_not_found", message })
}

export class MonitorNotFound extends Schema.Error<MonitorNotFound>("MonitorNotFound")(
  { error: Schema.Literal("monitor_not_found"), message: Schema.String },
  { httpApiStatus: 404, description: "No monitor with this id for this API key." }
) {
  static of = (message: string) => new MonitorNotFound({ error: "monitor_not_found", message })
}

export class JobNotDone extends Schema.Error<JobNotDone>("JobNotDone")(
  { error: Schema.Literal("job_not_done"), message: Schema.String },
  { httpApiStatus: 409, description: "The batch job is still running; its results come once it is done." }
) {
  static of = (message: string) => new JobNotDone({ error: "job_not_done", message })
}

export class LimitReached extends Schema.Error<LimitReached>("LimitReached")(
  { error: Schema.Literal("limit_reached"), message: Schema.String },
  {
    httpApiStatus: 409,
    description: "The account has as many of these as its plan allows (monitors, webhooks, decisions, batch jobs in flight); nothing was made."
  }
) {
  static of = (message: string) => new LimitReached({ error: "limit_reached", message })
}

export class WebhookExists extends Schema.Error<WebhookExists>("WebhookExists")(
  { error: Schema.Literal("webhook_exists"), message: Schema.String },
  { httpApiStatus: 409, description: "The account already has a webhook for this URL." }
) {
  static of = (message: string) => new WebhookExists({ error: "webhook_exists", message })
}

export class InsufficientScope extends Schema.Error<InsufficientScope>("InsufficientScope")(
  { error: Schema.Literal("insufficient_scope"), message: Schema.String },
  {
    httpApiStatus: 403,
    description: "The API key's scope does not allow this: an operation that changes something needs a `read_write` key; the audit log needs an `audit` key."
  }
) {
  static of = (message: string) => new InsufficientScope({ error: "insufficient_scope", message })
}

export class CaseNotFound extends Schema.Error<CaseNotFound>("CaseNotFound")(
  { error: Schema.Literal("case_not_found"), message: Schema.String },
  { httpApiStatus: 404, description: "No case with this id for this account." }
) {
  static of = (message: string) => new CaseNotFound({ error: "case_not_found", message })
}

export class CaseConflict extends Schema.Error<CaseConflict>("CaseConflict")(
  { error: Schema.Literal("case_conflict"), message: Schema.String },
  {
    httpApiStatus: 409,
    description: "The change does not fit the case or decision as it is now (a closed case, an assignee who is not a member, a decision no longer pending); nothing changed."
  }
) {
  static of = (message: string) => new CaseConflict({ error: "case_conflict", message })
}

export class DecisionNotFound extends Schema.Error<DecisionNotFound>("DecisionNotFound")(
  { error: Schema.Literal("decision_not_found"), message: Schema.String },
  { httpApiStatus: 404, description: "No decision with this id for this account." }
) {
  static of = (message: string) => new DecisionNotFound({ error: "decision_not_found", message })
}
