// The errors the contract names, from where the services define them: the shared ones in src/domain/errors.ts, a
// capability's own in its errors.ts. The typed client and src/api/index.ts export them from here.
export { CaseConflict, CompanyNotFound, ErrorBody, IdempotencyKeyReused, InsufficientScope, InternalError, InvalidApiKey, InvalidRequest, LimitReached, QuotaExceeded, RouteNotFound, ServiceUnavailable } from "../domain/errors.js"
export { CheckNotFound } from "../checks/errors.js"
export { JobNotDone, JobNotFound } from "../batch/errors.js"
export { DecisionNotFound, ListEntryNotFound, NotTheProposer } from "../decisions/errors.js"
export { WebhookExists, WebhookNotFound } from "../webhooks/errors.js"
export { MonitorNotFound } from "../monitoring/errors.js"
export { CaseNotFound } from "../cases/errors.js"
