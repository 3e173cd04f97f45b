import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect } from "effect"
import { openApiDocument } from "../../api/Api.js"

/** `GET /v1/openapi.json`: the API's document, made once on the first request, then answered from memory. */
export const OpenApiRouteLive = HttpRouter.use((router) => {
  let document: HttpServerResponse.HttpServerResponse | undefined
  return router.add("GET", "/v1/openapi.json", Effect.sync(() => (document ??= HttpServerResponse.jsonUnsafe(openApiDocument()))))
})
