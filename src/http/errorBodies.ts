import { HttpApiBuilder, HttpApiError } from "effect/http-api"
import { HttpServerError, HttpServerRequest, HttpServerResponse } from "effect/http"
import { SqlError } from "effect/sql"
import { Cause, Effect } from "effect"
import { issuesMessage } from "../domain/fieldMessages.js"
import { errorPage, pageRequest, wantsPage } from "../web/errorPages.js"
import { allowedMethods } from "./edge/allowedMethods.js"

const body = (status: number, error: string, message: string, headers: Record<string, string> = {}) =>
  Effect.succeed(HttpServerResponse.unsafeJson({ error, message }, { status, headers }))

/** SQLSTATE classes that mean "the database cannot serve now" rather than "this query is wrong". */
const unavailableState = /^(08|53|57P0|57014|40001|40P01)/

const databaseUnavailable = (error: SqlError) => {
  const cause = error.cause
  const code = typeof cause === "object" && cause !== null && "code" in cause ? String(cause.code) : undefined
  return code === undefined || unavailableState.test(code) || /^E[A-Z]+$/.test(code)
}

/**
 * Every non-2xx answer is `{error, message}`: framework decode failures, malformed JSON, oversized bodies,
 * unknown routes, and defects (500 with no detail; 503 when the database is unreachable). Declared API errors
 * pass through untouched: their schemas already encode to `{error, message}`.
 */
export const ErrorBodiesLive = HttpApiBuilder.middleware((app) =>
  Effect.catchCause(app, (cause) => {
    if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause)
    const failure = Cause.failureOption(cause)
    if (failure._tag === "Some") {
      const error: unknown = failure.value
      if (error instanceof HttpApiError.HttpApiDecodeError) return body(400, "invalid_request", issuesMessage(error))
      if (HttpServerError.isServerError(error) && error._tag === "RouteNotFound") {
        const path = error.request.url.split("?")[0] ?? ""
        const allowed = allowedMethods(path)
        if (allowed !== undefined) {
          return body(405, "method_not_allowed", `${path} answers ${allowed.join(", ")}, not ${error.request.method}.`, { allow: allowed.join(", ") })
        }
        return wantsPage(path, error.request.headers["accept"])
          ? Effect.succeed(errorPage(404, path))
          : body(404, "not_found", `No route for ${error.request.method} ${error.request.url}.`)
      }
      if (HttpServerError.isServerError(error) && error._tag === "RequestError") {
        return body(400, "invalid_request", "The request body could not be read as JSON.")
      }
      return Effect.failCause(cause)
    }
    const defect = Cause.squash(cause)
    if (HttpServerError.isServerError(defect) && defect._tag === "RequestError") {
      return /too large|maximum/i.test(String(defect.cause))
        ? body(413, "invalid_request", "The request body is too large.")
        : body(400, "invalid_request", "The request body could not be read as JSON.")
    }
    if (defect instanceof SqlError && databaseUnavailable(defect)) {
      return Effect.logWarning("database unavailable", defect.message).pipe(
        Effect.zipRight(Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
          pageRequest(request)
            ? Effect.succeed(HttpServerResponse.setHeader(errorPage(503, ""), "retry-after", "5"))
            : body(503, "service_unavailable", "The database is unreachable; retry shortly.", { "retry-after": "5" })))
      )
    }
    return Effect.logError("unexpected failure", cause).pipe(
      Effect.zipRight(Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
        pageRequest(request)
          ? Effect.succeed(errorPage(500, ""))
          : body(500, "internal_error", "An unexpected error occurred; it has been logged.")))
    )
  })
)
