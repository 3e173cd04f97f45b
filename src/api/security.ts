import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import * as HttpApiSecurity from "effect/http-api/HttpApiSecurity"
import * as OpenApi from "effect/http-api/OpenApi"
import { Context } from "effect"
import type { ApiKeyIdentity } from "../domain/apiKeyIdentity.js"
import type { QuotaDecision } from "../domain/quotaWindow.js"
import { InvalidApiKey, QuotaExceeded } from "../domain/errors.js"

export type { ApiKeyIdentity }

export class CurrentApiKey extends Context.Service<CurrentApiKey, ApiKeyIdentity>()("kyb/CurrentApiKey") {}

/** The request's quota decision, taken with its authentication (one round trip): for the quota guard and the handlers. */
export class QuotaAdmission extends Context.Service<QuotaAdmission, QuotaDecision>()("kyb/QuotaAdmission") {}

/** Either header authenticates: `Authorization: Bearer <key>` or `x-api-key: <key>`. */
export class Authentication extends HttpApiMiddleware.Service<Authentication, {
  provides: CurrentApiKey | QuotaAdmission
}>()("kyb/Authentication", {
  error: InvalidApiKey,
  security: {
    // The scheme's name as RFC 6750 writes it (a request's is read case-insensitively).
    bearer: HttpApiSecurity.http({ scheme: "bearer" }).pipe(
      HttpApiSecurity.annotate(OpenApi.Description, "`Authorization: Bearer <API key>`")
    ),
    apiKey: HttpApiSecurity.apiKey({ in: "header", key: "x-api-key" }).pipe(
      HttpApiSecurity.annotate(OpenApi.Description, "`x-api-key: <API key>`")
    )
  }
}) {}

/** Refuses the request when its quota decision says so, and sets the X-RateLimit-* headers on its answer. */
export class QuotaGuard extends HttpApiMiddleware.Service<QuotaGuard, {
  requires: QuotaAdmission
}>()("kyb/QuotaGuard", { error: QuotaExceeded }) {}
