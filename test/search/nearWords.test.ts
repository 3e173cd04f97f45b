import { SqlClient } from "@effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { nearestWords } from "../../src/search/statements.js"
import { TestDatabase } from "../support/testDatabase.js"
import { insertCompanies } from "./fixtures.js"

describe("the words held nearest to a query's words (search_near_words)", () => {
  layer(TestDatabase.layer, { timeout: "120 seconds" })((it) => {
    it.effect("a held word stands for itself alone; a word held nowhere gets its nearest spellings", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* insertCompanies([
          { country: "NG", registration_no: "RC 1001", legal_name: "Dangote Cement Plc" },
          { country: "CI", registration_no: "CI-ABJ-2019-B-1002", legal_name: "Ciments de l'Afrique SA" },
          { country: "NG", registration_no: "RC 1003", legal_name: "Cementia Trading Ltd" },
          { country: "KE", registration_no: "PVT-1004", legal_name: "Bamburi Cement Limited" }
        ])
        const rows = yield* nearestWords(sql, ["cement", "cementi", "qwxzv"], 6)
        const of = (i: number) => rows.filter((r) => r.i === i)
        // "cement" is held (and so are its near spellings "ciments", "cementia"): only itself, used by two companies.
        assert.deepStrictEqual(of(1).map((r) => [r.word, r.companies, r.sim]), [["cement", 2, 1]])
        // "cementi" is held nowhere: the nearest held words.
        assert.sameMembers(of(2).map((r) => r.word), ["cement", "cementia"])
        assert.isTrue(of(2).every((r) => r.sim < 1))
        assert.deepStrictEqual(of(3), [])
      }))
  })
})
