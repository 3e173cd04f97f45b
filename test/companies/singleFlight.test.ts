import { assert, describe, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { makeSingleFlight } from "../../src/companies/live/singleFlight.js"

describe("one registry call per number", () => {
  it.live("concurrent callers share one run; after it, only an outcome it keeps is shared", () =>
    Effect.gen(function*() {
      let runs = 0
      const flight = makeSingleFlight<Option.Option<string>, never>({ for: "10 seconds", when: Option.isSome })
      const work = (answer: Option.Option<string>) => Effect.sync(() => ++runs).pipe(Effect.andThen(Effect.sleep("20 millis")), Effect.as(answer))
      const together = yield* Effect.all(Array.from({ length: 5 }, () => flight("found", work(Option.some("RC1")))), { concurrency: "unbounded" })
      assert.deepStrictEqual(together, Array.from({ length: 5 }, () => Option.some("RC1")))
      assert.strictEqual(runs, 1)
      // A caller just after the answer (its store read came before the record was stored) shares it.
      assert.deepStrictEqual(yield* flight("found", work(Option.some("other"))), Option.some("RC1"))
      assert.strictEqual(runs, 1)
      // "Not there" is not kept: the next caller asks again.
      yield* flight("missing", work(Option.none()))
      yield* flight("missing", work(Option.none()))
      assert.strictEqual(runs, 3)
    }), { timeout: 10_000 })

  it.effect("without keeping, every caller after a run starts a new one", () =>
    Effect.gen(function*() {
      let runs = 0
      const flight = makeSingleFlight<number, never>()
      yield* flight("k", Effect.sync(() => ++runs))
      yield* flight("k", Effect.sync(() => ++runs))
      assert.strictEqual(runs, 2)
    }))
})
