import { HttpServer } from "effect/http"
// The statements the API runs for a request, recorded from the API itself: the whole HTTP application is built in
// this process over a `pg` pool that notes every statement (text, parameters, and which ran at the same time as
// another), each given request is sent to it over a loopback port one at a time, and what its connections ran while
// it was in flight is kept with the answer's bytes. The same-work floor (sameWorkServer.ts) replays them.
import { NodeHttpServer } from "@effect/platform-node"
import { PgClient } from "@effect/sql-pg"
import { ConfigProvider, Effect, Layer, References } from "effect"
import Pg from "pg"
import { createKybServer } from "../../src/http/edge/nodeServer.js"
import { HttpAppLive } from "../../src/http/Server.js"

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

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown

/** Parameters as JSON can carry them (a Date as its ISO form, which PostgreSQL reads as the same instant). */
const portable = (value: unknown): unknown => {
  if (value instanceof Date) return value.toISOString()
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value
  if (Array.isArray(value)) return value.map(portable)
  throw new Error(`a statement parameter the recording cannot replay: ${Object.prototype.toString.call(value)}`)
}

export const recordStatements = (
  url: string,
  requests: ReadonlyArray<{ readonly method: "GET" | "POST"; readonly path: string; readonly body?: string; readonly fresh?: (answer: string) => ReadonlyArray<string> }>,
  headers: Record<string, string>
) =>
  Effect.gen(function*() {
    let recording = false
    let steps: Array<Array<RecordedStatement>> = []
    // The statements of the current step not answered yet: one that starts while any of them runs joins the step.
    let running = new Set<object>()
    const note = (text: string, values: ReadonlyArray<unknown>): object => {
      const token = {}
      if (!recording) return token
      const statement = { text, values: values.map(portable) }
      if (running.size > 0 && steps.length > 0) steps[steps.length - 1]!.push(statement)
      else {
        steps.push([statement])
        running = new Set()
      }
      running.add(token)
      return token
    }
    const pool = Layer.unwrap(Effect.sync(() =>
      PgClient.layerFromPool({
        acquire: Effect.acquireRelease(
          Effect.sync(() => {
            const p = new Pg.Pool({ connectionString: url, max: 10 })
            p.on("error", () => undefined)
            p.on("connect", (client) => {
              const original = client.query.bind(client) as QueryFn
              const traced: QueryFn = (config, values, callback) => {
                if (typeof config !== "string" || !Array.isArray(values) || typeof callback !== "function") {
                  return original(config, values, callback)
                }
                const token = note(config, values)
                return original(config, values, (error: unknown, result: unknown) => {
                  running.delete(token)
                  ;(callback as (e: unknown, r: unknown) => void)(error, result)
                })
              }
              client.query = traced as typeof client.query
            })
            return p
          }),
          (p) => Effect.promise(() => p.end())
        )
      })
    ))
    const app = HttpAppLive.pipe(
      Layer.provideMerge(NodeHttpServer.layer(createKybServer, { port: 0, host: "127.0.0.1" })),
      Layer.provideMerge(pool),
      Layer.provide(Layer.succeed(References.MinimumLogLevel, "Error")),
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
        steps = []
        recording = true
        const { status, answer } = yield* Effect.promise(send)
        recording = false
        recorded.push({
          method: request.method, path: request.path, ...(request.body === undefined ? {} : { body: request.body }),
          steps, status, answer, fresh: request.fresh?.(answer) ?? []
        })
      }
      return recorded
    }).pipe(Effect.provide(app), Effect.scoped)
  })
