import * as HttpServer from "effect/http/HttpServer"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
// The statements the API runs for a request, recorded from the API itself: the whole HTTP application is built in
// this process with a statement transformer (effect/sql's CurrentTransformer) that notes every statement it runs
// (text, parameters, and which ran at the same time as another, from the statement's span), each given request is
// sent to it over a loopback port one at a time, and what it ran while in flight is kept with the answer's bytes.
// The same-work floors (sameWorkServer.ts, effectSameWorkServer.ts) replay them.
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { ConfigProvider, Context, Effect, Layer, Option, Redacted, References, type Tracer } from "effect"
import { Statement } from "effect/sql"
import { createKybServer } from "../../src/http/edge/nodeServer.js"
import { HttpAppLive } from "../../src/http/Server.js"
import { pgLayer } from "../../src/db/Database.js"

export interface RecordedStatement {
  readonly text: string
  readonly values: ReadonlyArray<unknown>
}

export interface RecordedRequest {
  readonly method: "GET" | "POST"
  readonly path: string
  readonly body?: string
  /** Steps in order; the statements of one step ran at the same time (on separate connections). */
  readonly steps: ReadonlyArray<ReadonlyArray<RecordedStatement>>
  readonly status: number
  readonly answer: string
  /** A value made fresh per request (a check's id), replaced by a new one on each replay. */
  readonly fresh: ReadonlyArray<string>
}

/** Parameters as JSON can carry them (a Date as its ISO form, which PostgreSQL reads as the same instant). */
const portable = (value: unknown): unknown => {
  if (value instanceof Date) return value.toISOString()
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value
  if (Array.isArray(value)) return value.map(portable)
  throw new Error(`a statement parameter the recording cannot replay: ${Object.prototype.toString.call(value)}`)
}

interface Noted {
  readonly statement: RecordedStatement
  readonly span: Tracer.Span
}

/**
 * Steps from the statements' spans, in the order they started: a statement that starts before every statement of
 * the current step has ended joins it (it ran at the same time, on another connection); otherwise it starts the next.
 */
const stepsOf = (noted: ReadonlyArray<Noted>): Array<Array<RecordedStatement>> => {
  const steps: Array<Array<RecordedStatement>> = []
  let lastEnd = -1n
  for (const { span, statement } of noted) {
    const start = span.status.startTime
    const end = span.status._tag === "Ended" ? span.status.endTime : start
    if (steps.length > 0 && start < lastEnd) {
      steps[steps.length - 1]!.push(statement)
      if (end > lastEnd) lastEnd = end
    } else {
      steps.push([statement])
      lastEnd = end
    }
  }
  return steps
}

export const recordStatements = (
  url: string,
  requests: ReadonlyArray<{ readonly method: "GET" | "POST"; readonly path: string; readonly body?: string; readonly fresh?: (answer: string) => ReadonlyArray<string> }>,
  headers: Record<string, string>
) =>
  Effect.gen(function*() {
    let recording = false
    let noted: Array<Noted> = []
    // Only the request's own statements (its fiber holds the request): a background job (the webhook deliveries'
    // poll) may run one of its own while a request is recorded, which the floors must not replay.
    const transformer: Statement.Transformer = (self, _sql, fiber, span) =>
      Effect.sync(() => {
        if (recording && Option.isSome(Context.getOption(fiber.context, HttpServerRequest.HttpServerRequest))) {
          const [text, values] = self.compile()
          noted.push({ statement: { text, values: values.map(portable) }, span })
        }
        return self
      })
    const pool = pgLayer({ url: Redacted.make(url), maxConnections: 10 })
    const app = HttpAppLive.pipe(
      Layer.provideMerge(NodeHttpServer.layer(createKybServer, { port: 0, host: "127.0.0.1" })),
      Layer.provideMerge(pool),
      Layer.provide(Layer.succeed(References.MinimumLogLevel, "Error")),
      // Spans on (the native tracer, nothing exported): each statement's start and end come from its span.
      Layer.provide(Layer.succeed(References.TracerEnabled, true)),
      Layer.provide(Layer.succeed(Statement.CurrentTransformer, transformer)),
      Layer.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({ KYB_REGISTRY_LIVE: "none" })))
    )
    return yield* Effect.gen(function*() {
      const server = yield* HttpServer.HttpServer
      if (server.address._tag === "UnixPathAddress") return yield* Effect.die("expected a TCP address")
      const base = `http://127.0.0.1:${server.address.port}`
      const recorded: Array<RecordedRequest> = []
      for (const request of requests) {
        const send = () =>
          fetch(base + request.path, {
            method: request.method, headers: { ...headers, ...(request.body === undefined ? {} : { "content-type": "application/json" }) },
            ...(request.body === undefined ? {} : { body: request.body })
          }).then(async (r) => ({ status: r.status, answer: await r.text() }))
        // Twice first, so that what the server loads once (plans, caches) is not in the recording.
        yield* Effect.promise(send)
        yield* Effect.promise(send)
        noted = []
        recording = true
        const { status, answer } = yield* Effect.promise(send)
        recording = false
        const steps = stepsOf(noted.sort((a, b) => (a.span.status.startTime < b.span.status.startTime ? -1 : 1)))
        recorded.push({
          method: request.method, path: request.path, ...(request.body === undefined ? {} : { body: request.body }),
          steps, status, answer, fresh: request.fresh?.(answer) ?? []
        })
      }
      return recorded
    }).pipe(Effect.provide(app), Effect.scoped)
  })
