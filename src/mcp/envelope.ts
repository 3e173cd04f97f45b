import { checkJsonStrings, jsonDepthExceeds, MAX_JSON_DEPTH, type Refusal } from "../domain/inputHygiene.js"
import { DEFAULT_MAX_BODY_BYTES } from "../http/edge/bodyLimits.js"

/**
 * The JSON-RPC envelope of every MCP message, read the same way on both transports (a stdio line, an HTTP body):
 * what is not one message of JSON-RPC 2.0 is answered with a JSON-RPC error, never dropped, never a REST body.
 * Without the MCP SDK (the HTTP server loads it on the first /mcp request). Pure.
 */
export type JsonRpcId = string | number | null

export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const INVALID_PARAMS = -32602

export interface JsonRpcError {
  readonly jsonrpc: "2.0"
  readonly id: JsonRpcId
  readonly error: { readonly code: number; readonly message: string; readonly data?: unknown }
}

export const rpcError = (id: JsonRpcId, code: number, message: string): JsonRpcError => ({ jsonrpc: "2.0", id, error: { code, message } })

/** An error a request handler throws: the SDK answers `code` and `message` as they are (McpError would prefix the message with its code). */
export class RpcError extends Error {
  constructor(readonly code: number, message: string) {
    super(message)
  }
}

export const idOf = (message: unknown): JsonRpcId => {
  const id = typeof message === "object" && message !== null ? (message as { id?: unknown }).id : undefined
  return typeof id === "string" || typeof id === "number" ? id : null
}

export type Reading =
  | { readonly _tag: "message"; readonly message: Readonly<Record<string, unknown>> }
  | { readonly _tag: "refused"; readonly reply: JsonRpcError; readonly status: number }

const refused = (status: number, id: JsonRpcId, code: number, message: string): Reading => ({ _tag: "refused", reply: rpcError(id, code, message), status })

/** What the edge says of a body it refuses (src/http/edge/EdgeGuard.ts), as the JSON-RPC error of /mcp and of stdio. */
export const edgeRefusal = (message: string): JsonRpcError => rpcError(null, INVALID_REQUEST, message)

/**
 * A message whose strings the edge refuses (a control character, text that is not Unicode): answered with the
 * message's own id, so a client waiting for that id gets its answer; a problem inside `params` is invalid params.
 */
export const stringsRefusal = (message: unknown, refusal: Refusal): JsonRpcError =>
  rpcError(
    Array.isArray(message) ? null : idOf(message),
    refusal.where === "params" || refusal.where.startsWith("params.") ? INVALID_PARAMS : INVALID_REQUEST,
    `${refusal.where} ${refusal.problem}.`
  )

/** One parsed JSON value: one JSON-RPC 2.0 request, notification or response; anything else is refused. */
export const readValue = (value: unknown): Reading => {
  if (Array.isArray(value)) return refused(400, null, INVALID_REQUEST, "Send one JSON-RPC message at a time (batches are not supported).")
  if (typeof value !== "object" || value === null || (value as { jsonrpc?: unknown }).jsonrpc !== "2.0") {
    return refused(400, idOf(value), INVALID_REQUEST, "The message is not a JSON-RPC 2.0 object (`jsonrpc: \"2.0\"`).")
  }
  const message = value as Readonly<Record<string, unknown>>
  if ("id" in message && typeof message["id"] !== "string" && (typeof message["id"] !== "number" || !Number.isInteger(message["id"]))) {
    return refused(400, null, INVALID_REQUEST, "`id` must be a string or an integer.")
  }
  if ("method" in message) {
    if (typeof message["method"] !== "string") return refused(400, idOf(message), INVALID_REQUEST, "`method` must be a string.")
    const params = message["params"]
    if (params !== undefined && (typeof params !== "object" || params === null || Array.isArray(params))) {
      return refused(400, idOf(message), INVALID_PARAMS, "params: must be an object.")
    }
    return { _tag: "message", message }
  }
  if ("id" in message && ("result" in message || "error" in message)) return { _tag: "message", message }
  return refused(400, idOf(message), INVALID_REQUEST, "The message is neither a request, a notification nor a response.")
}

/**
 * One message as text (a stdio line), checked as the HTTP edge checks a /mcp body: its size, its nesting, JSON, its
 * strings (no control characters), then its envelope; the refusals carry the edge's own words.
 */
export const readText = (text: string): Reading => {
  const bytes = Buffer.byteLength(text, "utf8")
  if (bytes > DEFAULT_MAX_BODY_BYTES) return { _tag: "refused", status: 413, reply: edgeRefusal(`The request body exceeds ${DEFAULT_MAX_BODY_BYTES} bytes.`) }
  if (jsonDepthExceeds(text)) return { _tag: "refused", status: 400, reply: edgeRefusal(`The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`) }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return refused(400, null, PARSE_ERROR, "The body is not JSON.")
  }
  const problem = checkJsonStrings(value)
  if (problem !== undefined) return { _tag: "refused", status: 400, reply: stringsRefusal(value, problem) }
  return readValue(value)
}
