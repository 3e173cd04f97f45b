import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js"
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from "@modelcontextprotocol/sdk/types.js"
import { Effect, Result, Layer, type Redacted } from "effect"
import type { Readable, Writable } from "node:stream"
import { ApiKeys } from "../access/ApiKeys.js"
import { Quota } from "../access/Quota.js"
import type { ApiKeyIdentity } from "../api/security.js"
import { Awards } from "../awards/Awards.js"
import { Batches } from "../batch/Batches.js"
import { Checks } from "../checks/Checks.js"
import { Screening } from "../screening/Screening.js"
import { CompanyLookup } from "../companies/CompanyLookup.js"
import { CompanyRepo } from "../companies/CompanyRepo.js"
import { Decisions } from "../decisions/Decisions.js"
import { Monitors } from "../monitoring/Monitors.js"
import { RegistryCoverageService } from "../registries/RegistryCoverageService.js"
import { Screener } from "../sanctions/Screener.js"
import { CompanySearchLive } from "../search/CompanySearch.js"
import { Verifier } from "../verify/Verifier.js"
import { Cases } from "../cases/Cases.js"
import { idOf, type JsonRpcError, readText } from "./envelope.js"
import { errorResponse } from "./errors.js"
import { admit } from "./gate.js"
import { makeMcpServer, paramsProblem } from "./server.js"
import type { ToolServices } from "./tools.js"
import { CaseFiles } from "../cases/CaseFiles.js"

/**
 * What the tools and the admission need (over a SqlClient): the /v1 services. Batches and Monitors bring their
 * workers (batch jobs, re-screening, webhook deliveries), which share their work with any server on the same database.
 */
export const McpServicesLive = Layer.mergeAll(
  ApiKeys.Default, Quota.Default, CompanyLookup.Default, Awards.Default, Batches.Default, Monitors.Default, RegistryCoverageService.Default, Cases.Default, CaseFiles.Default
).pipe(
  Layer.provideMerge(Layer.merge(Checks.Default, Screening.Default)),
  Layer.provideMerge(Layer.merge(Verifier.Default, Decisions.Default)),
  Layer.provideMerge(Layer.mergeAll(CompanyRepo.Default, CompanySearchLive, Screener.Default))
)

/** What becomes of one line: a message for the server, or the JSON-RPC answer given in its place (or nothing). */
type Gate = (line: string) => Promise<{ readonly pass: JSONRPCMessage } | { readonly answer: JsonRpcError } | null>

/**
 * Newline-delimited JSON-RPC on a pair of streams, each line read in arrival order through the gate. Unlike the SDK's
 * stdio transport (which drops a line it cannot parse, leaving the client waiting), every line that is not a message
 * is answered with a JSON-RPC error; nothing but JSON-RPC is ever written to the output. When the input ends, every
 * request already read is still answered (`finished`): a client may write its requests and close at once.
 */
class LineTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void
  private queue: Promise<void> = Promise.resolve()
  private pending = ""
  /** Requests handed to the server and not yet answered. */
  private readonly unanswered = new Set<RequestId>()
  /** The input has ended and every line it held has gone through the gate. */
  private inputRead = false
  private settle: () => void = () => {}
  /** Resolves once the input has ended, every line read has gone through the gate and every request is answered. */
  readonly finished = new Promise<void>((resolve) => {
    this.settle = resolve
  })

  constructor(private readonly input: Readable, private readonly output: Writable, private readonly gate: Gate) {}

  start() {
    this.input.setEncoding("utf8")
    this.input.on("data", (chunk: string) => {
      this.pending += chunk
      let end: number
      while ((end = this.pending.indexOf("\n")) >= 0) {
        const line = this.pending.slice(0, end).replace(/\r$/, "")
        this.pending = this.pending.slice(end + 1)
        if (line.trim() !== "") this.enqueue(line)
      }
    })
    this.input.on("error", (error: Error) => this.onerror?.(error))
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      void this.queue.then(() => {
        this.inputRead = true
        this.settleIfDone()
      })
    }
    this.input.once("end", end)
    this.input.once("close", end)
    return Promise.resolve()
  }

  private settleIfDone() {
    if (this.inputRead && this.unanswered.size === 0) this.settle()
  }

  private enqueue(line: string) {
    this.queue = this.queue.then(async () => {
      const outcome = await this.gate(line)
      if (outcome === null) return
      if ("pass" in outcome) {
        const message = outcome.pass as { readonly method?: unknown; readonly id?: RequestId }
        if (message.method !== undefined && message.id !== undefined) this.unanswered.add(message.id)
        this.onmessage?.(outcome.pass)
      } else await this.write(outcome.answer)
    }).catch((error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))))
  }

  private write(message: unknown) {
    return new Promise<void>((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve()
      else this.output.once("drain", () => resolve())
    })
  }

  async send(message: JSONRPCMessage, _options?: TransportSendOptions) {
    await this.write(message)
    const answered = message as { readonly method?: unknown; readonly id?: RequestId }
    if (answered.method === undefined && answered.id !== undefined && this.unanswered.delete(answered.id)) this.settleIfDone()
  }

  close() {
    this.input.pause()
    this.onclose?.()
    return Promise.resolve()
  }
}

/**
 * `kyb mcp`: the MCP server on standard input and output, for a desktop agent that starts it as a process. Each line
 * is read as /mcp reads a body (the same refusals, in the same words), then admitted as over HTTP (the key in
 * KYB_API_KEY; tool calls counted, writes need `read_write`). Ends when standard input closes and every request read is answered.
 */
export const serveStdio = (secret: Redacted.Redacted<string> | undefined) =>
  Effect.gen(function*() {
    const services = yield* Effect.context<ApiKeys | Quota | ToolServices>()
    const run = Effect.runPromiseWith(services)
    const admitted = new Map<RequestId, ApiKeyIdentity>()
    const gate: Gate = async (line) => {
      const reading = readText(line)
      if (reading._tag === "refused") return { answer: reading.reply }
      const message = reading.message
      if (!("method" in message)) return { pass: message as JSONRPCMessage }
      const isRequest = "id" in message
      const problem = paramsProblem(message)
      if (problem !== undefined) return { answer: problem }
      const outcome = await run(Effect.result(admit(secret, message)))
      if (Result.isFailure(outcome)) return isRequest ? { answer: errorResponse(idOf(message), outcome.failure) as JsonRpcError } : null
      if (isRequest) admitted.set(message["id"] as RequestId, outcome.success.identity)
      return { pass: message as JSONRPCMessage }
    }
    const server = makeMcpServer(run, (id) => {
      const key = admitted.get(id)
      admitted.delete(id)
      return key
    })
    const transport = new LineTransport(process.stdin, process.stdout, gate)
    yield* Effect.acquireRelease(Effect.promise(() => server.connect(transport)), () => Effect.promise(() => server.close()))
    yield* Effect.promise(() => transport.finished)
  }).pipe(Effect.scoped)
