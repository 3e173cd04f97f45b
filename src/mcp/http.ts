import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect, Either, Option, Redacted, Runtime } from "effect"
import type { ApiKeys } from "../access/ApiKeys.js"
import type { Quota } from "../access/Quota.js"
import { quotaHeaders } from "../http/QuotaGuardLive.js"
import { errorResponse, type JsonRpcId, type McpRefusal } from "./errors.js"
import { admit } from "./gate.js"
import type { ToolServices } from "./tools.js"

/** The key of a request, as /v1 reads it: `Authorization: Bearer <key>`, else `x-api-key: <key>`. */
export const secretOf = (headers: Readonly<Record<string, string | undefined>>): Redacted.Redacted<string> | undefined => {
  const bearer = /^bearer\s+(.+)$/i.exec(headers["authorization"] ?? "")?.[1]
  const value = bearer ?? headers["x-api-key"]
  return value === undefined ? undefined : Redacted.make(value)
}

const idOf = (message: unknown): JsonRpcId => {
  const id = typeof message === "object" && message !== null ? (message as { id?: unknown }).id : undefined
  return typeof id === "string" || typeof id === "number" ? id : null
}

const rpcError = (status: number, id: JsonRpcId, code: number, message: string, headers: Readonly<Record<string, string>> = {}) =>
  HttpServerResponse.unsafeJson({ jsonrpc: "2.0", id, error: { code, message } }, { status, headers })

const refused = (id: JsonRpcId, refusal: McpRefusal) =>
  HttpServerResponse.unsafeJson(errorResponse(id, refusal), { status: refusal.status, headers: refusal.headers })

/**
 * The MCP SDK and the server made with it, imported on the first /mcp request: the SDK holds about 6.5 MB of heap
 * once loaded (`scripts/bench/moduleHeap.mjs`), which an instance no agent talks to need not hold.
 */
const loadSdk = Effect.promise(() =>
  Promise.all([import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"), import("./server.js")])
)
type Sdk = Effect.Effect<Effect.Effect.Success<typeof loadSdk>>

/**
 * One POST to /mcp (Streamable HTTP, stateless, JSON answers): the message is admitted (key, quota, scope) before
 * the protocol sees it, then answered by a server made for this request, so a tool call runs with its own key.
 */
const post = (sdk: Sdk) => Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const body = yield* request.json.pipe(Effect.option)
  if (Option.isNone(body)) return rpcError(400, null, -32700, "The body is not JSON.")
  if (Array.isArray(body.value)) return rpcError(400, null, -32600, "Send one JSON-RPC message per request (batches are not supported).")
  const message = body.value
  const admitted = yield* admit(secretOf(request.headers), message).pipe(Effect.either)
  if (Either.isLeft(admitted)) return refused(idOf(message), admitted.left)
  const { decision, identity } = admitted.right
  const [{ WebStandardStreamableHTTPServerTransport }, { makeMcpServer }] = yield* sdk
  const runtime = yield* Effect.runtime<ToolServices>()
  const server = makeMcpServer((effect) => Runtime.runPromise(runtime)(effect), () => identity)
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true })
  const answer = yield* Effect.acquireUseRelease(
    Effect.promise(() => server.connect(transport)),
    () =>
      Effect.promise(() =>
        transport.handleRequest(
          new Request(new URL(request.url, "http://localhost"), { method: "POST", headers: request.headers }),
          { parsedBody: message }
        )
      ),
    () => Effect.promise(() => server.close())
  )
  const response = HttpServerResponse.fromWeb(answer)
  return decision === null ? response : HttpServerResponse.setHeaders(response, quotaHeaders(decision))
})

const notAllowed = Effect.succeed(
  HttpServerResponse.unsafeJson(
    { jsonrpc: "2.0", id: null, error: { code: -32000, message: "This server answers POST /mcp only (no server-sent event stream, no sessions)." } },
    { status: 405, headers: { allow: "POST" } }
  )
)

/** `/mcp` on the API's own server, its tools run on the same services as /v1. */
export const McpHttpLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const context = yield* Effect.context<ApiKeys | Quota | ToolServices>()
    const sdk = yield* Effect.cached(loadSdk)
    yield* router.post("/mcp", Effect.provide(post(sdk), context))
    yield* router.get("/mcp", notAllowed)
    yield* router.del("/mcp", notAllowed)
    yield* router.put("/mcp", notAllowed)
    yield* router.patch("/mcp", notAllowed)
    yield* router.options("/mcp", notAllowed)
  }))
