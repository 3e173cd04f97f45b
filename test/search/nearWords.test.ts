import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { nearAndHeld, nearestAndSpelledWords } from "../../src/search/wordStatements.js"
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
        const rows = nearAndHeld(yield* nearestAndSpelledWords(sql, ["cement", "cementi", "qwxzv"], 6, [])).near
        const of = (i: number) => rows.filter((r) => r.i === i)
        // "cement" is held (and so are its near spellings "ciments", "cementia"): only itself, used by two companies.
        assert.deepStrictEqual(of(1).map((r) => [r.word, r.companies, r.sim]), [["cement", 2, 1]])
        // "cementi" is held nowhere: the nearest held words.
        assert.sameMembers(of(2).map((r) => r.word), ["cement", "cementia"])
        assert.isTrue(of(2).every((r) => r.sim < 1))
        assert.deepStrictEqual(of(3), [])
      }))

    it.effect("in the same statement, which asked spellings the vocabulary holds, each with its query word's position", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* insertCompanies([
          { country: "NG", registration_no: "RC 2001", legal_name: "Muhammadu Haulage Ltd" },
          { country: "NG", registration_no: "RC 2002", legal_name: "Haulage Partners Nigeria Ltd" }
        ])
        const asked = [{ i: 1, word: "muhammadu" }, { i: 1, word: "mohammadu" }, { i: 2, word: "haulage" }]
        const { held, near } = nearAndHeld(yield* nearestAndSpelledWords(sql, ["mouhammadou", "haulages"], 6, asked))
        assert.deepStrictEqual(
          held.map(({ companies, i, word }) => ({ i, word, companies })).sort((a, b) => a.i - b.i),
          [{ i: 1, word: "muhammadu", companies: 1 }, { i: 2, word: "haulage", companies: 2 }]
        )
        // The near words are still there, apart from the spellings.
        assert.isTrue(near.some((w) => w.i === 2 && w.word === "haulage" && w.sim < 1))
        assert.deepStrictEqual(nearAndHeld(yield* nearestAndSpelledWords(sql, ["haulage"], 6, [])).held, [])
      }))
  })
})
