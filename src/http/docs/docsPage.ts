import * as HttpRouter from "effect/http/HttpRouter"
import { Effect } from "effect"
import { openApiDocument } from "../../api/Api.js"
import { htmlResponse } from "../../web/responses.js"
import { DOCS_PATH } from "./docsPolicy.js"
import { referencePage, type Spec } from "./reference.js"

/** `GET /v1/docs`: the reference rendered once from the API's own OpenAPI document, then answered from memory. */
export const DocsPageLive = HttpRouter.use((router) => {
  // The page reads the document as the JSON /v1/openapi.json serves (Spec names the parts it shows, all optional).
  const body = referencePage(openApiDocument() as Spec)
  return router.add("GET", DOCS_PATH, Effect.sync(() => htmlResponse(body)))
})
