import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect, Exit, Fiber } from "effect"
import { atOnce } from "../../src/db/atOnce.js"
import { readOwnWrites, readsOwnWrites, withOwnWrites } from "../../src/db/ReadSql.js"

describe("two effects at once", () => {
  it.effect("runs both at the same time and gives both results in order", () =>
    Effect.gen(function*() {
      const firstStarted = yield* Deferred.make<void>()
      const secondStarted = yield* Deferred.make<void>()
      // Each waits for the other to have started: run one after the other, this would never end.
      const first = Effect.andThen(Deferred.succeed(firstStarted, undefined), Effect.as(Deferred.await(secondStarted), "a"))
      const second = Effect.andThen(Deferred.succeed(secondStarted, undefined), Effect.as(Deferred.await(firstStarted), 2))
      assert.deepStrictEqual(yield* atOnce(first, second), ["a", 2])
    }))

  it.effect("a failure of the second fails it and interrupts the first", () =>
    Effect.gen(function*() {
      const firstEnded = yield* Deferred.make<"interrupted">()
      const started = yield* Deferred.make<void>()
      const first = Effect.andThen(Deferred.succeed(started, undefined), Effect.never).pipe(
        Effect.onInterrupt(() => Deferred.succeed(firstEnded, "interrupted"))
      )
      const second = Effect.andThen(Deferred.await(started), Effect.fail("second failed" as const))
      const exit = yield* Effect.exit(atOnce(first, second))
      assert.deepStrictEqual(exit, Exit.fail("second failed"))
      assert.strictEqual(yield* Deferred.await(firstEnded), "interrupted")
    }))

  it.effect("a failure of the first fails it once the second has ended", () =>
    Effect.gen(function*() {
      let secondRan = false
      const exit = yield* Effect.exit(atOnce(Effect.fail("first failed" as const), Effect.sync(() => (secondRan = true))))
      assert.deepStrictEqual(exit, Exit.fail("first failed"))
      assert.isTrue(secondRan)
    }))

  it.effect("interrupting the caller interrupts both", () =>
    Effect.gen(function*() {
      const ended = yield* Deferred.make<void>()
      const bothStarted = yield* Deferred.make<void>()
      let interrupted = 0
      const hang = (signal: boolean) =>
        Effect.andThen(signal ? Deferred.succeed(bothStarted, undefined) : Effect.void, Effect.never).pipe(
          Effect.onInterrupt(() => Effect.sync(() => ++interrupted))
        )
      const fiber = yield* Effect.forkChild(Effect.ensuring(atOnce(hang(false), hang(true)), Deferred.succeed(ended, undefined)))
      yield* Deferred.await(bothStarted)
      yield* Effect.yieldNow
      yield* Fiber.interrupt(fiber)
      yield* Deferred.await(ended)
      assert.strictEqual(interrupted, 2)
    }))

  // Effect 4 has no FiberRef (whose value a joined fiber handed back to its parent): the state that must come back
  // from the first is the read-own-writes mark, which the unit of work (withOwnWrites) holds for all its fibers.
  it.effect("what the first marks is seen after, as with Effect.all", () =>
    withOwnWrites(Effect.gen(function*() {
      assert.isFalse(yield* readsOwnWrites)
      yield* atOnce(readOwnWrites, Effect.void)
      assert.isTrue(yield* readsOwnWrites)
    })))
})
