import { describe, expect, it } from "vitest"
import { Effect, Exit, Fiber } from "effect"
import { makePermits } from "../../src/db/permits.js"

const timedOut = () => "timed out" as const
const settle = () => new Promise((r) => setTimeout(r, 20))

describe("permits (the pool's checkout queue)", () => {
  it("grants up to max at once; the next taker waits and is served when one is given back, first come first served", async () => {
    const permits = makePermits(2)
    await Effect.runPromise(permits.take(undefined, timedOut))
    await Effect.runPromise(permits.take(undefined, timedOut))
    const order: Array<string> = []
    const first = Effect.runFork(Effect.tap(permits.take(undefined, timedOut), () => Effect.sync(() => order.push("first"))))
    const second = Effect.runFork(Effect.tap(permits.take(undefined, timedOut), () => Effect.sync(() => order.push("second"))))
    await settle()
    expect(order).toEqual([])
    permits.give()
    await settle()
    expect(order).toEqual(["first"])
    permits.give()
    await Effect.runPromise(Fiber.join(second))
    expect(order).toEqual(["first", "second"])
    expect(Exit.isSuccess(await Effect.runPromise(Fiber.await(first)))).toBe(true)
  })

  it("a taker that waits longer than its limit fails with the given error and leaves the queue", async () => {
    const permits = makePermits(1)
    await Effect.runPromise(permits.take(undefined, timedOut))
    const exit = await Effect.runPromiseExit(permits.take(30, timedOut))
    expect(exit).toEqual(Exit.fail("timed out"))
    // The permit given back is free again, not handed to the taker that gave up.
    permits.give()
    expect(Exit.isSuccess(await Effect.runPromiseExit(permits.take(30, timedOut)))).toBe(true)
  })

  it("a taker interrupted while waiting leaves the queue: the permit goes to the taker after it", async () => {
    const permits = makePermits(1)
    await Effect.runPromise(permits.take(undefined, timedOut))
    const interrupted = Effect.runFork(permits.take(undefined, timedOut))
    const next = Effect.runFork(permits.take(undefined, timedOut))
    await settle()
    await Effect.runPromise(Fiber.interrupt(interrupted))
    permits.give()
    expect(Exit.isSuccess(await Effect.runPromise(Fiber.await(next)))).toBe(true)
    // Nothing left over: the one permit is held by `next`.
    expect(Exit.isFailure(await Effect.runPromiseExit(permits.take(20, timedOut)))).toBe(true)
  })

  it("never more holders than permits under many takers giving back at random", async () => {
    const permits = makePermits(3)
    let holding = 0
    let most = 0
    const one = Effect.gen(function*() {
      yield* permits.take(undefined, timedOut)
      holding++
      most = Math.max(most, holding)
      yield* Effect.sleep(Math.floor(Math.random() * 5))
      holding--
      permits.give()
    })
    await Effect.runPromise(Effect.all(Array.from({ length: 60 }, () => one), { concurrency: "unbounded" }))
    expect(most).toBe(3)
    expect(holding).toBe(0)
  })
})
