import { Effect, Layer, Option, Tracer } from "effect"
import { describe, expect, it } from "vitest"
import { sampledTracer } from "../../src/metrics/sampledTracer.js"

const native = Effect.runSync(Effect.tracer)

/** A tracer that records the names of the spans it is asked to make. */
const recording = () => {
  const made: Array<string> = []
  const tracer = Tracer.make({
    span: (name, parent, context, links, startTime, kind) => {
      made.push(name)
      return native.span(name, parent, context, links, startTime, kind)
    },
    context: (f) => f()
  })
  return { made, tracer }
}

const trace = (tracer: Tracer.Tracer) =>
  Effect.runSync(Effect.succeed(1).pipe(
    Effect.withSpan("child"),
    Effect.withSpan("root"),
    Effect.provide(Layer.setTracer(tracer))
  ))

describe("parent-based ratio sampling", () => {
  it("a sampled root's children are sampled; an unsampled root's are not, and nothing of it reaches the tracer", () => {
    const draws = [0.05, 0.5]
    const { made, tracer } = recording()
    const sampled = sampledTracer(tracer, 0.1, () => draws.shift() ?? 1)
    trace(sampled)
    expect(made).toEqual(["root", "child"])
    trace(sampled)
    expect(made).toEqual(["root", "child"])
  })

  it("ratio 1 keeps every trace without drawing, ratio 0 none", () => {
    const all = recording()
    trace(sampledTracer(all.tracer, 1, () => { throw new Error("drew") }))
    expect(all.made).toEqual(["root", "child"])
    const none = recording()
    trace(sampledTracer(none.tracer, 0, () => 0))
    expect(none.made).toEqual([])
  })

  it("a caller's unsampled parent (traceparent with the flag off) keeps the trace out", () => {
    const { made, tracer } = recording()
    const parent = Tracer.externalSpan({ traceId: "a".repeat(32), spanId: "b".repeat(16), sampled: false })
    const span = sampledTracer(tracer, 1).span("x", Option.some(parent), parent.context, [], 0n, "server")
    expect(span.sampled).toBe(false)
    expect(made).toEqual([])
  })
})
