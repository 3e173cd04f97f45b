import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import { ApiKeys } from "../../src/access/ApiKeys.js"
import { apiKeyHeader, bearer, call } from "../support/http.js"
import { startInstance } from "../support/instances.js"
import { SharedDatabase, SharedDatabaseLive } from "../support/sharedDatabase.js"
import { serverUrl } from "../support/testDatabase.js"


// Several instances share a PostgreSQL server; the embedded database serves one process (one connection).
describe.skipIf(serverUrl() === undefined)("quota across instances on PostgreSQL", () => {
  layer(SharedDatabaseLive, { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("two server instances on one database admit exactly the quota", () =>
      Effect.gen(function*() {
        const database = yield* SharedDatabase
        const first = yield* startInstance(database)
        const second = yield* startInstance(database)
        const { secret } = yield* Effect.flatMap(ApiKeys, (k) => k.create({ plan: "free", quota: 40, label: "race" })).pipe(
          Effect.provide(ApiKeys.Default.pipe(Layer.provide(database.connect(1)))),
          Effect.orDie
        )
        const key = Redacted.value(secret)
        const replies = yield* Effect.promise(() =>
          Promise.all(Array.from({ length: 100 }, (_, i) =>
            call(`${i % 2 === 0 ? first : second}/v1/registries`, { headers: i % 3 === 0 ? bearer(key) : apiKeyHeader(key) })))
        )
        const admitted = replies.filter((r) => r.status === 200)
        assert.strictEqual(admitted.length, 40)
        assert.strictEqual(replies.filter((r) => r.status === 429).length, 60)
        const admittedBy = (parity: number) => replies.filter((r, i) => i % 2 === parity && r.status === 200).length
        assert.isAbove(admittedBy(0), 0, "the first instance admitted some")
        assert.isAbove(admittedBy(1), 0, "the second instance admitted some")
        const remaining = admitted.map((r) => Number(r.headers.get("x-ratelimit-remaining"))).sort((a, b) => a - b)
        assert.deepStrictEqual(remaining, Array.from({ length: 40 }, (_, i) => i))
      }))
  })
})
