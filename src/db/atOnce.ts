import { Effect, Fiber } from "effect"

/**
 * Two effects at once (two statements on two connections), both results in order; the first failure fails it and
 * interrupts the other. `Effect.all([a, b], { concurrency: 2 })` does the same through its general machinery (a
 * scope, a latch and a fiber per element): 60-100 µs of CPU per call on this service's machine against 10-20 µs for
 * this fork and join (`scripts/bench/effectOpCost.ts`), and an unresolved name's verification made four such calls.
 */
export const atOnce = <A, E, R, B, E2, R2>(
  first: Effect.Effect<A, E, R>,
  second: Effect.Effect<B, E2, R2>
): Effect.Effect<readonly [A, B], E | E2, R | R2> =>
  Effect.flatMap(Effect.forkChild(first), (forked) =>
    Effect.matchCauseEffect(second, {
      onFailure: (cause) => Effect.andThen(Fiber.interrupt(forked), Effect.failCause(cause)),
      onSuccess: (b) => Effect.map(Fiber.join(forked), (a) => [a, b] as const)
    }))
