import { Option, Tracer } from "effect"

/**
 * Parent-based trace-id-ratio sampling over `tracer`: a trace's root is sampled with probability `ratio`, and every
 * span under it follows its root's decision (a caller's `traceparent` decides for the trace it continues), so a
 * trace is exported whole or not at all. An unsampled span is Effect's own in-memory span, marked unsampled: it never
 * reaches `tracer`, and neither do its children.
 */
export const sampledTracer = (tracer: Tracer.Tracer, ratio: number, random: () => number = Math.random): Tracer.Tracer =>
  Tracer.make({
    span(options) {
      const sampled = Option.isSome(options.parent)
        ? options.parent.value.sampled
        : ratio >= 1 || (ratio > 0 && random() < ratio)
      return sampled ? tracer.span(options) : Tracer.nativeTracer.span({ ...options, sampled: false })
    },
    ...(tracer.context === undefined ? {} : { context: tracer.context })
  })
