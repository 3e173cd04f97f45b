import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect, Result, Option, Redacted } from "effect"
import type { ApiKeys } from "../access/ApiKeys.js"
import type { Quota } from "../access/Quota.js"
import { quotaHeaders } from "../http/QuotaGuardLive.js"
import { idOf, INVALID_REQUEST, type JsonRpcError, PARSE_ERROR, readValue, rpcError } from "./envelope.js"
import { errorResponse, type McpRefusal } from "./errors.js"
import { admit } from "./gate.js"
import { AllowedOrigins, originAllowed } from "./origins.js"
import type { ToolServices } from "./tools.js"

/** The key of a request, as /v1 reads it: `Authorization: Bearer <key>`, else `x-api-key: <key>`. */
export const secretOf = (headers: Readonly<Record<string, string | undefined>>): Redacted.Redacted<string> | undefined => {
  const bearer = /^bearer\s+(.+)$/i.exec(headers["authorization"] ?? "")?.[1]
  const value = bearer ?? headers["x-api-key"]
  return value === undefined ? undefined : Redacted.make(value)
}

const reply = (status: number, error: JsonRpcError, headers: Readonly<Record<string, string>> = {}) =>
  HttpServerResponse.jsonUnsafe(error, { status, headers })

const refused = (message: unknown, refusal: McpRefusal) =>
  HttpServerResponse.jsonUnsafe(errorResponse(idOf(message), refusal), { status: refusal.status, headers: refusal.headers })

/**
 * The MCP SDK and the server made with it, imported on the first /mcp request: the SDK holds about 6.5 MB of heap
 * once loaded (`scripts/bench/moduleHeap.mjs`), which an instance no agent talks to need not hold.
 */
const loadSdk = Effect.promise(() =>
  Promise.all([import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"), import("./server.js")])
)
type Sdk = Effect.Effect<Effect.Success<typeof loadSdk>>

/**
 * One POST to /mcp (Streamable HTTP, stateless, JSON answers): the Origin is checked (a web page may not drive a local
 * agent's server), the message read as stdio reads a line, its params checked, then it is admitted (key, quota,
 * scope) and answered by a server made for this request, so a tool call runs with its own key.
 */
const post = (sdk: Sdk, origins: AllowedOrigins) => Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const origin = request.headers["origin"]
  if (origin !== undefined && !originAllowed(origins, origin)) {
    return reply(403, rpcError(null, INVALID_REQUEST, "This Origin may not use /mcp (KYB_MCP_ALLOWED_ORIGINS lists the ones that may)."))
  }
  const body = yield* request.json.pipe(Effect.option)
  if (Option.isNone(body)) return reply(400, rpcError(null, PARSE_ERROR, "The body is not JSON."))
  const reading = readValue(body.value)
  if (reading._tag === "refused") return reply(reading.status, reading.reply)
  const message = reading.message
  const [{ WebStandardStreamableHTTPServerTransport }, { makeMcpServer, paramsProblem }] = yield* sdk
  const problem = paramsProblem(message)
  if (problem !== undefined) return reply(400, problem)
  const admitted = yield* admit(secretOf(request.headers), message).pipe(Effect.result)
  if (Result.isFailure(admitted)) return refused(message, admitted.failure)
  const { decision, identity } = admitted.success
  const services = yield* Effect.context<ToolServices>()
  const server = makeMcpServer(Effect.runPromiseWith(services), () => identity)
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
  HttpServerResponse.jsonUnsafe(
    rpcError(null, -32000, "This server answers POST /mcp only (no server-sent event stream, no sessions)."),
    { status: 405, headers: { allow: "POST" } }
  )
)

/** `/mcp` on the API's own server, its tools run on the same services as /v1. */
export const McpHttpLive = HttpRouter.use((router) =>
  Effect.gen(function*() {
    const context = yield* Effect.context<ApiKeys | Quota | ToolServices>()
    const sdk = yield* Effect.cached(loadSdk)
    const origins = yield* AllowedOrigins
    yield* router.add("POST", "/mcp", Effect.provide(post(sdk, origins), context))
    for (const method of ["GET", "DELETE", "PUT", "PATCH", "OPTIONS"] as const) yield* router.add(method, "/mcp", notAllowed)
  }))
