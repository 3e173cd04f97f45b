import { SqlClient, type SqlError } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { makeCorpusGenerator } from "../../scripts/corpus/generate.js"
import { candidateClauses, wordGroups } from "../../src/search/fuzzy.js"
import { analyseQuery } from "../../src/search/searchQuery.js"
import { containsHints } from "../../src/search/containsWords.js"
import { firstLookStatement } from "../../src/search/firstLook.js"
import { literalTiers, rankedCompanies, tierStatements } from "../../src/search/statements.js"
import { nearAndHeld, nearestAndSpelledWords, wordCandidates } from "../../src/search/wordStatements.js"
import { TestDatabase } from "../support/testDatabase.js"
import { type FixtureCompany, insertCompanies } from "./fixtures.js"

const ROWS = 20_000
/** The repository: the generator reads the real name files under its data/. */
const repoRoot = path.resolve(import.meta.dirname, "..", "..")

const generated = (): ReadonlyArray<FixtureCompany> => {
  const generator = makeCorpusGenerator({ seed: 7, sharedDir: repoRoot })
  return Array.from({ length: ROWS }, () => {
    const r = generator.next()
    return {
      country: r.country,
      registration_no: r.registration_no,
      legal_name: r.legal_name,
      ...(r.tax_id === undefined || r.tax_id === null ? {} : { tax_id: r.tax_id }),
      quality: 0.3
    }
  })
}

/** The query kinds of the cascade for one stored company, and one that matches nothing. */
const queriesFor = (c: FixtureCompany): ReadonlyArray<readonly [string, string | undefined]> => {
  const words = c.legal_name.split(" ")
  const typo = c.legal_name.slice(0, 3) + c.legal_name.slice(4)
  return [
    [c.registration_no, undefined],
    [c.registration_no, c.country],
    [words[0]!.slice(0, 2), undefined],
    [words.slice(0, 2).join(" "), c.country],
    [words.slice(1).join(" "), undefined],
    [c.legal_name.toUpperCase() + " Limited", undefined],
    [words.slice(0, 2).reverse().join(" "), undefined],
    [typo, c.country],
    ["Qwxzv Holdings", undefined]
  ]
}

const explain = (sql: SqlClient.SqlClient, statement: Effect.Effect<ReadonlyArray<unknown>, SqlError.SqlError>) =>
  sql<{ "QUERY PLAN": string }>`EXPLAIN ${statement as never}`.pipe(
    Effect.map((rows) => rows.map((r) => r["QUERY PLAN"]).join("\n"))
  )

describe("search plans", () => {
  layer(TestDatabase.layer, { timeout: "300 seconds" })((it) => {
    it.effect("no tier scans companies or company_aliases sequentially (real plans, analysed table)", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const companies = generated()
        yield* insertCompanies(companies)
        yield* sql`ANALYZE`
        let plans = 0
        // Broad queries too (tiers larger than any cap): common words, a common word's prefix, two letters.
        const broad: ReadonlyArray<readonly [string, string | undefined]> = [
          ["limited", undefined], ["nigeria", "NG"], ["soc", undefined], ["messrs", undefined], ["ms", undefined],
          ["ma", undefined], ["societe", "SN"]
        ]
        for (const sample of [companies[11]!, companies[4321]!, companies[15000]!, null]) {
          for (const [text, country] of sample === null ? broad : queriesFor(sample)) {
            const q = analyseQuery(text, country)
            const words = q.short || q.tokens.length === 0 ? [] : nearAndHeld(yield* nearestAndSpelledWords(sql, q.tokens, 6, [])).near
            const statements = tierStatements(sql, q, 1000, containsHints(q, words))
            const checked: Array<Effect.Effect<ReadonlyArray<unknown>, SqlError.SqlError>> = [
              ...statements.map((s) => s.statement),
              literalTiers(sql, statements),
              // A tier larger than the cap: the exact count with the best rows (first and deep page), the alias tier's.
              ...statements.flatMap((s) => (s.best === undefined ? [] : [s.best(10_100)])),
              rankedCompanies(sql, q, statements, 25, ["1", "2"]),
              rankedCompanies(sql, q, statements, 10_100, [])
            ]
            if (words.length > 0) {
              checked.push(nearestAndSpelledWords(sql, q.tokens, 6, q.tokens.map((word, i) => ({ i: i + 1, word: `${word}s` }))))
              for (const mode of ["all", "relaxed", "any"] as const) {
                const clauses = candidateClauses(wordGroups(q.tokens, words, mode === "any"), mode)
                if (clauses === null) continue
                checked.push(wordCandidates(sql, q, clauses, { scan: 5000, keep: 300 }))
                // The literal tiers and the fuzzy candidates as search asks for them, in one statement.
                if (mode === "all" && statements.length > 0) {
                  checked.push(firstLookStatement(sql, statements, wordCandidates(sql, q, clauses, { scan: 5000, keep: 100 })))
                }
              }
            }
            for (const statement of checked) {
              const plan = yield* explain(sql, statement)
              plans++
              // The vocabulary (search_words) is small; a sequential scan of it can be the cheapest plan.
              assert.notMatch(plan, /Seq Scan on (companies|company_aliases)/, `${text}\n${plan}`)
            }
          }
        }
        assert.isAbove(plans, 150)
      }))
  })
})
