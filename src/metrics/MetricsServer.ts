import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Config, Effect, Layer, Option, Redacted } from "effect"
import { createHash, timingSafeEqual } from "node:crypto"
import { createServer } from "node:http"
import { PROMETHEUS_CONTENT_TYPE } from "./exposition.js"
import { MetricsScrape } from "./MetricsScrape.js"

const METRICS_PATH = "/metrics"

const metricsPort = Config.option(Config.Port("KYB_METRICS_PORT"))
const metricsHost = Config.String("KYB_METRICS_HOST").pipe(Config.withDefault("127.0.0.1"))
const metricsToken = Config.option(Config.Redacted("KYB_METRICS_TOKEN")).pipe(
  Config.map(Option.filter((t) => Redacted.value(t).trim() !== ""))
)

/**
 * `/metrics` on a listener of its own, KYB_METRICS_PORT on KYB_METRICS_HOST (default 127.0.0.1: only this machine's
 * Prometheus, or one reaching it through what the operator chose, can scrape it). Not set: no listener.
 */
export const MetricsPortLive = Layer.unwrap(Effect.gen(function*() {
  const port = yield* metricsPort
  const host = yield* metricsHost
  if (Option.isNone(port)) return Layer.empty
  return Layer.effectDiscard(Effect.gen(function*() {
    const scrape = yield* MetricsScrape
    const run = Effect.runPromiseWith(yield* Effect.context<never>())
    const server = createServer((request, response) => {
      const path = (request.url ?? "").split("?")[0]
      if (path !== METRICS_PATH) {
        response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Only /metrics is served here.\n")
        return
      }
      if (request.method !== "GET" && request.method !== "HEAD") {
        response.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" }).end("Use GET.\n")
        return
      }
      run(scrape.text).then(
        (text) => response.writeHead(200, { "content-type": PROMETHEUS_CONTENT_TYPE }).end(request.method === "HEAD" ? undefined : text),
        () => response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("The metrics could not be read.\n")
      )
    })
    yield* Effect.acquireRelease(
      Effect.callback<void, Error>((resume) => {
        server.once("error", (error) => resume(Effect.fail(error)))
        server.listen(port.value, host, () => resume(Effect.void))
      }),
      () => Effect.callback<void>((resume) => {
        server.close(() => resume(Effect.void))
        server.closeAllConnections()
      })
    ).pipe(Effect.orDie)
    yield* Effect.logInfo("metrics served").pipe(Effect.annotateLogs({ address: `http://${host}:${port.value}${METRICS_PATH}` }))
  })).pipe(Layer.provide(MetricsScrape.Default))
}))

const digest = (value: string) => createHash("sha256").update(value).digest()

/**
 * `/metrics` on the API's port, only for `Authorization: Bearer <KYB_METRICS_TOKEN>` (compared in constant time);
 * without the token configured the path does not exist there.
 */
export const MetricsRouteLive = Layer.unwrap(Effect.gen(function*() {
  const token = yield* metricsToken
  if (Option.isNone(token)) return Layer.empty
  const expected = digest(Redacted.value(token.value))
  return HttpRouter.use((router) =>
    Effect.gen(function*() {
      const scrape = yield* MetricsScrape
      yield* router.add("GET", METRICS_PATH, Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        const given = /^Bearer (.+)$/i.exec(request.headers["authorization"] ?? "")?.[1] ?? ""
        if (!timingSafeEqual(digest(given), expected)) {
          return HttpServerResponse.jsonUnsafe(
            { error: "unauthorized", message: "The metrics need the bearer token the operator configured (KYB_METRICS_TOKEN)." },
            { status: 401, headers: { "www-authenticate": "Bearer realm=\"metrics\"" } }
          )
        }
        return HttpServerResponse.text(yield* scrape.text, { contentType: PROMETHEUS_CONTENT_TYPE })
      }))
    })).pipe(Layer.provide(MetricsScrape.Default))
}))
