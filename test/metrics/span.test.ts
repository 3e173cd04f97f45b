import { Effect, Layer, Option, References } from "effect"
import { readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { traced } from "../../src/metrics/span.js"

/** The current span's name inside `traced`, and how often its attributes were computed. */
const run = (tracerEnabled: boolean) => {
  let computed = 0
  const inner = Effect.map(Effect.option(Effect.currentSpan), Option.map((span) => ({ name: span.name, attributes: Object.fromEntries(span.attributes) })))
  const result = Effect.runSync(inner.pipe(
    traced("Work.do", () => { computed += 1; return { rows: 3 } }),
    Effect.provide(Layer.succeed(References.TracerEnabled, tracerEnabled))
  ))
  return { span: result, computed }
}

describe("spans only when traces are exported", () => {
  it("with the tracer on, the effect runs in a span of that name carrying its attributes", () => {
    const { span, computed } = run(true)
    expect(Option.getOrNull(span)).toEqual({ name: "Work.do", attributes: { rows: 3 } })
    expect(computed).toBe(1)
  })

  it("with the tracer off (no exporter), no span is made and the attributes are never computed", () => {
    const { span, computed } = run(false)
    expect(Option.isNone(span)).toBe(true)
    expect(computed).toBe(0)
  })

  it("no service makes its spans with Effect's own withSpan/useSpan/makeSpan, which cost even with the tracer off", () => {
    const files = (dir: string): Array<string> =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name)
        return statSync(full).isDirectory() ? files(full) : full.endsWith(".ts") ? [full] : []
      })
    const src = path.resolve(import.meta.dirname, "../../src")
    const offenders = files(src)
      .filter((file) => !file.endsWith(path.join("metrics", "span.ts")) && !file.endsWith(path.join("metrics", "sampledTracer.ts")))
      .filter((file) => /Effect\.(withSpan|useSpan|makeSpan)\b/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(src, file))
    expect(offenders).toEqual([])
  })
})
