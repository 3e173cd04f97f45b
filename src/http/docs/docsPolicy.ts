import type * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { createHash } from "node:crypto"

/**
 * The docs page (`/v1/docs`, Scalar with its web fonts off) under a Content-Security-Policy that lets it run its own
 * inline scripts (allowed by hash, computed from the page itself) and Scalar's bundle from this origin, fetch nothing
 * from another host, and that no other site may frame (`frame-ancestors 'none'`, and `X-Frame-Options: DENY` for
 * older browsers).
 */
export const DOCS_PATH = "/v1/docs"

const scriptHashes = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\b(?:type|src)=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => `'sha256-${createHash("sha256").update(m[1]!, "utf8").digest("base64")}'`)

export const docsPolicyOf = (html: string) =>
  [
    "default-src 'none'",
    // Scripts from this origin (Scalar's bundle) and the page's own inline ones; WebAssembly (the page compiles a
    // module) but no JavaScript eval.
    `script-src 'self' 'wasm-unsafe-eval' ${scriptHashes(html).join(" ")}`,
    // The page styles itself at run time (style elements and attributes).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'"
  ].join("; ")

let cached: { readonly body: Uint8Array; readonly policy: string } | undefined

const policyFor = (body: Uint8Array) => {
  if (cached?.body !== body) cached = { body, policy: docsPolicyOf(new TextDecoder().decode(body)) }
  return cached.policy
}

/** Whether a request's URL (path and query) is the docs page's, without splitting every URL on the way out. */
const isDocsUrl = (url: string) =>
  url.startsWith(DOCS_PATH) && (url.length === DOCS_PATH.length || url[DOCS_PATH.length] === "?")

/** The docs page's own headers (its policy, no framing, no referrer); undefined for every other answer. */
export const docsPageHeaders = (url: string, response: HttpServerResponse.HttpServerResponse): Record<string, string> | undefined =>
  !isDocsUrl(url) || response.body._tag !== "Uint8Array"
    ? undefined
    : {
      "content-security-policy": policyFor(response.body.body),
      "x-frame-options": "DENY",
      "referrer-policy": "no-referrer"
    }
