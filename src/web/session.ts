import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Duration, Effect, Option } from "effect"
import { type Account, Accounts } from "../accounts/Accounts.js"
import { newToken, sameSecret } from "../accounts/tokens.js"

export const SESSION_COOKIE = "kyb_session"
export const CSRF_COOKIE = "kyb_csrf"

/**
 * Cookies are `Secure` unless the page is served over plain http to a loopback address (development: `npm start`
 * opened at http://localhost:8080); behind a TLS proxy `X-Forwarded-Proto: https` counts as https.
 */
const plainLoopback = (request: HttpServerRequest.HttpServerRequest) => {
  const host = (request.headers["host"] ?? "").replace(/:\d+$/, "").toLowerCase()
  const https = (request.headers["x-forwarded-proto"] ?? "").toLowerCase() === "https"
  return !https && (host === "localhost" || host === "127.0.0.1" || host === "[::1]")
}

const cookieOptions = (request: HttpServerRequest.HttpServerRequest, maxAge?: Duration.DurationInput) => ({
  httpOnly: true,
  secure: !plainLoopback(request),
  sameSite: "lax" as const,
  path: "/",
  ...(maxAge === undefined ? {} : { maxAge })
})

/** The client's address, for throttling. */
export const clientOf = (request: HttpServerRequest.HttpServerRequest) => Option.getOrElse(request.remoteAddress, () => "unknown")

/** The CSRF token of this browser (double-submit: a cookie, and the same value in every form); made when missing. */
export const csrfOf = (request: HttpServerRequest.HttpServerRequest) => {
  const held = request.cookies[CSRF_COOKIE]
  return held !== undefined && /^[A-Za-z0-9_-]{43}$/.test(held) ? { token: held, fresh: false } : { token: newToken(), fresh: true }
}

/** A form or a JSON call that changes state must carry the browser's CSRF token (field `_csrf` or header `x-csrf-token`). */
export const csrfMatches = (request: HttpServerRequest.HttpServerRequest, sent: string | undefined) => {
  const held = request.cookies[CSRF_COOKIE]
  return held !== undefined && sent !== undefined && sameSecret(held, sent)
}

export const withCsrfCookie = (request: HttpServerRequest.HttpServerRequest, csrf: { readonly token: string; readonly fresh: boolean }) =>
  (response: HttpServerResponse.HttpServerResponse) =>
    csrf.fresh ? HttpServerResponse.unsafeSetCookie(response, CSRF_COOKIE, csrf.token, cookieOptions(request)) : response

export const withSessionCookie = (request: HttpServerRequest.HttpServerRequest, token: string, ttl: Duration.DurationInput) =>
  (response: HttpServerResponse.HttpServerResponse) =>
    HttpServerResponse.unsafeSetCookie(response, SESSION_COOKIE, token, cookieOptions(request, ttl))

export const withoutSessionCookie = (request: HttpServerRequest.HttpServerRequest) =>
  (response: HttpServerResponse.HttpServerResponse) =>
    HttpServerResponse.unsafeSetCookie(response, SESSION_COOKIE, "", cookieOptions(request, Duration.zero))

/** The signed-in account of this request, if any. */
export const currentAccount = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const accounts = yield* Accounts
  const token = request.cookies[SESSION_COOKIE] ?? ""
  return yield* accounts.fromSession(token)
})

export type { Account }
