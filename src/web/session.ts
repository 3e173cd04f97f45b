import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Duration, Effect, Option } from "effect"
import { Accounts, memberAttribution } from "../accounts/Accounts.js"
import { noteCaller } from "../access/requestCaller.js"
import { createHmac } from "node:crypto"
import { newToken, sameSecret } from "../accounts/tokens.js"

/** The cookies' names over plain http on loopback (development); elsewhere each is `__Host-` and this name. */
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

/**
 * Served over https (anything but plain http on loopback), the cookies are `__Host-` cookies: Secure, Path=/, no
 * Domain, so neither a sibling subdomain nor a plain-http page can set or overwrite them.
 */
const secure = (request: HttpServerRequest.HttpServerRequest) => !plainLoopback(request)
const cookieName = (request: HttpServerRequest.HttpServerRequest, name: string) => secure(request) ? `__Host-${name}` : name

const cookieOptions = (request: HttpServerRequest.HttpServerRequest, maxAge?: Duration.Input) => ({
  httpOnly: true,
  secure: secure(request),
  sameSite: "lax" as const,
  path: "/",
  ...(maxAge === undefined ? {} : { maxAge })
})

/** The client's address, for throttling. */
export const clientOf = (request: HttpServerRequest.HttpServerRequest) => Option.getOrElse(request.remoteAddress, () => "unknown")

/** Where a request came from, for the audit log: the client's address and its user agent (cut to 200 characters). */
export const originOf = (request: HttpServerRequest.HttpServerRequest) => ({
  address: Option.getOrNull(request.remoteAddress),
  client: request.headers["user-agent"]?.slice(0, 200) ?? null
})

/** The session token the browser holds ("" when none). */
export const sessionTokenOf = (request: HttpServerRequest.HttpServerRequest) => request.cookies[cookieName(request, SESSION_COOKIE)] ?? ""

const TOKEN = /^[A-Za-z0-9_-]{43}$/

/**
 * CSRF tokens are bound to the session: the token of a signed-in browser is an HMAC keyed by its session token, so
 * another browser's token (with or without its CSRF cookie) never passes with this session. Before sign-in the
 * token is an HMAC keyed by a random pre-session cookie of this browser.
 */
const bound = (key: string, purpose: "session" | "pre-session") => createHmac("sha256", key).update(`kyb csrf v1 ${purpose}`).digest("base64url")

/** The CSRF token of a session (a response that starts a session renders its page with this one). */
export const csrfForSession = (sessionToken: string) => bound(sessionToken, "session")

/** The CSRF token of this browser's forms, and the pre-session cookie to set when it has none yet. */
export const csrfOf = (request: HttpServerRequest.HttpServerRequest): { readonly token: string; readonly fresh: boolean; readonly nonce: string } => {
  const session = sessionTokenOf(request)
  const held = request.cookies[cookieName(request, CSRF_COOKIE)]
  const nonce = held !== undefined && TOKEN.test(held) ? held : newToken()
  const fresh = nonce !== held
  return { token: session !== "" ? csrfForSession(session) : bound(nonce, "pre-session"), fresh: session === "" && fresh, nonce }
}

/** A form or a JSON call that changes state must carry the token bound to this browser's session (`_csrf` or `x-csrf-token`). */
export const csrfMatches = (request: HttpServerRequest.HttpServerRequest, sent: string | undefined) => {
  if (sent === undefined) return false
  const session = sessionTokenOf(request)
  if (session !== "") return sameSecret(csrfForSession(session), sent)
  const held = request.cookies[cookieName(request, CSRF_COOKIE)]
  return held !== undefined && TOKEN.test(held) && sameSecret(bound(held, "pre-session"), sent)
}

export const withCsrfCookie = (request: HttpServerRequest.HttpServerRequest, csrf: { readonly fresh: boolean; readonly nonce: string }) =>
  (response: HttpServerResponse.HttpServerResponse) =>
    csrf.fresh ? HttpServerResponse.setCookieUnsafe(response, cookieName(request, CSRF_COOKIE), csrf.nonce, cookieOptions(request)) : response

export const withSessionCookie = (request: HttpServerRequest.HttpServerRequest, token: string, ttl: Duration.Input) =>
  (response: HttpServerResponse.HttpServerResponse) =>
    HttpServerResponse.setCookieUnsafe(response, cookieName(request, SESSION_COOKIE), token, cookieOptions(request, ttl))

export const withoutSessionCookie = (request: HttpServerRequest.HttpServerRequest) =>
  (response: HttpServerResponse.HttpServerResponse) =>
    HttpServerResponse.setCookieUnsafe(response, cookieName(request, SESSION_COOKIE), "", cookieOptions(request, Duration.zero))

/** The signed-in account of this request, if any. */
export const currentAccount = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const accounts = yield* Accounts
  const account = yield* accounts.fromSession(sessionTokenOf(request))
  if (Option.isSome(account)) {
    yield* noteCaller({ accountId: account.value.id, by: memberAttribution(account.value), power: { role: account.value.member.role } })
  }
  return account
})

