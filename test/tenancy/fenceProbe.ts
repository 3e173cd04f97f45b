import { Deferred, Effect, Layer } from "effect"
import { FenceProbe } from "../../src/tenancy/Fence.js"

interface Gate {
  skip: number
  readonly reached: Deferred.Deferred<void>
  readonly release: Deferred.Deferred<void>
}

/**
 * Pauses a request between its earlier checks and its fenced write (src/tenancy/Fence.ts's pause points), so that a
 * test can commit an end exactly there: the race of issue 41's table, made deterministic on either database.
 */
export const makeFenceProbe = () => {
  const gates = new Map<string, Gate>()
  const layer = Layer.succeed(FenceProbe, {
    before: (point) =>
      Effect.suspend(() => {
        const gate = gates.get(point)
        if (gate === undefined) return Effect.void
        if (gate.skip > 0) {
          gate.skip--
          return Effect.void
        }
        gates.delete(point)
        return Effect.andThen(Deferred.succeed(gate.reached, undefined), Deferred.await(gate.release))
      })
  })
  /** The next request to reach `point` (after `skip` others pass) waits there until `release`. */
  const arm = (point: string, skip = 0) =>
    Effect.gen(function*() {
      const gate: Gate = { skip, reached: yield* Deferred.make<void>(), release: yield* Deferred.make<void>() }
      gates.set(point, gate)
      return { reached: Deferred.await(gate.reached), release: Deferred.succeed(gate.release, undefined) }
    })
  return { layer, arm }
}
