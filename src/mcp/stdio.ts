import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js"
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from "@modelcontextprotocol/sdk/types.js"
import { Effect, Either, Layer, type Redacted, Runtime } from "effect"
import { ApiKeys } from "../access/ApiKeys.js"
import { Quota } from "../access/Quota.js"
import type { ApiKeyIdentity } from "../api/security.js"
import { Awards } from "../awards/Awards.js"
import { Checks } from "../checks/Checks.js"
import { CompanyLookup } from "../companies/CompanyLookup.js"
import { CompanyRepo } from "../companies/CompanyRepo.js"
import { Decisions } from "../decisions/Decisions.js"
import { Screener } from "../sanctions/Screener.js"
import { CompanySearchLive } from "../search/CompanySearch.js"
import { Verifier } from "../verify/Verifier.js"
import { errorResponse } from "./errors.js"
import { admit } from "./gate.js"
import { makeMcpServer } from "./server.js"
import type { ToolServices } from "./tools.js"

/** What the tools and the admission need (over a SqlClient): the /v1 services, without the server's background work. */
export const McpServicesLive = Layer.mergeAll(ApiKeys.Default, Quota.Default, CompanyLookup.Default, Awards.Default).pipe(
  Layer.provideMerge(Checks.Default),
  Layer.provideMerge(Layer.merge(Verifier.Default, Decisions.Default)),
  Layer.provideMerge(Layer.mergeAll(CompanyRepo.Default, CompanySearchLive, Screener.Default))
)

type Gate = (message: JSONRPCMessage) => Promise<JSONRPCMessage | "pass" | "drop">

/** A transport whose every incoming message is admitted first, in arrival order; a refused request is answered here. */
class AdmittingTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void
  private queue: Promise<void> = Promise.resolve()

  constructor(private readonly inner: Transport, private readonly gate: Gate) {}

  start() {
    this.inner.onclose = () => this.onclose?.()
    this.inner.onerror = (error) => this.onerror?.(error)
    this.inner.onmessage = (message, extra) => {
      this.queue = this.queue.then(async () => {
        const verdict = await this.gate(message)
        if (verdict === "pass") this.onmessage?.(message, extra)
        else if (verdict !== "drop") await this.inner.send(verdict)
      }).catch((error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))))
    }
    return this.inner.start()
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions) {
    return this.inner.send(message, options)
  }

  close() {
    return this.inner.close()
  }
}

/**
 * `kyb mcp`: the MCP server on standard input and output, for a desktop agent that starts it as a process. Each
 * message is admitted as over HTTP (the key in KYB_API_KEY; tool calls counted, writes need `read_write`). Ends when
 * standard input closes.
 */
export const serveStdio = (secret: Redacted.Redacted<string> | undefined) =>
  Effect.gen(function*() {
    const runtime = yield* Effect.runtime<ApiKeys | Quota | ToolServices>()
    const run = Runtime.runPromise(runtime)
    const admitted = new Map<RequestId, ApiKeyIdentity>()
    const gate: Gate = async (message) => {
      const id = "id" in message ? message.id : undefined
      const isRequest = "method" in message && id !== undefined
      if (!("method" in message)) return "pass"
      const outcome = await run(Effect.either(admit(secret, message)))
      if (Either.isLeft(outcome)) return isRequest ? errorResponse(id, outcome.left) as JSONRPCMessage : "drop"
      if (isRequest) admitted.set(id, outcome.right.identity)
      return "pass"
    }
    const server = makeMcpServer(run, (id) => {
      const key = admitted.get(id)
      admitted.delete(id)
      return key
    })
    const stdin = process.stdin
    const transport = new AdmittingTransport(new StdioServerTransport(stdin, process.stdout), gate)
    yield* Effect.acquireRelease(Effect.promise(() => server.connect(transport)), () => Effect.promise(() => server.close()))
    yield* Effect.async<void>((resume) => {
      const done = () => resume(Effect.void)
      stdin.once("end", done)
      stdin.once("close", done)
      return Effect.sync(() => {
        stdin.off("end", done)
        stdin.off("close", done)
      })
    })
  }).pipe(Effect.scoped)
