import * as HttpApiError from "effect/http-api/HttpApiError"
import * as HttpServerError from "effect/http/HttpServerError"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { SqlError } from "effect/sql"
import { Cause, Effect, Option, SchemaIssue } from "effect"
import { issuesMessage } from "../domain/fieldMessages.js"
import { errorPage, pageRequest, wantsPage } from "../web/errorPages.js"
import { allowedMethods } from "./edge/allowedMethods.js"

const body = (status: number, error: string, message: string, headers: Record<string, string> = {}) =>
  Effect.succeed(HttpServerResponse.jsonUnsafe({ error, message }, { status, headers }))

/** SQLSTATE classes that mean "the database cannot serve now" rather than "this query is wrong". */
const unavailableState = /^(08|53|57P0|57014|40001|40P01)/

/** Reasons that say the database cannot serve now (retry shortly), whatever their SQLSTATE. */
const unavailableReasons: ReadonlySet<string> = new Set([
  "ConnectionError", "SerializationError", "DeadlockError", "LockTimeoutError", "StatementTimeoutError"
])

/**
 * The driver says a lost or refused connection, or contention that a retry resolves (a reason of its own, or a
 * SQLSTATE of class 08, 53, 57P0x, 40001, 40P01 or a socket error); a server error carries its SQLSTATE. A failure of
 * our own (a value the driver cannot encode) has neither: it is a 500.
 */
const databaseUnavailable = (error: SqlError.SqlError) => {
  const reason = error.reason
  if (unavailableReasons.has(reason._tag)) return true
  const cause: unknown = reason.cause
  const code = typeof cause === "object" && cause !== null && "code" in cause ? String(cause.code) : undefined
  return code !== undefined && (unavailableState.test(code) || /^E[A-Z]+$/.test(code))
}

const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1()

/** What the framework says of a JSON body it could not parse (HttpApiBuilder's payload decoding). */
const NOT_JSON = "Expected a valid JSON body"

/** A request value its schema refused, as the one error vocabulary says it (src/domain/fieldMessages.ts). */
const refusalMessage = (error: HttpApiError.HttpApiSchemaError) => {
  const issues = formatIssues(error.cause.issue).issues
  return issues.length === 1 && (issues[0]?.path ?? []).length === 0 && issues[0]?.message === NOT_JSON
    ? "The request body could not be read as JSON."
    : issuesMessage(error.cause)
}

/** A body that could not be read: too large for its route, or not readable as what it says it is. */
const unreadable = (error: HttpServerError.RequestParseError) =>
  error.reason === "BodyTooLarge" || /too large|maximum/i.test(String(error.cause))
    ? body(413, "invalid_request", "The request body is too large.")
    : body(400, "invalid_request", "The request body could not be read as JSON.")

const notFound = (error: HttpServerError.RouteNotFound) => {
  const request = error.request
  const path = request.url.split("?")[0] ?? ""
  const allowed = allowedMethods(path)
  // The route answers this method, yet the router found none: a path value past any length the route takes.
  if (allowed?.includes(request.method) === true) {
    return body(400, "invalid_request", `A value in ${path.length > 120 ? `${path.slice(0, 120)}…` : path} is longer than this route takes.`)
  }
  if (allowed !== undefined) {
    return body(405, "method_not_allowed", `${path} answers ${allowed.join(", ")}, not ${request.method}.`, { allow: allowed.join(", ") })
  }
  return wantsPage(path, request.headers["accept"])
    ? Effect.succeed(errorPage(404, path))
    : body(404, "not_found", `No route for ${request.method} ${request.url}.`)
}

/**
 * Every non-2xx answer is `{error, message}`: request values their schemas refuse, malformed JSON, oversized bodies,
 * unknown routes, and defects (500 with no detail; 503 when the database is unreachable). Declared API errors are
 * answered by the routes themselves: their schemas already encode to `{error, message}`.
 */
export const withErrorBodies = <E, R>(app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
  Effect.catchCause(app, (cause): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> => {
    if (Cause.hasInterruptsOnly(cause)) return Effect.failCause(cause)
    const failure = Cause.findErrorOption(cause)
    const error: unknown = Option.isSome(failure) ? failure.value : Cause.squash(cause)
    if (HttpApiError.HttpApiSchemaError.is(error) && error.kind !== "Body" && error.kind !== "ResponseHeaders") {
      return body(400, "invalid_request", refusalMessage(error))
    }
    if (HttpServerError.isHttpServerError(error)) {
      const reason = error.reason
      if (reason._tag === "RouteNotFound") return notFound(reason)
      if (reason._tag === "RequestParseError") return unreadable(reason)
    }
    if (Option.isSome(failure)) return Effect.failCause(cause)
    if (SqlError.isSqlError(error) && databaseUnavailable(error)) {
      return Effect.logWarning("database unavailable", error.message).pipe(
        Effect.andThen(Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
          pageRequest(request)
            ? Effect.succeed(HttpServerResponse.setHeader(errorPage(503, ""), "retry-after", "5"))
            : body(503, "service_unavailable", "The database is unreachable; retry shortly.", { "retry-after": "5" })))
      )
    }
    return Effect.logError("unexpected failure", cause).pipe(
      Effect.andThen(Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
        pageRequest(request)
          ? Effect.succeed(errorPage(500, ""))
          : body(500, "internal_error", "An unexpected error occurred; it has been logged.")))
    )
  })
