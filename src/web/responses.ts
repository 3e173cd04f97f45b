import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as UrlParams from "effect/http/UrlParams"
import { Effect, Option } from "effect"

/** Pages only: no framing, no script or style from elsewhere, forms post to this server only. */
export const PAGE_HEADERS = {
  "content-security-policy": "default-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'",
  "x-frame-options": "DENY",
  "referrer-policy": "same-origin"
}

export const htmlResponse = (body: string, status = 200) =>
  HttpServerResponse.text(body, { status, contentType: "text/html; charset=utf-8" }).pipe(HttpServerResponse.setHeaders(PAGE_HEADERS))

export const seeOther = (location: string) => HttpServerResponse.redirect(location, { status: 303 })

/** The request's form fields (an unreadable or non-form body reads as an empty form, which no CSRF check passes). */
export const formFields = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const params = yield* request.urlParamsBody.pipe(Effect.orElseSucceed(() => UrlParams.empty))
  return (name: string) => Option.getOrUndefined(UrlParams.getFirst(params, name))
})

/** The query string of the request as one value per name. */
export const queryOf = (request: HttpServerRequest.HttpServerRequest) => {
  const params = new URL(request.url, "http://x").searchParams
  return (name: string) => {
    const value = params.get(name)
    return value === null || value.trim() === "" ? undefined : value.trim()
  }
}

/**
 * The fields of a multipart form (a file field reads as its text), one value per name; an unreadable body reads as
 * an empty form, which no CSRF check passes. The edge has read the body already (its checks), so the text is parsed
 * here rather than streamed again.
 */
export const multipartFields = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const text = yield* request.text.pipe(Effect.orElseSucceed(() => ""))
  const contentType = request.headers["content-type"] ?? ""
  const entries = yield* Effect.tryPromise(async () => {
    const form = await new Response(text, { headers: { "content-type": contentType } }).formData()
    const fields = new Map<string, string>()
    for (const [key, value] of form.entries()) {
      if (!fields.has(key)) fields.set(key, typeof value === "string" ? value : await value.text())
    }
    return fields
  }).pipe(Effect.orElseSucceed(() => new Map<string, string>()))
  return (name: string) => entries.get(name)
})

/** Every value a form sends under one name (checkboxes). */
export const formValues = (name: string) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const params = yield* request.urlParamsBody.pipe(Effect.orElseSucceed(() => UrlParams.empty))
    return UrlParams.getAll(params, name)
  })
