import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { describe as plain, expect, it as plainIt } from "vitest"
import { float4Text } from "../../src/db/wireValues.js"
import { TestDatabase } from "../support/testDatabase.js"

plain("float4Text: the shortest decimal that is the float4", () => {
  plainIt("gives back what was written for the decimals a threshold or a score holds", () => {
    for (const written of [0.95, 0.9, 0.7, 0.1, 0.333, 1, 0, -2.5, 123456.7, 1e-7]) {
      expect(float4Text(Math.fround(written))).toBe(written)
    }
  })

  plainIt("keeps a float4 that no shorter decimal names, and what is not finite", () => {
    const third = Math.fround(1 / 3)
    expect(Math.fround(float4Text(third))).toBe(third)
    expect(String(float4Text(third)).length).toBeLessThanOrEqual(11)
    expect(float4Text(Number.NaN)).toBeNaN()
    expect(float4Text(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY)
  })
})

describe("values through the service's client (pgLayer) as node-postgres gave them", () => {
  layer(TestDatabase.layer, { timeout: "60 seconds" })((it) => {
    it.effect("a real as written, a bigint as its decimal text, arrays of nulls and of mixed integers bound", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{ score: number; scores: ReadonlyArray<number>; n: string; nulls: number; sum: string }>`
          SELECT 0.95::real AS score, ARRAY[0.95, 0.7]::real[] AS scores, 9007199254740993::bigint AS n,
                 (SELECT count(*) FROM unnest(${[null, null]}::date[]) AS d WHERE d IS NULL)::int AS nulls,
                 (SELECT sum(x) FROM unnest(${[1, 2 ** 40]}::bigint[]) AS x)::bigint AS sum`
        assert.strictEqual(row!.score, 0.95)
        assert.deepStrictEqual([...row!.scores], [0.95, 0.7])
        assert.strictEqual(row!.n, "9007199254740993")
        assert.strictEqual(row!.nulls, 2)
        assert.strictEqual(row!.sum, String(1 + 2 ** 40))
      }))
  })
})
