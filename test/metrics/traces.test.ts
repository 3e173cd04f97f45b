import { createServer, type Server } from "node:http"
import { describe, expect, it } from "vitest"
import { cliDatabase, kyb } from "../support/cliProcess.js"
import { startServerProcess } from "../support/serverProcess.js"

interface OtlpSpan {
  readonly traceId: string
  readonly spanId: string
  readonly parentSpanId?: string
  readonly name: string
  readonly attributes: ReadonlyArray<{ readonly key: string; readonly value: Record<string, unknown> }>
}

/** A small OTLP/HTTP (JSON) receiver on 127.0.0.1: keeps every span it is sent. */
const startReceiver = async () => {
  const spans: Array<OtlpSpan> = []
  const paths: Array<string> = []
  const server: Server = createServer((request, response) => {
    let body = ""
    request.on("data", (c: Buffer) => (body += c.toString()))
    request.on("end", () => {
      paths.push(`${request.method} ${request.url} ${request.headers["content-type"]}`)
      const parsed = JSON.parse(body) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: Array<OtlpSpan> }> }> }
      for (const r of parsed.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans)
      response.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  return { url: `http://127.0.0.1:${port}`, spans, paths, close: () => new Promise<void>((r) => server.close(() => r())) }
}

const attribute = (span: OtlpSpan, key: string): string | undefined => {
  const value = span.attributes.find((a) => a.key === key)?.value["stringValue"]
  return typeof value === "string" ? value : undefined
}

describe("traces over OTLP (OTEL_EXPORTER_OTLP_ENDPOINT)", () => {
  it("one verification: the request, resolver, screener and SQL spans, in one trace, each with the request id", async () => {
    const receiver = await startReceiver()
    const database = await cliDatabase()
    const server = await startServerProcess({ ...database.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_TRACES_SAMPLER_ARG: "1" }, { ready: false })
    try {
      // The embedded database's start and migrations are slow on a busy machine: more time than the default.
      await server.waitFor(/Listening on/, 300_000)
      const created = await kyb(["keys", "create", "--plan", "unlimited"], database.env)
      const secret = /kyb_live_[A-Za-z0-9_-]+/.exec(`${created.stdout}${created.stderr}`)?.[0]
      expect(secret, created.stderr).toBeDefined()
      const requestId = "trace-test-verification-1"
      const reply = await fetch(`${server.url}/v1/verify?country=ZA&registration_no=2011/000045/07`, {
        headers: { authorization: `Bearer ${secret}`, "x-request-id": requestId }
      })
      expect(reply.status).toBe(200)
      expect(reply.headers.get("x-request-id")).toBe(requestId)
      const ofRequest = () => receiver.spans.filter((s) => attribute(s, "request_id") === requestId)
      const deadline = Date.now() + 30_000
      // The server's span is named by the request's method (OpenTelemetry's HTTP conventions), a statement's span by
      // its database, and carries the statement's text.
      const isRoot = (s: { readonly name: string }) => s.name === "GET"
      const isStatement = (s: Parameters<typeof attribute>[0]) => attribute(s, "db.query.text") !== undefined
      while (!ofRequest().some(isRoot) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250))
      }
      const spans = ofRequest()
      const names = spans.map((s) => s.name)
      expect(receiver.paths[0], receiver.paths.join("\n")).toMatch(/^POST \/v1\/traces application\/json/)
      const root = spans.find(isRoot)
      expect(root, names.join(", ")).toBeDefined()
      expect(names).toEqual(expect.arrayContaining(["Verifier.verify", "Resolver.byNumber", "Screener.screen"]))
      // One trace: every span of the request shares the root's trace id and hangs under a span of it.
      expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([root!.traceId]))
      const ids = new Set(spans.map((s) => s.spanId))
      for (const s of spans) if (s !== root) expect(ids.has(s.parentSpanId ?? ""), `${s.name} has no parent in the trace`).toBe(true)
      // The statements are the ones run, parameters apart (values are never in the text).
      const statements = spans.filter(isStatement).map((s) => attribute(s, "db.query.text") ?? "")
      expect(statements.length).toBeGreaterThan(0)
      expect(statements.some((t) => t.includes("2011/000045/07"))).toBe(false)
      // Spans of other requests (the key's admission aside) carry their own ids, never this one.
      expect(receiver.spans.filter((s) => s.traceId === root!.traceId).every((s) => attribute(s, "request_id") === requestId)).toBe(true)
    } finally {
      await server.stop()
      await database.close()
      await receiver.close()
    }
  }, 480_000)
})
