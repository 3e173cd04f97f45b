import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer, Option, References, Tracer } from "effect"
import { Statement } from "effect/sql"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { bearer, call } from "../support/http.js"
import { requestStatements, syntheticZaCompany } from "../support/requestStatements.js"
import { makeTestServer, TestServer } from "../support/server.js"

// Every span the server makes, kept in memory (no exporter: nothing leaves the process).
const made: Array<Tracer.Span> = []
const recordingTracer = Tracer.make({
  span: (options) => {
    const span = Tracer.nativeTracer.span(options)
    made.push(span)
    return span
  }
})

const statements = requestStatements()

/** Whether `span` hangs under `root`, however deep. */
const under = (span: Tracer.Span, root: Tracer.Span) => {
  let parent = span.parent
  while (Option.isSome(parent)) {
    if (parent.value === root) return true
    parent = parent.value._tag === "Span" ? parent.value.parent : Option.none()
  }
  return false
}

const company = syntheticZaCompany("1994/009585/06", "Span Parent Test Holdings Limited (synthetic)")

/**
 * src/db/pool.ts runs sql-pg's checkout under the pool's own context, not the request's: the spans of the request's
 * statements (and of its transaction's) must still be in the request's trace, under the request's span.
 */
describe("the spans of a request's statements", () => {
  const server = makeTestServer({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9" }).pipe(
    Layer.provide(Layer.mergeAll(
      Layer.succeed(Tracer.Tracer, recordingTracer),
      Layer.succeed(References.TracerEnabled, true),
      Layer.succeed(Statement.CurrentTransformer, statements.transformer)
    ))
  )
  layer(server, { timeout: "240 seconds", excludeTestServices: true })((it) => {
    it.effect("are children of the request's span, in its trace, one per statement run: a record read and a verification (a transaction)", () =>
      Effect.gen(function*() {
        const { url, newKey } = yield* TestServer
        yield* (yield* CompanyWriter).upsertBatch([company]).pipe(Effect.orDie)
        const headers = bearer(yield* newKey({ plan: "unlimited" }))
        for (const route of ["/v1/company/ZA/1994%2F009585%2F06", "/v1/verify?country=ZA&registration_no=1994%2F009585%2F06"]) {
          const requestId = `statement-spans-${route.split("?")[0]!.split("/")[2]}`
          made.length = 0
          const reply = yield* statements.during(Effect.promise(() => call(`${url}${route}`, { headers: { ...headers, "x-request-id": requestId } })))
          const noted = statements.noted
          assert.strictEqual(reply.status, 200, reply.text)

          const root = made.find((s) => s.kind === "server" && s.attributes.get("request_id") === requestId)
          assert.isDefined(root, made.map((s) => s.name).join(", "))
          const statementSpans = made.filter((s) => s.attributes.has("db.query.text") && s.attributes.get("request_id") === requestId)
          assert.isAbove(noted.length, 0)
          assert.deepStrictEqual(statementSpans.map((s) => String(s.attributes.get("db.query.text"))).sort(), [...noted].sort(), route)
          for (const s of statementSpans) {
            assert.strictEqual(s.traceId, root!.traceId, String(s.attributes.get("db.query.text")))
            assert.isTrue(under(s, root!), `${String(s.attributes.get("db.query.text"))} is not under the request's span`)
          }
          // no statement span of this request is outside its trace (a span made under another context would be)
          const elsewhere = made.filter((s) => s.attributes.has("db.query.text") && s.traceId !== root!.traceId && noted.includes(String(s.attributes.get("db.query.text"))))
          assert.deepStrictEqual(elsewhere.map((s) => s.attributes.get("db.query.text")), [])
        }
      }))
  })
})
