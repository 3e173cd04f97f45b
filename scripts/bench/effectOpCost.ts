// What one Effect operation costs the request path, with the tracer off as in the server: a plain step, a span
// (`Effect.withSpan`, and `Effect.useSpan` as @effect/sql opens one per statement), and the operations that change
// a fiber's context or FiberRefs (providing a service, annotating logs, `Effect.locally`), each run 100,000 times in
// one fiber after a warm-up round. Nanoseconds per operation, CPU-bound, on this process alone.
//
//   npx tsx scripts/bench/effectOpCost.ts [--n 100000]
import { Context, Effect, FiberRef, Layer, List } from "effect"

const argv = process.argv.slice(2)
const n = Number(argv[argv.indexOf("--n") + 1] ?? "100000") || 100_000

const step = Effect.succeed(1)
const Service = Context.GenericTag<string>("bench/Service")
const cases: ReadonlyArray<readonly [string, Effect.Effect<number>]> = [
  ["a plain step", step],
  ["Effect.useSpan", Effect.useSpan("bench", { captureStackTrace: false }, () => step)],
  ["Effect.withSpan", step.pipe(Effect.withSpan("bench", { captureStackTrace: false }))],
  ["Effect.provideService", step.pipe(Effect.provideService(Service, "value"))],
  ["Effect.annotateLogs", step.pipe(Effect.annotateLogs("key", "value"))],
  ["Effect.locally", Effect.locally(step, FiberRef.currentLogSpan, List.empty())]
]

const timeOf = (effect: Effect.Effect<number>) => {
  const loop = Effect.gen(function*() {
    for (let i = 0; i < n; i++) yield* effect
  }).pipe(Effect.provide(Layer.setTracerEnabled(false)))
  Effect.runSync(loop)
  const started = process.hrtime.bigint()
  Effect.runSync(loop)
  return Number(process.hrtime.bigint() - started) / n
}

console.log(`Effect operations, tracer off, ${n} each, node ${process.version}, ${new Date().toISOString()}`)
console.log("| operation | ns per operation |\n|---|---|")
for (const [name, effect] of cases) console.log(`| ${name} | ${timeOf(effect).toFixed(0)} |`)
