import { HttpApi, HttpApiBuilder, OpenApi } from "effect/http-api"
import { Effect } from "effect"
import { htmlResponse } from "../../web/responses.js"
import { DOCS_PATH } from "./docsPolicy.js"
import { referencePage, type Spec } from "./reference.js"

/** `GET /v1/docs`: the reference rendered once from the API's own OpenAPI document, then answered from memory. */
export const DocsPageLive = HttpApiBuilder.Router.use(Effect.fnUntraced(function*(router) {
  const { api } = yield* HttpApi.Api
  // The page reads the document as the JSON /v1/openapi.json serves (Spec names the parts it shows, all optional).
  const body = referencePage(OpenApi.fromApi(api) as Spec)
  yield* router.get(DOCS_PATH, Effect.sync(() => htmlResponse(body)))
}))
