import { type Context, type Exit, Option, Tracer } from "effect"

/** A span that was not sampled: it records nothing and is never exported; its children are not sampled either. */
class UnsampledSpan implements Tracer.Span {
  readonly _tag = "Span"
  readonly sampled = false
  readonly spanId: string
  readonly traceId: string
  readonly attributes: ReadonlyMap<string, unknown> = new Map()
  readonly links: ReadonlyArray<Tracer.SpanLink> = []
  status: Tracer.SpanStatus
  constructor(
    readonly name: string,
    readonly parent: Option.Option<Tracer.AnySpan>,
    readonly context: Context.Context<never>,
    startTime: bigint,
    readonly kind: Tracer.SpanKind
  ) {
    this.traceId = Option.isSome(parent) ? parent.value.traceId : "unsampled"
    this.spanId = "unsampled"
    this.status = { _tag: "Started", startTime }
  }
  end(endTime: bigint, exit: Exit.Exit<unknown, unknown>): void {
    this.status = { _tag: "Ended", startTime: this.status.startTime, endTime, exit }
  }
  attribute(): void {}
  event(): void {}
  addLinks(): void {}
}

/**
 * Parent-based trace-id-ratio sampling over `tracer`: a trace's root is sampled with probability `ratio`, and every
 * span under it follows its root's decision (a caller's `traceparent` decides for the trace it continues), so a
 * trace is exported whole or not at all.
 */
export const sampledTracer = (tracer: Tracer.Tracer, ratio: number, random: () => number = Math.random): Tracer.Tracer =>
  Tracer.make({
    span: (name, parent, context, links, startTime, kind, options) => {
      const sampled = Option.isSome(parent) ? parent.value.sampled : ratio >= 1 || (ratio > 0 && random() < ratio)
      return sampled
        ? tracer.span(name, parent, context, links, startTime, kind, options)
        : new UnsampledSpan(name, parent, context, startTime, kind)
    },
    context: (f, fiber) => tracer.context(f, fiber)
  })
