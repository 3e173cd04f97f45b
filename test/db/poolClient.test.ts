import { PgClient } from "@effect/sql-pg"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Queue } from "effect"
import { serverUrl, TestDatabase } from "../support/testDatabase.js"

// The PgClient the service's pool provides (src/db/pool.ts) beside its statements: a JSON parameter, and LISTEN with
// NOTIFY on a database server (the embedded database is one connection: a listener would hold it).
describe("the service's PgClient: json, listen and notify", () => {
  layer(TestDatabase.layer, { timeout: "60 seconds" })((it) => {
    it.effect("a JSON parameter is bound as jsonb", () =>
      Effect.gen(function*() {
        const pg = yield* PgClient.PgClient
        const [row] = yield* pg<{ a: string; n: number }>`
          SELECT ${pg.json({ a: "x", list: [1, 2, 3] })}::jsonb->>'a' AS a,
                 jsonb_array_length(${pg.json({ a: "x", list: [1, 2, 3] })}::jsonb->'list') AS n`
        assert.deepStrictEqual({ a: row?.a, n: row?.n }, { a: "x", n: 3 })
      }))

    it.effect.skipIf(serverUrl() === undefined)("a notification sent on a channel reaches its listener", () =>
      Effect.scoped(Effect.gen(function*() {
        const pg = yield* PgClient.PgClient
        const channel = `kyb_pool_test_${process.pid}`
        const notifications = yield* pg.listen(channel)
        yield* pg.notify(channel, "hello from the pool")
        const received = yield* Queue.take(notifications)
        assert.deepStrictEqual({ channel: received.channel, payload: received.payload }, { channel, payload: "hello from the pool" })
      })))
  })
})
