import { assert, describe, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { afterAll, beforeAll } from "vitest"
import { type FakeRegistry, fakeRegistryScoped, startFakeRegistry } from "../../scripts/fake-registry/index.js"
import { LiveRegistries } from "../../src/registries/LiveRegistries.js"
import { fixtureRecords, liveRegistriesLayer, timed } from "./support.js"
import { recordTiming } from "../support/timings.js"

/** testTimings: 300 ms per attempt, 500 ms budget, breaker opens after 3 failed calls for 400 ms, cap 2. */
const budgetMs = 500
const marginMs = 300
const cooldownMs = 400

let pacra: FakeRegistry
beforeAll(async () => {
  pacra = await startFakeRegistry({ registry: "zm-pacra", records: fixtureRecords("zm-pacra"), slowMs: 2_000 })
})
afterAll(() => pacra.close())

const withLive = <A, E>(effect: Effect.Effect<A, E, LiveRegistries>, overrides: Record<string, string> = {}) =>
  Effect.suspend(() => {
    pacra.setFault("none")
    pacra.resetStats()
    return effect
  }).pipe(Effect.provide(liveRegistriesLayer({ "zm-pacra": pacra.url }, overrides)))

const fetchMinerals = Effect.flatMap(LiveRegistries, (live) => live.fetchByNumber("zm-pacra", "120210023366"))
const stateOf = Effect.flatMap(LiveRegistries, (live) => live.status()).pipe(Effect.map((all) => all[0]!))

describe("LiveRegistries.fetchByNumber", () => {
  it.live("Some when the registry has the number, None when it answered without it or has no live adapter", () =>
    withLive(Effect.gen(function*() {
      const live = yield* LiveRegistries
      assert.strictEqual(Option.getOrThrow(yield* fetchMinerals).legal_name, "AA MINERALS LIMITED")
      assert.isTrue(Option.isNone(yield* live.fetchByNumber("zm-pacra", "120000000001")))
      assert.isTrue(Option.isNone(yield* live.fetchByNumber("za-cipc", "1950/038232/06")))
    })))

  it.live("a failing registry is a typed RegistryUnavailable naming it, with a Retry-After hint, within the budget", () =>
    withLive(Effect.gen(function*() {
      for (const fault of ["hang", "error", "garbage", "slow", "forbidden"] as const) {
        pacra.setFault(fault)
        const { ms, result: error } = yield* timed(Effect.flip(fetchMinerals))
        recordTiming(`registry ${fault}: a typed fault within the budget`, ms, budgetMs + marginMs)
        assert.strictEqual(error._tag, "RegistryUnavailable")
        assert.strictEqual(error.registry, "zm-pacra")
        assert.isAtLeast(error.retryAfterSeconds ?? 0, 1)
      }
    }), { KYB_REGISTRY_BREAKER_THRESHOLD: "100" }))
})

describe("registry bodies are capped", () => {
  it.live("a registry streaming 150 MB: a decode fault within the budget, reading stops near the 2 MiB cap, memory stays flat", () =>
    withLive(Effect.gen(function*() {
      pacra.setFault("huge")
      const heapBefore = process.memoryUsage().heapUsed
      const { ms, result: error } = yield* timed(Effect.flip(fetchMinerals))
      assert.strictEqual(error.reason, "decode")
      assert.match(error.detail, /larger than/)
      recordTiming("registry streaming 150 MB: refused within the budget", ms, budgetMs + marginMs)
      yield* Effect.sleep("200 millis")
      assert.isBelow(pacra.stats().hugeBytesSent, 40 * 1024 * 1024, "the client stopped reading")
      assert.isBelow(process.memoryUsage().heapUsed - heapBefore, 50 * 1024 * 1024)
    }), { KYB_REGISTRY_BREAKER_THRESHOLD: "100" }))
})

describe("gateway retry policy", () => {
  it.live("one retry on a 5xx, none on a 4xx or an undecodable body; a hung attempt is retried within the budget", () =>
    withLive(Effect.gen(function*() {
      const attempts = (fault: "error" | "forbidden" | "garbage" | "hang") =>
        Effect.gen(function*() {
          pacra.setFault(fault)
          pacra.resetStats()
          const error = yield* Effect.flip(fetchMinerals)
          return { requests: pacra.stats().requests, reason: error.reason, status: error.status }
        })
      assert.deepInclude(yield* attempts("error"), { requests: 2, reason: "http_status" })
      assert.deepStrictEqual(yield* attempts("forbidden"), { requests: 1, reason: "http_status", status: 403 })
      assert.deepInclude(yield* attempts("garbage"), { requests: 1, reason: "decode" })
      assert.deepInclude(yield* attempts("hang"), { requests: 2, reason: "budget_exceeded" })
    }), { KYB_REGISTRY_BREAKER_THRESHOLD: "100" }))
})

describe("circuit breaker", () => {
  it.live("opens after repeated failures, fails fast while open, half-opens after the cool-down and closes on success", () =>
    withLive(Effect.gen(function*() {
      pacra.setFault("error")
      for (let call = 1; call <= 3; call++) assert.strictEqual((yield* Effect.flip(fetchMinerals)).reason, "http_status")
      assert.strictEqual(pacra.stats().requests, 6)
      assert.strictEqual((yield* stateOf).state, "open")
      assert.strictEqual((yield* stateOf).consecutiveFailures, 3)

      const { ms, result: rejected } = yield* timed(Effect.flip(fetchMinerals))
      assert.strictEqual(rejected.reason, "circuit_open")
      assert.isAtLeast(rejected.retryAfterSeconds ?? 0, 1)
      recordTiming("open breaker: refused at once", ms, 150)
      assert.strictEqual(pacra.stats().requests, 6)

      pacra.setFault("none")
      yield* Effect.sleep(cooldownMs + 50)
      assert.strictEqual((yield* stateOf).state, "half_open")
      assert.isTrue(Option.isSome(yield* fetchMinerals))
      const closed = yield* stateOf
      assert.strictEqual(closed.state, "closed")
      assert.strictEqual(closed.consecutiveFailures, 0)
      assert.isNotNull(closed.lastSuccessAt)
    })))

  it.live("a failed trial call in half-open opens the breaker again for another cool-down", () =>
    withLive(Effect.gen(function*() {
      pacra.setFault("forbidden")
      for (let call = 1; call <= 3; call++) yield* Effect.flip(fetchMinerals)
      yield* Effect.sleep(cooldownMs + 50)
      assert.strictEqual((yield* Effect.flip(fetchMinerals)).reason, "http_status")
      assert.strictEqual(pacra.stats().requests, 4)
      assert.strictEqual((yield* stateOf).state, "open")
      assert.strictEqual((yield* Effect.flip(fetchMinerals)).reason, "circuit_open")
      assert.strictEqual(pacra.stats().requests, 4)
    })))

  it.live("search reports an open-breaker registry unreachable at once, without calling it", () =>
    withLive(Effect.gen(function*() {
      const live = yield* LiveRegistries
      pacra.setFault("error")
      for (let call = 1; call <= 3; call++) yield* live.search("minerals", ["zm-pacra"])
      const before = pacra.stats().requests
      pacra.setFault("none")
      const { ms, result } = yield* timed(live.search("minerals", ["zm-pacra"]))
      assert.deepStrictEqual(result.unreachable, ["zm-pacra"])
      recordTiming("open breaker: search answers at once", ms, 150)
      assert.strictEqual(pacra.stats().requests, before)
    })))
})

describe("concurrency cap", () => {
  it.live("never more calls in flight to one registry than KYB_REGISTRY_MAX_CONCURRENCY", () =>
    Effect.gen(function*() {
      const slow = yield* fakeRegistryScoped({
        registry: "zm-pacra",
        records: fixtureRecords("zm-pacra"),
        fault: "slow",
        slowMs: 150
      })
      const results = yield* Effect.all(Array.from({ length: 6 }, () => fetchMinerals), { concurrency: "unbounded" }).pipe(
        Effect.provide(
          liveRegistriesLayer({ "zm-pacra": slow.url }, { KYB_REGISTRY_TIMEOUT_MS: "1000", KYB_REGISTRY_BUDGET_MS: "3000" })
        )
      )
      assert.isTrue(results.every(Option.isSome))
      assert.strictEqual(slow.stats().requests, 6)
      assert.strictEqual(slow.stats().maxInFlight, 2)
    }).pipe(Effect.scoped))
})
