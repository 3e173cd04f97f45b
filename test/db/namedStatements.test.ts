import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { ConfigProvider, Effect, Layer, Redacted } from "effect"
import { randomBytes } from "node:crypto"
import { pgLayer } from "../../src/db/Database.js"
import { freshDatabaseUrl, serverUrl, TestDatabase } from "../support/testDatabase.js"

/** A statement text no other test runs (its column alias), its value, and the prepared statements holding it. */
const runThrice = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const alias = `n_${randomBytes(6).toString("hex")}`
  // One transaction: one connection, whose session's prepared statements are then listed.
  return yield* sql.withTransaction(Effect.gen(function*() {
    const answers: Array<number> = []
    for (let i = 0; i < 3; i++) {
      const rows = yield* sql.unsafe<Record<string, number>>(`SELECT $1::int + 1 AS ${alias}`, [i])
      answers.push(rows[0]![alias]!)
    }
    const prepared = yield* sql<{ name: string }>`SELECT name FROM pg_prepared_statements WHERE statement LIKE ${`%${alias}%`}`
    return { answers, names: prepared.map((p) => p.name) }
  }))
})

describe("statements planned once per connection", () => {
  layer(TestDatabase.layer, { timeout: "60 seconds" })((it) => {
    it.effect("a statement run twice is prepared by name on the connection, and answers as before", () =>
      Effect.gen(function*() {
        const { answers, names } = yield* runThrice
        assert.deepStrictEqual(answers, [1, 2, 3])
        assert.strictEqual(names.length, 1)
        assert.match(names[0]!, /^effect_[0-9a-f]{16}_\d+$/)
      }))
  })

  const url = serverUrl()
  // The switch for poolers that cannot keep named statements; on a PostgreSQL server (the embedded database's layer
  // is shared with the other tests of the process).
  if (url !== undefined) {
    const unnamed = Layer.unwrap(Effect.map(freshDatabaseUrl(url), (fresh) => pgLayer({ url: Redacted.make(fresh), maxConnections: 2 }))).pipe(
      Layer.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({ DATABASE_PREPARED_STATEMENTS: "false" }))),
      Layer.orDie
    )
    layer(unnamed, { timeout: "60 seconds" })((it) => {
      it.effect("DATABASE_PREPARED_STATEMENTS=false: every statement unnamed", () =>
        Effect.gen(function*() {
          const { answers, names } = yield* runThrice
          assert.deepStrictEqual(answers, [1, 2, 3])
          assert.deepStrictEqual(names, [])
        }))
    })
  }
})
