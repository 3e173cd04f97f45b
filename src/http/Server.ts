import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as HttpMiddleware from "effect/http/HttpMiddleware"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServer from "effect/http/HttpServer"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Audit } from "../audit/Audit.js"
import { Cursors } from "../access/Cursors.js"
import { Members } from "../members/Members.js"
import { SecondFactor } from "../secondFactor/SecondFactor.js"
import { Config, Context, Effect, Layer, LogLevel, References } from "effect"
import type { Server } from "node:http"
import { ApiKeys } from "../access/ApiKeys.js"
import { Accounts } from "../accounts/Accounts.js"
import { SessionFlash } from "../accounts/SessionFlash.js"
import { Awards } from "../awards/Awards.js"
import { Batches } from "../batch/Batches.js"
import { Decisions } from "../decisions/Decisions.js"
import { Monitors } from "../monitoring/Monitors.js"
import { Webhooks } from "../webhooks/Webhooks.js"
import { Checks } from "../checks/Checks.js"
import { Quota } from "../access/Quota.js"
import { KybApi } from "../api/Api.js"
import { CompanyLookup } from "../companies/CompanyLookup.js"
import { CompanyRepo } from "../companies/CompanyRepo.js"
import { Health } from "../health/Health.js"
import { McpHttpLive } from "../mcp/http.js"
import { logLiveRegistries } from "../registries/liveNotice.js"
import { RegistryCoverageService } from "../registries/RegistryCoverageService.js"
import { Screener } from "../sanctions/Screener.js"
import { CompanySearchLive } from "../search/CompanySearch.js"
import { Verifier } from "../verify/Verifier.js"
import { AccountApiLive } from "../web/accountApi.js"
import { ScreeningLists } from "../screeningLists/ScreeningLists.js"
import { WebRoutesLive } from "../web/routes.js"
import { ConsoleRoutesLive } from "../web/consoleRoutes.js"
import { RegistriesConsoleLive } from "../web/registries/routes.js"
import { AccountChecks } from "../checks/AccountChecks.js"
import { SecondLooks } from "../decisions/SecondLooks.js"
import { Cases } from "../cases/Cases.js"
import { CaseBulk } from "../cases/CaseBulk.js"
import { QueueSettings } from "../cases/QueueSettings.js"
import { GraceEnds } from "../tenancy/GraceEnds.js"
import { AuthenticationLive } from "./AuthenticationLive.js"
import { edgeGuard } from "./edge/EdgeGuard.js"
import { createKybServer, drainServer } from "./edge/nodeServer.js"
import { DocsPageLive } from "./docs/docsPage.js"
import { withResponseHeaders } from "./edge/responseHeaders.js"
import { withErrorBodies } from "./errorBodies.js"
import { OpenApiRouteLive } from "./docs/openApiRoute.js"
import { AuditHandlers } from "./handlers/audit.js"
import { BatchHandlers } from "./handlers/batch.js"
import { ChecksHandlers } from "./handlers/checks.js"
import { DecisionsHandlers } from "./handlers/decisions.js"
import { CasesHandlers } from "./handlers/cases.js"
import { MonitoringHandlers, WebhooksHandlers } from "./handlers/monitoring.js"
import { CompaniesHandlers } from "./handlers/companies.js"
import { HealthHandlers } from "./handlers/health.js"
import { ListUpdater } from "../listUpdates/ListUpdater.js"
import { RegistriesHandlers } from "./handlers/registries.js"
import { SearchHandlers } from "./handlers/search.js"
import { VerifyHandlers } from "./handlers/verify.js"
import { ScreenHandlers } from "./handlers/screen.js"
import { Screening } from "../screening/Screening.js"
import { QuotaGuardLive } from "./QuotaGuardLive.js"
import { CaseFiles } from "../cases/CaseFiles.js"
import { tracingEnabled } from "../metrics/tracing.js"
import { MetricsRouteLive } from "../metrics/MetricsServer.js"
import { RefusalAuditLive } from "./refusalAudit.js"
import { AuditAnchoring } from "../audit/AuditAnchoring.js"

/** Every service the handlers need, over one SqlClient supplied by the caller (server database or test). */
export const ServicesLive = Layer.mergeAll(
  ApiKeys.Default,
  Accounts.Default,
  SessionFlash.Default,
  Quota.Default,
  Health.Default,
  CompanyLookup.Default,
  Awards.Default,
  RegistryCoverageService.Default,
  Batches.Default,
  Decisions.Default,
  Monitors.Default,
  Webhooks.Default,
  ScreeningLists.Default,
  AccountChecks.Default,
  Cases.Default,
  CaseFiles.Default,
  SecondLooks.Default,
  CaseBulk.Default,
  QueueSettings.Default,
  GraceEnds.Default,
  Audit.Default,
  AuditAnchoring.Default,
  Cursors.Default,
  Members.Default,
  SecondFactor.Default,
  ListUpdater.Default
).pipe(
  Layer.provideMerge(Layer.merge(Checks.Default, Screening.Default)),
  Layer.provideMerge(Verifier.Default),
  Layer.provideMerge(Layer.mergeAll(CompanyRepo.Default, CompanySearchLive, Screener.Default))
)

/** The API's routes: each group's handlers behind the key and the quota, and the OpenAPI document. */
const ApiLive = Layer.mergeAll(HttpApiBuilder.layer(KybApi), OpenApiRouteLive).pipe(
  Layer.provide([AuditHandlers, SearchHandlers, CompaniesHandlers, VerifyHandlers, ScreenHandlers, ChecksHandlers, BatchHandlers, DecisionsHandlers, CasesHandlers, MonitoringHandlers, WebhooksHandlers, RegistriesHandlers, HealthHandlers]),
  Layer.provide([AuthenticationLive, QuotaGuardLive])
)

/**
 * One log line per request ("Sent HTTP response"), at Info: the logging middleware only runs when Info lines are
 * logged (with LOG_LEVEL=warning and above it would build every request's line for nothing).
 */
const withRequestLog = <E, R>(app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) => {
  const logged = HttpMiddleware.logger(app)
  return Effect.flatMap(Effect.service(References.MinimumLogLevel), (level) => LogLevel.isGreaterThan(level, "Info") ? app : logged)
}

/**
 * Around every route and before routing: the error bodies (every non-2xx is `{error, message}`), around the edge's
 * checks of the request.
 */
const EdgeLive = Layer.merge(HttpRouter.middleware((app) => withErrorBodies(edgeGuard(app)), { global: true }), RefusalAuditLive)

/** The HTTP application on whatever HttpServer is provided. */
export const HttpAppLive = HttpRouter.serve(
  Layer.mergeAll(ApiLive, DocsPageLive, WebRoutesLive, ConsoleRoutesLive, RegistriesConsoleLive, AccountApiLive, McpHttpLive, MetricsRouteLive).pipe(
    Layer.provide(EdgeLive),
    Layer.provide(ServicesLive)
  ),
  {
    disableLogger: true, disableListenLog: true, middleware: (app) => withResponseHeaders(withRequestLog(app)),
    // The router's default (100 characters) is below the reference ids the record routes take (160, up to three times
    // that percent-encoded): longer values must reach their route to be refused by its schema (400), not go unrouted.
    routerConfig: { maxParamLength: 1024 }
  }
).pipe(
  // Without a trace exporter (src/metrics/tracing.ts) request spans have no consumer: the server's tracing
  // middleware would still parse each request's URL and copy its headers into a span's attributes for nothing.
  (layer) => Layer.unwrap(Effect.map(tracingEnabled, (on) => (on ? layer : layer.pipe(Layer.provide(Layer.succeed(HttpMiddleware.TracerDisabledWhen)(() => true)))))),
  HttpServer.withLogAddress
)

/** The node:http server the service listens with (for the graceful stop). */
export class NodeListener extends Context.Service<NodeListener, Server>()("kyb/NodeListener") {}

/**
 * Binds the port only once every service is built (database migrated, sanctions index loaded): a connection
 * accepted before the application is attached would never be answered.
 */
export const NodeServerLive = Layer.unwrap(Effect.gen(function*() {
  yield* Verifier
  yield* ApiKeys
  yield* logLiveRegistries
  const port = yield* Config.Port("PORT").pipe(Config.withDefault(8080))
  // Loopback unless the operator says otherwise (HOST=0.0.0.0 for every interface): a development start is not public.
  const host = yield* Config.String("HOST").pipe(Config.withDefault("127.0.0.1"))
  const server = createKybServer()
  return Layer.merge(NodeHttpServer.layer(() => server, { port, host }), Layer.succeed(NodeListener, server))
})).pipe(Layer.provide(ServicesLive))

/**
 * On shutdown (SIGTERM, SIGINT), before the application is torn down: stop accepting, close idle keep-alive
 * sockets, let every request already received finish (its answer says `Connection: close`), and cut what is
 * left after KYB_SHUTDOWN_GRACE_MS (default 8000). Built after the application, so its finalizer runs first.
 */
export const GracefulShutdownLive = Layer.effectDiscard(Effect.gen(function*() {
  const server = yield* NodeListener
  const graceMs = yield* Config.Int("KYB_SHUTDOWN_GRACE_MS").pipe(Config.withDefault(8000))
  yield* Effect.addFinalizer(() =>
    Effect.gen(function*() {
      yield* Effect.logInfo("shutting down: no new connections, draining requests in flight")
      const { cut } = yield* Effect.promise(() => drainServer(server, graceMs))
      yield* Effect.logInfo("drained").pipe(Effect.annotateLogs({ requests_cut: cut }))
    })
  )
}))
