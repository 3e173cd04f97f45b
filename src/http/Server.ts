import { HttpApiBuilder, HttpApiScalar, HttpMiddleware, HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Config, Effect, Layer } from "effect"
import { ApiKeys } from "../access/ApiKeys.js"
import { Quota } from "../access/Quota.js"
import { KybApi } from "../api/Api.js"
import { CompanyLookup } from "../companies/CompanyLookup.js"
import { CompanyRepo } from "../companies/CompanyRepo.js"
import { Health } from "../db/Health.js"
import { RegistryCoverageService } from "../registries/RegistryCoverageService.js"
import { Screener } from "../sanctions/Screener.js"
import { CompanySearchLive } from "../search/CompanySearch.js"
import { Verifier } from "../verify/Verifier.js"
import { AuthenticationLive } from "./AuthenticationLive.js"
import { EdgeGuardLive } from "./edge/EdgeGuard.js"
import { createKybServer } from "./edge/nodeServer.js"
import { withResponseHeaders } from "./edge/responseHeaders.js"
import { ErrorBodiesLive } from "./errorBodies.js"
import { CompaniesHandlers } from "./handlers/companies.js"
import { HealthHandlers } from "./handlers/health.js"
import { RegistriesHandlers } from "./handlers/registries.js"
import { SearchHandlers } from "./handlers/search.js"
import { VerifyHandlers } from "./handlers/verify.js"
import { QuotaGuardLive } from "./QuotaGuardLive.js"

/** Every service the handlers need, over one SqlClient supplied by the caller (server database or test). */
export const ServicesLive = Layer.mergeAll(
  ApiKeys.Default,
  Quota.Default,
  Health.Default,
  CompanyLookup.Default,
  RegistryCoverageService.Default,
  Verifier.Default
).pipe(
  Layer.provideMerge(Layer.mergeAll(CompanyRepo.Default, CompanySearchLive, Screener.Default))
)

const ApiLive = HttpApiBuilder.api(KybApi).pipe(
  Layer.provide([SearchHandlers, CompaniesHandlers, VerifyHandlers, RegistriesHandlers, HealthHandlers]),
  Layer.provide([AuthenticationLive, QuotaGuardLive])
)

/** The HTTP application on whatever HttpServer is provided. */
export const HttpAppLive = HttpApiBuilder.serve((app) => withResponseHeaders(HttpMiddleware.logger(app))).pipe(
  Layer.provide(HttpApiScalar.layer({ path: "/v1/docs" })),
  Layer.provide(HttpApiBuilder.middlewareOpenApi({ path: "/v1/openapi.json" })),
  Layer.provide(ErrorBodiesLive),
  Layer.provide(EdgeGuardLive),
  Layer.provide(ApiLive),
  Layer.provide(ServicesLive),
  HttpServer.withLogAddress
)

/**
 * Binds the port only once every service is built (database migrated, sanctions index loaded): a connection
 * accepted before the application is attached would never be answered.
 */
export const NodeServerLive = Layer.unwrapEffect(Effect.gen(function*() {
  yield* Verifier
  yield* ApiKeys
  const port = yield* Config.port("PORT").pipe(Config.withDefault(8080))
  const host = yield* Config.string("HOST").pipe(Config.withDefault("0.0.0.0"))
  return NodeHttpServer.layer(createKybServer, { port, host })
})).pipe(Layer.provide(ServicesLive))
