import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { afterAll, beforeAll } from "vitest"
import { type Fault, type FakeRegistry, startFakeRegistry } from "../../scripts/fake-registry/index.js"
import { LiveRegistries } from "../../src/registries/LiveRegistries.js"
import { fixtureRecords, liveRegistriesLayer, timed } from "./support.js"
import { recordTiming } from "../support/timings.js"

/** testTimings: budget 500 ms; the margin allows for a loaded 2-core machine. */
const budgetMs = 500
const marginMs = 300

let cac: FakeRegistry
let pacra: FakeRegistry
let brela: FakeRegistry
beforeAll(async () => {
  ;[cac, pacra, brela] = await Promise.all([
    startFakeRegistry({ registry: "ng-cac", records: fixtureRecords("ng-cac") }),
    startFakeRegistry({ registry: "zm-pacra", records: fixtureRecords("zm-pacra"), slowMs: 2_000 }),
    startFakeRegistry({ registry: "tz-brela", records: fixtureRecords("tz-brela") })
  ])
})
afterAll(() => Promise.all([cac.close(), pacra.close(), brela.close()]))

const withLive = <A, E>(effect: Effect.Effect<A, E, LiveRegistries>) =>
  effect.pipe(Effect.provide(liveRegistriesLayer({ "ng-cac": cac.url, "zm-pacra": pacra.url, "tz-brela": brela.url })))

describe("LiveRegistries.search", () => {
  it.live("asks every requested live registry and merges their canonical records", () =>
    withLive(Effect.gen(function*() {
      pacra.setFault("none")
      const live = yield* LiveRegistries
      const result = yield* live.search("limited", ["ng-cac", "zm-pacra"])
      assert.deepStrictEqual([...result.checked].sort(), ["ng-cac", "zm-pacra"])
      assert.deepStrictEqual(result.unreachable, [])
      assert.strictEqual(result.records.filter((r) => r.country === "NG").length, 2)
      assert.strictEqual(result.records.filter((r) => r.country === "ZM").length, 5)
      assert.isTrue(result.records.every((r) => r.source_kind === "live"))
    })))

  it.live("a registry without a live adapter is neither checked nor unreachable", () =>
    withLive(Effect.gen(function*() {
      const live = yield* LiveRegistries
      const result = yield* live.search("dangote", ["ng-cac", "gh-orc", "za-cipc", "ng-cac"])
      assert.deepStrictEqual(result.checked, ["ng-cac"])
      assert.deepStrictEqual(result.unreachable, [])
      assert.deepStrictEqual(result.records.map((r) => r.registration_no), ["RC 208767"])
      assert.deepStrictEqual([...live.liveRegistries].sort(), ["ng-cac", "tz-brela", "zm-pacra"])
    })))

  it.live("a live registry switched off by KYB_REGISTRY_LIVE is not consulted", () =>
    Effect.gen(function*() {
      cac.resetStats()
      const live = yield* LiveRegistries
      const result = yield* live.search("dangote", ["ng-cac"])
      assert.deepStrictEqual(result, { records: [], checked: [], unreachable: [], answers: [] })
      assert.strictEqual(cac.stats().requests, 0)
    }).pipe(Effect.provide(liveRegistriesLayer({ "ng-cac": cac.url }, { KYB_REGISTRY_LIVE: "none" }))))

  it.live("BRELA is not consulted for a term under 3 characters (its search cannot run it)", () =>
    withLive(Effect.gen(function*() {
      brela.resetStats()
      const live = yield* LiveRegistries
      const short = yield* live.search("ni", ["tz-brela"])
      assert.deepStrictEqual(short, { records: [], checked: [], unreachable: [], answers: [] })
      assert.strictEqual(brela.stats().requests, 0)
      const long = yield* live.search("nika", ["tz-brela"])
      assert.deepStrictEqual(long.checked, ["tz-brela"])
      assert.strictEqual(long.records.length, 2)
    })))

  const faultModes: ReadonlyArray<Fault> = ["hang", "error", "garbage", "slow", "drift", "forbidden"]
  for (const fault of faultModes) {
    it.live(`fault ${fault}: answers within the budget, names the registry unreachable, keeps the others' records`, () =>
      withLive(Effect.gen(function*() {
        pacra.setFault(fault)
        const live = yield* LiveRegistries
        const { ms, result } = yield* timed(live.search("limited", ["ng-cac", "zm-pacra"]))
        pacra.setFault("none")
        recordTiming(`live search, one registry ${fault}: answered within the budget`, ms, budgetMs + marginMs)
        assert.deepStrictEqual(result.unreachable, ["zm-pacra"])
        assert.deepStrictEqual([...result.checked].sort(), ["ng-cac", "zm-pacra"])
        assert.deepStrictEqual(result.records.map((r) => r.registration_no).sort(), ["RC 1726083", "RC 2345678"])
      })))
  }

  it.live("every registry failing still answers within the budget with nothing, never an error", () =>
    withLive(Effect.gen(function*() {
      cac.setFault("hang")
      pacra.setFault("slow")
      const live = yield* LiveRegistries
      const { ms, result } = yield* timed(live.search("limited", ["ng-cac", "zm-pacra"]))
      cac.setFault("none")
      pacra.setFault("none")
      recordTiming("live search, every registry failing: answered within the budget", ms, budgetMs + marginMs)
      assert.deepStrictEqual([...result.unreachable].sort(), ["ng-cac", "zm-pacra"])
      assert.deepStrictEqual(result.records, [])
    })))
})
