import { Effect, References } from "effect"

/**
 * A span named `name` around an effect when this process exports traces (src/metrics/tracing.ts turns the tracer off
 * otherwise); without an exporter, the effect as it is. Effect's own `withSpan` still makes a no-op span, captures a
 * stack trace for it and provides it to the effect's context when the tracer is off: work on every request for spans
 * nobody reads. Attributes are computed only for a span that is made.
 */
export const traced = (name: string, attributes?: () => Record<string, unknown>) =>
<A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.flatMap(References.TracerEnabled, (on) =>
    on
      ? Effect.withSpan(self, name, { captureStackTrace: false, ...(attributes === undefined ? {} : { attributes: attributes() }) })
      : self)
