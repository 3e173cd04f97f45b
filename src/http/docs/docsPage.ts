import * as HttpApi from "@effect/platform/HttpApi"
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as OpenApi from "@effect/platform/OpenApi"
import { Effect } from "effect"
import { escapeHtml } from "../../web/html.js"
import { DOCS_PATH } from "./docsPolicy.js"
import { readScalarBundle } from "./scalarBundle.js"

/** The Scalar bundle the docs page loads, served from this origin (the page's policy allows no other host). */
export const DOCS_SCRIPT_PATH = `${DOCS_PATH}/scalar.js`

/** JSON that cannot end the script element it sits in, nor break a JavaScript string (U+2028, U+2029). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, "\\u003c").replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"))

/** The docs page: the OpenAPI document and Scalar's configuration inline, Scalar's bundle by URL. */
export const docsPageHtml = (spec: OpenApi.OpenAPISpec, scriptPath: string): string => {
  const description = spec.info.description
    ? `<meta name="description" content="${escapeHtml(spec.info.description)}"/>`
    : ""
  return `<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(spec.info.title)}</title>
    ${description}
    <meta name="viewport" content="width=device-width, initial-scale=1" />
  </head>
  <body>
    <script id="api-reference" type="application/json">
      ${scriptJson(spec)}
    </script>
    <script>
      document.getElementById('api-reference').dataset.configuration = JSON.stringify(${scriptJson({ _integration: "html", withDefaultFonts: false })})
    </script>
    <script src="${escapeHtml(scriptPath)}"></script>
  </body>
</html>`
}

/** `GET /v1/docs` and the bundle it loads; the bundle is read on its first request, then answered from memory. */
export const DocsPageLive = HttpApiBuilder.Router.use(Effect.fnUntraced(function*(router) {
  const { api } = yield* HttpApi.Api
  const page = HttpServerResponse.html(docsPageHtml(OpenApi.fromApi(api), DOCS_SCRIPT_PATH))
  const bundle = yield* Effect.cached(readScalarBundle)
  yield* router.get(DOCS_PATH, Effect.succeed(page))
  yield* router.get(DOCS_SCRIPT_PATH, Effect.map(bundle, (bytes) =>
    HttpServerResponse.uint8Array(bytes, {
      contentType: "text/javascript; charset=utf-8",
      headers: { "cache-control": "public, max-age=3600" }
    })))
}))
