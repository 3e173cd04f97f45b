import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type RequestId } from "@modelcontextprotocol/sdk/types.js"
import type { Effect } from "effect"
import type { ApiKeyIdentity } from "../api/security.js"
import { type ToolResult, type ToolServices, toolNamed, tools } from "./tools.js"

const instructions = [
  "KYB Africa answers \"is this African business real, registered, active and not sanctioned?\" over 18 official",
  "registries, with the source, checked date and confidence of every value. Start with verify_business or",
  "search_companies; every verdict is kept as a check (get_check). list_review_queue shows the hits waiting for a",
  "reviewer and record_decision records one (a read_write key is needed). Each tool call counts as one request",
  "against the key's monthly quota."
].join(" ")

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
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `No tool ${request.params.name}; tools/list names them.`)
    const key = keyOf(extra.requestId)
    if (key === undefined) throw new McpError(ErrorCode.InternalError, "The call was not admitted.")
    return run(tool.call(key, request.params.arguments ?? {}))
  })
  return server
}
