import { Tracer } from "effect"
import type { Exit } from "effect"

/** One SQL statement's round trip, as effect/sql spans it (a span with the statement's `db.query.text`). */
export interface StatementTime {
  readonly text: string
  readonly ms: number
}

/**
 * A tracer that records every SQL statement's duration (from the statement spans of effect/sql), for
 * benchmarks that break a request's time down by statement. Other spans are kept only as parents.
 */
export const statementTimer = () => {
  const recorded: Array<StatementTime> = []
  let next = 0
  const tracer = Tracer.make({
    span({ annotations, kind, links, name, parent, startTime }) {
      const attributes = new Map<string, unknown>()
      let status: Tracer.SpanStatus = { _tag: "Started", startTime }
      const span: Tracer.Span = {
        _tag: "Span",
        name,
        spanId: String(next++),
        traceId: "statements",
        parent,
        annotations,
        get status() {
          return status
        },
        attributes,
        links,
        sampled: true,
        kind,
        end(endTime: bigint, exit: Exit.Exit<unknown, unknown>) {
          status = { _tag: "Ended", startTime, endTime, exit }
          const text = attributes.get("db.query.text")
          if (typeof text !== "string") return
          recorded.push({ text, ms: Number(endTime - startTime) / 1e6 })
        },
        attribute(key, value) {
          attributes.set(key, value)
        },
        event() {},
        addLinks() {}
      }
      return span
    }
  })
  /** The statements recorded since the last call, oldest first. */
  const take = (): ReadonlyArray<StatementTime> => recorded.splice(0, recorded.length)
  return { tracer, take }
}
