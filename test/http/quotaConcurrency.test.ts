import { assert, describe, layer } from "@effect/vitest"
import { Clock, Duration, Effect, Layer, Redacted } from "effect"
import { ApiKeys } from "../../src/access/ApiKeys.js"
import { bearer, call } from "../support/http.js"
import { startInstance } from "../support/instances.js"
import { SharedDatabase, SharedDatabaseLive } from "../support/sharedDatabase.js"
import { serverUrl } from "../support/testDatabase.js"

/** A clock the test moves: the system clock plus an offset. */
const movableClock = () => {
  const system = Clock.Clock.defaultValue()
  let offsetMs = 0
  const clock: Clock.Clock = {
    currentTimeMillisUnsafe: () => system.currentTimeMillisUnsafe() + offsetMs,
    currentTimeMillis: Effect.sync(() => system.currentTimeMillisUnsafe() + offsetMs),
    currentTimeNanosUnsafe: () => system.currentTimeNanosUnsafe() + BigInt(offsetMs) * 1_000_000n,
    currentTimeNanos: Effect.sync(() => system.currentTimeNanosUnsafe() + BigInt(offsetMs) * 1_000_000n),
    monotonicTimeNanosUnsafe: () => system.monotonicTimeNanosUnsafe(),
    monotonicTimeNanos: system.monotonicTimeNanos,
    sleep: (duration: Duration.Duration) => system.sleep(duration)
  }
  return { clock, setNow: (at: Date) => (offsetMs = at.getTime() - system.currentTimeMillisUnsafe()) }
}


// Two instances share a PostgreSQL server; the embedded database serves one process (one connection).
describe.skipIf(serverUrl() === undefined)("quota under concurrency (issue 15)", () => {
  layer(SharedDatabaseLive, { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("quota 100, 500 concurrent requests over two instances: exactly 100 x 200 and 400 x 429; again next month; revocation at once", () =>
      Effect.gen(function*() {
        const database = yield* SharedDatabase
        const { clock, setNow } = movableClock()
        setNow(new Date("2026-11-30T23:59:00Z"))
        const instances = [yield* startInstance(database, clock), yield* startInstance(database, clock)]
        const keys = ApiKeys.Default.pipe(Layer.provide(database.connect(1)))
        const { id, secret } = yield* Effect.flatMap(ApiKeys, (k) => k.create({ plan: "free", quota: 100, label: "burst" })).pipe(
          Effect.provide(keys),
          Effect.orDie
        )
        const headers = bearer(Redacted.value(secret))
        const burst = () =>
          Effect.promise(() =>
            Promise.all(Array.from({ length: 500 }, (_, i) => call(`${instances[i % 2]}/v1/registries`, { headers })))
          )
        for (const month of ["2026-11-30T23:59:00Z", "2026-12-01T00:00:30Z"]) {
          setNow(new Date(month))
          const replies = yield* burst()
          assert.strictEqual(replies.filter((r) => r.status === 200).length, 100, month)
          const refused = replies.filter((r) => r.status === 429)
          assert.strictEqual(refused.length, 400, month)
          for (const r of refused) {
            assert.strictEqual(r.headers.get("x-ratelimit-remaining"), "0")
            assert.isAbove(Number(r.headers.get("retry-after")), 0)
            assert.deepStrictEqual(Object.keys(r.body as object).sort(), ["error", "message"])
          }
          const reset = new Set(replies.map((r) => r.headers.get("x-ratelimit-reset")))
          assert.deepStrictEqual([...reset], [month.startsWith("2026-11") ? "2026-12-01T00:00:00Z" : "2027-01-01T00:00:00Z"])
        }
        // Revoked while requests are in flight: every request sent after the revocation is refused with 401.
        setNow(new Date("2027-01-15T12:00:00Z"))
        const before = yield* Effect.promise(() => Promise.all(Array.from({ length: 20 }, (_, i) => call(`${instances[i % 2]}/v1/registries`, { headers }))))
        assert.isTrue(before.every((r) => r.status === 200))
        yield* Effect.flatMap(ApiKeys, (k) => k.revoke(id)).pipe(Effect.provide(keys), Effect.orDie)
        const after = yield* Effect.promise(() => Promise.all(Array.from({ length: 20 }, (_, i) => call(`${instances[i % 2]}/v1/registries`, { headers }))))
        assert.deepStrictEqual([...new Set(after.map((r) => r.status))], [401])
      }))
  })
})
