import { Context, Effect, Option, Tracer } from "effect"
import { describe, expect, it } from "vitest"
import { sampledTracer } from "../../src/metrics/sampledTracer.js"

/** A tracer that records the names of the spans it is asked to make. */
const recording = () => {
  const made: Array<string> = []
  const tracer = Tracer.make({
    span: (options) => {
      made.push(options.name)
      return Tracer.nativeTracer.span(options)
    }
  })
  return { made, tracer }
}

const trace = (tracer: Tracer.Tracer) =>
  Effect.runSync(Effect.succeed(1).pipe(
    Effect.withSpan("child"),
    Effect.withSpan("root"),
    Effect.provideService(Tracer.Tracer, tracer)
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
    const span = sampledTracer(tracer, 1).span({
      name: "x", parent: Option.some(parent), annotations: Context.empty(), links: [], startTime: 0n, kind: "server", root: false, sampled: true
    })
    expect(span.sampled).toBe(false)
    expect(made).toEqual([])
  })
})
