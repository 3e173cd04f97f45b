import * as HttpEffect from "effect/http/HttpEffect"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect, References } from "effect"
import { randomUUID } from "node:crypto"
import { KybApi } from "../../api/Api.js"
import { requestRecorder } from "../../metrics/requestMetrics.js"
import { docsPageHeaders } from "../docs/docsPolicy.js"
import { requestTarget } from "./EdgeGuard.js"

/** RFC 9110 §11.6.1: a 401 names the scheme to use (a bearer token; `x-api-key` carries the same key). */
export const API_KEY_CHALLENGE = 'Bearer realm="KYB Africa"'
const keyedPath = (url: string) => url === "/mcp" || url.startsWith("/mcp?") || url.startsWith("/v1/")

/** Requests counted by route template: the contract's paths. */
const recordRequest = requestRecorder(
  Object.values(KybApi.groups).flatMap((group) => Object.values(group.endpoints).map((endpoint) => endpoint.path))
)

const acceptableRequestId = /^[A-Za-z0-9._:-]{8,64}$/

/** A caller's own X-Request-Id is kept when it is a plain token; otherwise the server makes one. */
export const requestIdOf = (incoming: string | undefined): string =>
  incoming !== undefined && acceptableRequestId.test(incoming) ? incoming : randomUUID()

/**
 * Headers on every response, set in one handler just before it is written (so error answers get them too): the
 * request id (also on the request's log lines), `nosniff`, no caching unless a route says otherwise, and the docs
 * page's own policy (the quota guard adds the X-RateLimit-* headers once the key is admitted); no CORS headers at all: the API
 * is for servers (a key in a web page is a leaked key), so browsers refuse cross-origin reads. The same handler
 * counts the request and its latency by route template (src/metrics).
 */
export const withResponseHeaders = <E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
    const id = requestIdOf(request.headers["x-request-id"])
    const startedAt = performance.now()
    return HttpEffect.withPreResponseHandler(app, (_request, response) => {
      recordRequest(request.method, requestTarget(request), response.status, startedAt)
      const docs = docsPageHeaders(request.url, response)
      return Effect.succeed(HttpServerResponse.setHeaders(response, {
        "x-request-id": id,
        "x-content-type-options": "nosniff",
        ...(response.headers["cache-control"] === undefined ? { "cache-control": "no-store" } : {}),
        ...(response.status === 401 && keyedPath(request.url) ? { "www-authenticate": API_KEY_CHALLENGE } : {}),
        ...docs
      }))
    }).pipe(Effect.annotateLogs("request_id", id), withRequestIdOnSpans(id))
  })

/** With traces exported, the request's span and every span under it (resolver, screener, SQL) carry its id. */
const withRequestIdOnSpans = (id: string) => <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.flatMap(Effect.service(References.TracerEnabled), (traced) =>
    traced
      ? Effect.andThen(Effect.annotateCurrentSpan("request_id", id), Effect.annotateSpans(self, "request_id", id))
      : self)
