import { Option, Tracer } from "effect"

/**
 * Parent-based trace-id-ratio sampling over `tracer`: a trace's root is sampled with probability `ratio`, and every
 * span under it follows its root's decision (a caller's `traceparent` decides for the trace it continues), so a
 * trace is exported whole or not at all. The OTLP tracer exports sampled spans only.
 */
export const sampledTracer = (tracer: Tracer.Tracer, ratio: number, random: () => number = Math.random): Tracer.Tracer =>
  Tracer.make({
    span(options) {
      const sampled = Option.isSome(options.parent)
        ? options.parent.value.sampled
        : ratio >= 1 || (ratio > 0 && random() < ratio)
      return tracer.span({ ...options, sampled })
    },
    ...(tracer.context === undefined ? {} : { context: tracer.context })
  })
