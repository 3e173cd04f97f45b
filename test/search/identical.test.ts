import { assert, describe, layer } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { makeCorpusGenerator } from "../../scripts/corpus/generate.js"
import { CompanySearch } from "../../src/search/CompanySearch.js"
import { serverUrl, TestDatabase } from "../support/testDatabase.js"
import { searchFixture } from "./companies.js"
import { insertCompanies } from "./fixtures.js"

/**
 * The same answers on the embedded database and on PostgreSQL: the answers to a fixed set of queries over a
 * seeded corpus are recorded in test/fixtures/search/answers.json and every run, on either database, must give
 * exactly those. Record again (after an intended ranking change) with UPDATE_SEARCH_ANSWERS=1.
 */
const answersFile = fileURLToPath(new URL("../fixtures/search/answers.json", import.meta.url))
/** The repository: the generator reads the real name files under its data/. */
const repoRoot = path.resolve(import.meta.dirname, "..", "..")

/** [query, country, offset]: "M" has more prefix matches than KYB_SEARCH_MAX_MATCHES (exact count, deep pages). */
const queries: ReadonlyArray<readonly [string, (string | undefined)?, number?]> = [
  ["RC 208767"], ["208767", "ng"], ["9876543210"], ["dangote"], ["Da"], ["M"], ["northern nigeria"],
  ["Societe Generale Senegal SA"], ["Guinness Nigeria Limited"], ["UBA"], ["Barclays Bank of Kenya"], ["SCOM"],
  ["Dangote Cemnt"], ["Cement Dangote"], ["Acess Bank"], ["Bank of Africa"], ["bank"], ["bank", "SN"],
  ["Zenith Bank"], ["holdings"], ["nigeria limited"], ["Société Générale"], ["trading enterprises"],
  ["Qwxzv Holdings"], ["the"], ["RC 99999999"], ["M", undefined, 120], ["M", undefined, 248], ["s", undefined, 200]
]

const answer = (s: Context.Service.Shape<typeof CompanySearch>, q: string, country?: string, offset?: number) =>
  Effect.map(s.search({
    q,
    limit: 10,
    ...(country === undefined ? {} : { country }),
    ...(offset === undefined ? {} : { offset })
  }), (r) => ({
    q,
    country: country ?? null,
    ...(offset === undefined ? {} : { offset }),
    count: r.count,
    normalized: r.query_normalized,
    results: r.results.map((c) => `${c.country} ${c.registration_no} | ${c.legal_name} | ${c.match_type} ${c.match_score}`),
    suggestions: (r.suggestions ?? []).map((x) => `${x.legal_name} ${x.score}`)
  }))

describe("search answers", () => {
  layer(CompanySearch.Default.pipe(Layer.provideMerge(TestDatabase.layer)), { timeout: "120 seconds" })((it) => {
    it.effect(`are the recorded ones on ${serverUrl() === undefined ? "the embedded database" : "PostgreSQL"}`, () =>
      Effect.gen(function*() {
        yield* insertCompanies(searchFixture)
        const generator = makeCorpusGenerator({ seed: 3, sharedDir: repoRoot })
        yield* insertCompanies(Array.from({ length: 1500 }, () => {
          const r = generator.next()
          return { country: r.country, registration_no: r.registration_no, legal_name: r.legal_name, quality: 0.3 }
        }))
        const search = yield* CompanySearch
        const got = yield* Effect.forEach(queries, ([q, country, offset]) => answer(search, q, country, offset))
        if (process.env["UPDATE_SEARCH_ANSWERS"] === "1") fs.writeFileSync(answersFile, JSON.stringify(got, null, 2) + "\n")
        const recorded: unknown = JSON.parse(fs.readFileSync(answersFile, "utf8"))
        assert.deepStrictEqual(got, recorded)
      }))
  })
})
