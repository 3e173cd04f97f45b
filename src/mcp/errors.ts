import type { QuotaDecision } from "../domain/quotaWindow.js"
import { retryAfterSeconds, rfc3339 } from "../domain/quotaWindow.js"
import { quotaHeaders } from "../http/QuotaGuardLive.js"

/**
 * Why a message was refused before any tool ran, as the JSON-RPC error an MCP client receives: `code` (a server
 * error in the JSON-RPC range), `message`, and `data` with the same `{error, message}` as /v1 plus what an agent needs
 * to act (the reset time of the quota). Over HTTP the status and headers are /v1's for the same refusal.
 */
export interface McpRefusal {
  readonly _tag: "McpRefusal"
  readonly status: 401 | 403 | 429
  readonly code: number
  readonly data: { readonly error: string; readonly message: string } & Readonly<Record<string, unknown>>
  readonly headers: Readonly<Record<string, string>>
}

// Server-defined codes of the JSON-RPC range, clear of those the SDK uses itself (-32000 connection closed, -32001 timeout).
export const MCP_ERROR_CODES = { invalid_api_key: -32010, insufficient_scope: -32013, quota_exceeded: -32029 } as const

export const invalidKey = (message: string): McpRefusal => ({
  _tag: "McpRefusal",
  status: 401,
  code: MCP_ERROR_CODES.invalid_api_key,
  data: { error: "invalid_api_key", message },
  headers: {}
})

export const insufficientScope = (message: string, decision: QuotaDecision | null): McpRefusal => ({
  _tag: "McpRefusal",
  status: 403,
  code: MCP_ERROR_CODES.insufficient_scope,
  data: { error: "insufficient_scope", message },
  headers: decision === null ? {} : quotaHeaders(decision)
})

export const quotaExceeded = (decision: QuotaDecision): McpRefusal => {
  const resetAt = rfc3339(decision.resetAt)
  return {
    _tag: "McpRefusal",
    status: 429,
    code: MCP_ERROR_CODES.quota_exceeded,
    data: {
      error: "quota_exceeded",
      message: `The monthly quota of ${decision.limit} requests is used up; it renews at ${resetAt}.`,
      limit: decision.limit,
      reset_at: resetAt,
      retry_after_seconds: retryAfterSeconds(decision.now)
    },
    headers: quotaHeaders(decision)
  }
}

export type JsonRpcId = string | number | null

/** The JSON-RPC error response to the message `id`. */
export const errorResponse = (id: JsonRpcId, refusal: Pick<McpRefusal, "code" | "data">) => ({
  jsonrpc: "2.0" as const,
  id,
  error: { code: refusal.code, message: refusal.data.message, data: refusal.data }
})
