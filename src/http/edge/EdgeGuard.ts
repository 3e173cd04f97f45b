import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as HttpServerError from "effect/http/HttpServerError"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { ByteSize, Effect } from "effect"
import {
  checkHeaders,
  checkJsonStrings,
  checkRequestTarget,
  jsonDepthExceeds,
  MAX_JSON_DEPTH,
  mediaType,
  type Refusal
} from "../../domain/inputHygiene.js"
import { edgeRefusal, stringsRefusal } from "../../mcp/envelope.js"
import { unknownQueryParameter } from "./allowedMethods.js"
import { bodyRuleFor } from "./bodyLimits.js"

/** Longer request targets are refused with 414 (node's own header limit, 16 KiB, answers 431 above that). */
export const MAX_URL_BYTES = 8 * 1024

/** `/mcp` speaks JSON-RPC: its refusals are JSON-RPC errors with the same words (src/mcp/envelope.ts; stdio says the same). */
const isMcp = (target: string) => target === "/mcp" || target.startsWith("/mcp?")

/**
 * The request target as the client sent it (path and query, not decoded): Effect 4's `originalUrl` puts the scheme
 * and host before it, and `url` is what routing made of it.
 */
export const requestTarget = (request: HttpServerRequest.HttpServerRequest): string =>
  request.originalUrl.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "")

export const edgeGuard = <E, R>(app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
    const mcp = isMcp(requestTarget(request))
    const answer: Answer = (status, error, message) =>
      HttpServerResponse.jsonUnsafe(mcp ? edgeRefusal(message) : { error, message }, { status })
    const refusedStrings: StringsAnswer = (body, refusal) =>
      mcp
        ? HttpServerResponse.jsonUnsafe(stringsRefusal(body, refusal), { status: 400 })
        : answer(400, "invalid_request", `${refusal.where} ${refusal.problem}.`)
    return Effect.flatMap(
      check(request, answer, refusedStrings),
      (verdict): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R> =>
        "refusal" in verdict
          ? Effect.succeed(verdict.refusal)
          : verdict.maxBodySize === undefined
          ? app
          : Effect.provideService(app, HttpIncomingMessage.MaxBodySize, verdict.maxBodySize)
    )
  })

type Answer = (status: number, error: string, message: string) => HttpServerResponse.HttpServerResponse
type StringsAnswer = (body: unknown, refusal: Refusal) => HttpServerResponse.HttpServerResponse

/** What the edge decided: the refusal to send, or the application to run (under the route's body limit when the request has a body). */
type Verdict = { readonly refusal: HttpServerResponse.HttpServerResponse } | { readonly maxBodySize: ByteSize.ByteSize | undefined }

const hasBody = (headers: Readonly<Record<string, string | undefined>>) =>
  headers["transfer-encoding"] !== undefined || (headers["content-length"] !== undefined && headers["content-length"] !== "0")

/**
 * The one place where every request is checked before routing: the request target (path and query, strictly
 * percent-decoded, no control characters), the headers, the body's media type and size, and a JSON body's
 * nesting and strings. What fails here never reaches a handler or the database.
 *
 * Defined once (Effect.fnUntraced), not as an `Effect.gen(function*…)` made per request: see docs/development.md,
 * "Generator functions are made once".
 */
const check = Effect.fnUntraced(function*(request: HttpServerRequest.HttpServerRequest, answer: Answer, refusedStrings: StringsAnswer) {
  const refused = (refusal: Refusal): Verdict => ({ refusal: answer(400, "invalid_request", `${refusal.where} ${refusal.problem}.`) })
  const refuse = (status: number, error: string, message: string): Verdict => ({ refusal: answer(status, error, message) })
  const target = requestTarget(request)
  if (target.length > MAX_URL_BYTES) return refuse(414, "invalid_request", `The request URL exceeds ${MAX_URL_BYTES} bytes.`)
  const targetProblem = checkRequestTarget(target)
  if (targetProblem !== undefined) return refused(targetProblem)
  const unknownParameter = unknownQueryParameter(request.method, target)
  if (unknownParameter !== undefined) return refuse(400, "invalid_request", `${unknownParameter}: is not a parameter of this request`)
  const headerProblem = checkHeaders(request.headers)
  if (headerProblem !== undefined) return refused(headerProblem)

  const rule = bodyRuleFor(target.split("?")[0] ?? "")
  const declared = mediaType(request.headers["content-type"])
  // Checked even for an empty body: the framework would wait for a multipart body that never comes.
  if (declared.kind === "named" && request.method !== "GET" && !rule.mediaTypes.includes(declared.type)) {
    return refuse(415, "unsupported_media_type", `This route takes ${rule.mediaTypes.join(" or ")} bodies, not ${declared.type}.`)
  }
  // A header that names no type (a missing one is read as JSON; an empty one the framework refuses as text).
  if (declared.kind === "empty" && request.method !== "GET") {
    return refuse(415, "unsupported_media_type", `This route takes ${rule.mediaTypes.join(" or ")} bodies; the Content-Type header is empty.`)
  }
  // Neither a length nor a chunked encoding: HTTP/1.1 says there is no body, so there is nothing to limit.
  if (!hasBody(request.headers)) return { maxBodySize: undefined }
  const maxBodySize = ByteSize.bytes(rule.maxBytes)
  const type = declared.kind === "named" ? declared.type : "application/json"
  if (Number(request.headers["content-length"] ?? "0") > rule.maxBytes) {
    return refuse(413, "invalid_request", `The request body exceeds ${rule.maxBytes} bytes.`)
  }
  const text = yield* request.text.pipe(Effect.provideService(HttpIncomingMessage.MaxBodySize, maxBodySize), Effect.result)
  if (text._tag === "Failure") {
    return tooLarge(text.failure)
      ? refuse(413, "invalid_request", `The request body exceeds ${rule.maxBytes} bytes.`)
      : refuse(400, "invalid_request", "The request body could not be read.")
  }
  if (type === "application/json") {
    if (jsonDepthExceeds(text.success)) {
      return refuse(400, "invalid_request", `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`)
    }
    const parsed = parseJson(text.success)
    if (parsed.ok) {
      const problem = checkJsonStrings(parsed.value)
      if (problem !== undefined) return { refusal: refusedStrings(parsed.value, problem) }
    }
  } else if (type === "application/x-www-form-urlencoded") {
    const problem = checkRequestTarget(`?${text.success}`)
    if (problem !== undefined) return refused(problem)
  } else if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text.success)) {
    return refuse(400, "invalid_request", "The request body contains a control character.")
  }
  return { maxBodySize }
})

const tooLarge = (error: HttpServerError.HttpServerError) =>
  (error.reason._tag === "RequestParseError" && error.reason.reason === "BodyTooLarge") || /too large|maximum/i.test(String(error.cause))

const parseJson = (text: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } => {
  try {
    return { ok: true, value: text === "" ? null : JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}
