import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  type RequestId
} from "@modelcontextprotocol/sdk/types.js"
import type { Effect } from "effect"
import type { ApiKeyIdentity } from "../api/security.js"
import { INVALID_PARAMS, type JsonRpcError, rpcError, idOf, RpcError } from "./envelope.js"
import { instructions } from "./instructions.js"
import { type ToolResult, type ToolServices, toolNamed, tools } from "./tools.js"

const requestSchemas = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  "tools/list": ListToolsRequestSchema,
  "tools/call": CallToolRequestSchema
} as const

/**
 * A request of ours whose params are not what the method takes: -32602 naming the first wrong place in words (the
 * SDK would answer -32603 with its validator's dump), before the message is admitted or counted.
 */
export const paramsProblem = (message: Readonly<Record<string, unknown>>): JsonRpcError | undefined => {
  const method = message["method"]
  if (!("id" in message) || typeof method !== "string" || !(method in requestSchemas)) return undefined
  const parsed = requestSchemas[method as keyof typeof requestSchemas].safeParse(message)
  if (parsed.success) return undefined
  const issue = parsed.error.issues[0]
  const where = issue === undefined ? "params" : issue.path.map(String).join(".")
  return rpcError(idOf(message), INVALID_PARAMS, `${where}: ${issue?.message.replace(/^Invalid input: /, "") ?? "invalid"}.`)
}

/**
 * The MCP server of one connection (a stdio process) or one HTTP request: the tools and their schemas, each call run
 * on the service layers with the key the transport admitted for that message (`keyOf`).
 */
export const makeMcpServer = (
  run: (effect: Effect.Effect<ToolResult, never, ToolServices>) => Promise<ToolResult>,
  keyOf: (requestId: RequestId) => ApiKeyIdentity | undefined
) => {
  const server = new Server({ name: "kyb-africa", title: "KYB Africa", version: "1.0.0" }, { capabilities: { tools: {} }, instructions })
  const descriptors = tools.map((t) => t.descriptor)
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: descriptors }))
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = toolNamed(request.params.name)
    if (tool === undefined) throw new RpcError(INVALID_PARAMS, `No tool ${request.params.name}; tools/list names them.`)
    const key = keyOf(extra.requestId)
    if (key === undefined) throw new RpcError(-32603, "The call was not admitted.")
    return run(tool.call(key, request.params.arguments ?? {}))
  })
  return server
}
