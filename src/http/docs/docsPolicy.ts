import type * as HttpServerResponse from "effect/http/HttpServerResponse"

/**
 * The docs page (`/v1/docs`, rendered on the server from the OpenAPI document) under the strictest policy of the
 * service: nothing from another host, no inline script or style, the site's own stylesheet and script only; no other
 * site may frame it (`frame-ancestors 'none'`, and `X-Frame-Options: DENY` for older browsers).
 */
export const DOCS_PATH = "/v1/docs"

export const DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'"
].join("; ")

/** Whether a request's URL (path and query) is the docs page's, without splitting every URL on the way out. */
const isDocsUrl = (url: string) =>
  url.startsWith(DOCS_PATH) && (url.length === DOCS_PATH.length || url[DOCS_PATH.length] === "?")

/** The docs page's own headers (its policy, no framing, no referrer); undefined for every other answer. */
export const docsPageHeaders = (url: string, response: HttpServerResponse.HttpServerResponse): Record<string, string> | undefined =>
  !isDocsUrl(url) || response.status !== 200
    ? undefined
    : { "content-security-policy": DOCS_POLICY, "x-frame-options": "DENY", "referrer-policy": "no-referrer" }
