import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect } from "effect"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { fakeRegistryScoped } from "../../scripts/fake-registry/index.js"
import { LiveRegistries, type LiveRegistryId } from "../../src/registries/LiveRegistries.js"
import { fixtureRecords, liveRegistriesLayer, timed } from "./support.js"
import { recordTiming } from "../support/timings.js"

describe("LiveRegistries.search with onLate", () => {
  it.live("a registry slower than the budget is unreachable now; its answer reaches onLate when it comes", () =>
    Effect.gen(function*() {
      const slow = yield* fakeRegistryScoped({
        registry: "zm-pacra",
        records: fixtureRecords("zm-pacra"),
        fault: "slow",
        slowMs: 600
      })
      const late = yield* Deferred.make<{ registry: LiveRegistryId; records: ReadonlyArray<CanonicalCompany> }>()
      const onLate = (registry: LiveRegistryId, records: ReadonlyArray<CanonicalCompany>) =>
        Deferred.succeed(late, { registry, records }).pipe(Effect.asVoid)
      yield* Effect.gen(function*() {
        const live = yield* LiveRegistries
        const { ms, result } = yield* timed(live.search("minerals", ["zm-pacra"], { onLate }))
        recordTiming("live search with a late registry: answered at the budget", ms, 300 + 300)
        assert.deepStrictEqual(result.unreachable, ["zm-pacra"])
        assert.isFalse(yield* Deferred.isDone(late))
        const arrived = yield* Deferred.await(late).pipe(Effect.timeout("3 seconds"))
        assert.strictEqual(arrived.registry, "zm-pacra")
        assert.deepStrictEqual(arrived.records.map((r) => r.registration_no), ["120210023366"])
        const [status] = yield* live.status()
        assert.strictEqual(status?.state, "closed")
        assert.isNotNull(status?.lastSuccessAt)
      }).pipe(
        Effect.provide(liveRegistriesLayer({ "zm-pacra": slow.url }, {
          KYB_REGISTRY_TIMEOUT_MS: "1500",
          KYB_REGISTRY_BUDGET_MS: "300"
        }))
      )
    }).pipe(Effect.scoped))

  it.live("an answer within the budget is returned directly and onLate is not called", () =>
    Effect.gen(function*() {
      const fake = yield* fakeRegistryScoped({ registry: "zm-pacra", records: fixtureRecords("zm-pacra") })
      let lateCalls = 0
      const result = yield* Effect.flatMap(LiveRegistries, (live) =>
        live.search("minerals", ["zm-pacra"], { onLate: () => Effect.sync(() => void lateCalls++) })).pipe(
          Effect.provide(liveRegistriesLayer({ "zm-pacra": fake.url }))
        )
      assert.deepStrictEqual(result.unreachable, [])
      assert.strictEqual(result.records.length, 1)
      assert.strictEqual(lateCalls, 0)
    }).pipe(Effect.scoped))
})
