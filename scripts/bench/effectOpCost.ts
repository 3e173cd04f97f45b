// What one Effect operation costs the request path, with the tracer off as in the server: a plain step, a span
// (`Effect.withSpan`, and `Effect.useSpan` as @effect/sql opens one per statement), and the operations that change
// a fiber's context or references (providing a service, annotating logs, providing a reference), and two steps at once
// (`Effect.all` with concurrency 2, against `atOnce`'s fork and join), each run 100,000 times in one fiber after a
// warm-up round. Nanoseconds per operation, CPU-bound, on this process alone.
//
//   npx tsx scripts/bench/effectOpCost.ts [--n 100000]
import { Context, Effect, Layer, References } from "effect"
import { atOnce } from "../../src/db/atOnce.js"

const argv = process.argv.slice(2)
const n = Number(argv[argv.indexOf("--n") + 1] ?? "100000") || 100_000

const step = Effect.succeed(1)
const Service = Context.Service<string>("bench/Service")
const cases: ReadonlyArray<readonly [string, Effect.Effect<number>]> = [
  ["a plain step", step],
  ["Effect.useSpan", Effect.useSpan("bench", () => step)],
  ["Effect.withSpan", step.pipe(Effect.withSpan("bench", undefined, { captureStackTrace: false }))],
  ["Effect.provideService", step.pipe(Effect.provideService(Service, "value"))],
  ["Effect.annotateLogs", step.pipe(Effect.annotateLogs("key", "value"))],
  ["Effect.provideService of a reference", step.pipe(Effect.provideService(References.CurrentLogSpans, []))],
  ["Effect.all, two steps, concurrency 2", Effect.as(Effect.all([step, step], { concurrency: 2 }), 1)],
  ["atOnce, two steps (fork, run, join)", Effect.as(atOnce(step, step), 1)]
]

const timeOf = (effect: Effect.Effect<number>) => {
  const loop = Effect.gen(function*() {
    for (let i = 0; i < n; i++) yield* effect
  }).pipe(Effect.provide(Layer.succeed(References.TracerEnabled, false)))
  Effect.runSync(loop)
  const started = process.cpuUsage()
  Effect.runSync(loop)
  const used = process.cpuUsage(started)
  return (used.user + used.system) * 1000 / n
}

console.log(`Effect operations, tracer off, ${n} each, node ${process.version}, ${new Date().toISOString()}`)
console.log("| operation | ns of CPU per operation |\n|---|---|")
for (const [name, effect] of cases) console.log(`| ${name} | ${timeOf(effect).toFixed(0)} |`)
