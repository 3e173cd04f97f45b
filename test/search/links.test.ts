import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { CompanySearch } from "../../src/search/CompanySearch.js"
import { analyseQuery } from "../../src/search/searchQuery.js"
import { TestDatabase } from "../support/testDatabase.js"
import { insertCompanies } from "./fixtures.js"

const TestLayer = CompanySearch.Default.pipe(Layer.provideMerge(TestDatabase.layer))

const PRIMARY = "Okonkwo Palm Produce Limited"
const LINKED = "Okonkwo Palm Produce Ltd Listing"

// Search reads each candidate's link with the candidate (the tier, fuzzy and ranked statements): a linked record
// found by any tier answers as its business's primary record, once.
describe("CompanySearch: linked records answer as their business", () => {
  layer(TestLayer, { timeout: "120 seconds" })((it) => {
    it.effect("every tier and the verifier's cascade give the primary record, each business once", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const [primary, linked] = yield* insertCompanies([
          { country: "NG", registration_no: "RC 777001", legal_name: PRIMARY, quality: 0.4 },
          { country: "NG", registration_no: "RC 777999", legal_name: LINKED, listed_ticker: "OKPALM", quality: 0.9 },
          { country: "NG", registration_no: "RC 777002", legal_name: "Zebulon Haulage Limited", quality: 0.5 }
        ])
        yield* sql`INSERT INTO company_links (company_id, primary_id, reason, detail)
          VALUES (${linked!}::bigint, ${primary!}::bigint, 'test', 'one business')`
        const { resolve, search } = yield* CompanySearch
        const cases: ReadonlyArray<readonly [string, string]> = [
          ["okonkwo palm produce", "prefix"],
          ["OKPALM", "alias"],
          ["RC 777999", "id"],
          ["okonkwo plam produse", "fuzzy"]
        ]
        for (const [q, matchType] of cases) {
          const r = yield* search({ q, country: "NG" })
          const names = r.results.map((c) => c.legal_name)
          assert.deepStrictEqual(names, [PRIMARY], q)
          assert.strictEqual(r.results[0]?.match_type, matchType, q)
          assert.strictEqual(r.count, 1, q)
        }
        const { candidates } = yield* resolve(analyseQuery("okonkwo plam produse", "NG"))
        assert.deepStrictEqual(candidates.map((c) => c.company.legal_name), [PRIMARY])
      }))
  })
})
