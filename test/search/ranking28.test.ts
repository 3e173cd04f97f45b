import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { isShareClassListing, SHARE_CLASS_PATTERN } from "../../src/domain/searchKeys.js"
import { bearer, call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"
import { type FixtureCompany, insertCompanies } from "./fixtures.js"

/**
 * Issue 28's ranking rules through the whole path a client calls (GET /v1/search on a real server): a name with
 * other spacing or punctuation, the whole legal name over a longer one holding it, share-class listings after their
 * issuer, a brand with its country, a transposed pair of letters, the linguistic equivalences of screening.
 */

/** Stored in this order: each share-class listing before its issuer, with a better quality figure. */
const companies: ReadonlyArray<FixtureCompany> = [
  { country: "ZA", registration_no: "2001/021736/06", legal_name: "Capitec Bank Holdings Ltd Pref", listed_ticker: "CPIPp", quality: 0.95 },
  { country: "ZA", registration_no: "1999/025903/06", legal_name: "Capitec Bank Holdings Ltd", listed_ticker: "CPI", quality: 0.6 },
  { country: "ZA", registration_no: "1969/017128/06", legal_name: "Standard Bank Group Ltd 6.5%", listed_ticker: "SBKPp", quality: 0.95 },
  { country: "ZA", registration_no: "1969/017128/07", legal_name: "Standard Bank Group Ltd", listed_ticker: "SBK", quality: 0.6 },
  { country: "MW", registration_no: "MW-1001", legal_name: "Standard Bank Ltd", listed_ticker: "SBM", quality: 0.6 },
  { country: "GH", registration_no: "CS-100200", legal_name: "Ecobank Ghana Ltd", listed_ticker: "EGH" },
  { country: "GH", registration_no: "CS-100201", legal_name: "Eco Bank Ghana Holdings Ltd" },
  { country: "GH", registration_no: "CS-100202", legal_name: "Ecobankers Cooperative Ltd" },
  {
    country: "TZ",
    registration_no: "TZ-5501",
    legal_name: "Tanzania Portland Cement Co Ltd",
    listed_ticker: "TPCC",
    aliases: [{ name: "Tanzania Cement", kind: "short" }]
  },
  { country: "TZ", registration_no: "TZ-5502", legal_name: "Tanzania Cement Traders Association Ltd" },
  { country: "ZA", registration_no: "1994/009584/06", legal_name: "MTN Group Limited", listed_ticker: "MTN" },
  { country: "ZA", registration_no: "1998/007789/07", legal_name: "FirstRand Ltd", listed_ticker: "FSR" },
  { country: "ZA", registration_no: "1998/007789/08", legal_name: "First Randfontein Mining Holdings Ltd" },
  { country: "KE", registration_no: "C.1/60", legal_name: "Barclays Bank of Kenya Ltd", listed_ticker: "BBK" },
  { country: "BW", registration_no: "BW00000123", legal_name: "Barclays Bank of Botswana", listed_ticker: "BBB" },
  { country: "ZA", registration_no: "1986/003934/06", legal_name: "Barclays Africa Group Ltd", listed_ticker: "BGA" },
  { country: "NG", registration_no: "RC 208767", legal_name: "Dangote Cement PLC", listed_ticker: "DANGCEM" },
  { country: "NG", registration_no: "RC 208768", legal_name: "Dangote Cemetery Services and Funeral Homes Ltd" },
  { country: "NG", registration_no: "RC 208769", legal_name: "Dangote Sugar Refinery PLC" },
  { country: "NG", registration_no: "RC 300100", legal_name: "Muhammad Trading Ltd" },
  { country: "NG", registration_no: "RC 300101", legal_name: "Mohamed Trading Post and General Supplies Ltd" },
  { country: "EG", registration_no: "EG-7701", legal_name: "El Sewedy Electric Co" },
  { country: "EG", registration_no: "EG-7702", legal_name: "Sewedy Cables Egypt" }
]

interface Body {
  readonly count: number
  readonly results: ReadonlyArray<{ readonly legal_name: string; readonly match_type: string; readonly match_score: number }>
}

const rules = (label: string, config: Readonly<Record<string, string>>) =>
  describe(`GET /v1/search, issue 28 ranking (${label})`, () => {
    layer(makeTestServer(config), { timeout: "120 seconds", excludeTestServices: true })((it) => {
      const setup = Effect.gen(function*() {
        const server = yield* TestServer
        const key = yield* server.newKey({ plan: "unlimited" })
        const sql = yield* SqlClient.SqlClient
        const [{ n }] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM companies`
        if (n === 0) yield* insertCompanies(companies)
        const search = (q: string, country?: string) =>
          Effect.promise(async () => {
            const params = new URLSearchParams({ q, ...(country === undefined ? {} : { country }) })
            const reply = await call(`${server.url}/v1/search?${params}`, { headers: bearer(key) })
            assert.strictEqual(reply.status, 200, reply.text)
            return reply.body as Body
          })
        const verify = (params: Readonly<Record<string, string>>) =>
          Effect.promise(async () => {
            const reply = await call(`${server.url}/v1/verify?${new URLSearchParams(params)}`, { headers: bearer(key) })
            assert.strictEqual(reply.status, 200, reply.text)
            return reply.body as Readonly<Record<string, unknown>>
          })
        return { search, verify }
      })
      const names = (body: Body) => body.results.map((r) => r.legal_name)

      it.effect("a name or alias with other spacing or punctuation is a whole match, above longer literal ones", () =>
        Effect.gen(function*() {
          const { search } = yield* setup
          for (const q of ["Eco Bank Ghana", "ECO-BANK GHANA LIMITED", "Eco.Bank Ghana"]) {
            const body = yield* search(q)
            assert.strictEqual(names(body)[0], "Ecobank Ghana Ltd", q)
            assert.strictEqual(body.results[0]!.match_type, "normalized", q)
            assert.strictEqual(body.results[0]!.match_score, 0.97, q)
          }
          // The literal prefix of the longer name still matches, after the whole one.
          assert.include(names(yield* search("Eco Bank Ghana")), "Eco Bank Ghana Holdings Ltd")
          for (const q of ["TanzaniaCement", "Tanzania-Cement"]) {
            const body = yield* search(q)
            assert.strictEqual(names(body)[0], "Tanzania Portland Cement Co Ltd", q)
            assert.strictEqual(body.results[0]!.match_type, "alias", q)
          }
          assert.strictEqual(names(yield* search("M.T.N."))[0], "MTN Group Limited")
          assert.strictEqual(names(yield* search("First Rand"))[0], "FirstRand Ltd")
          assert.strictEqual(names(yield* search("first rand", "ZA"))[0], "FirstRand Ltd")
        }))

      it.effect("the whole legal name before a longer name that holds it", () =>
        Effect.gen(function*() {
          const { search } = yield* setup
          assert.deepStrictEqual(names(yield* search("Standard Bank")).slice(0, 1), ["Standard Bank Ltd"])
          assert.strictEqual(names(yield* search("Tanzania Portland Cement"))[0], "Tanzania Portland Cement Co Ltd")
        }))

      it.effect("a share-class listing comes after its issuer, and first when asked for by its own name", () =>
        Effect.gen(function*() {
          const { search } = yield* setup
          assert.deepStrictEqual(names(yield* search("Capitec Bank")), ["Capitec Bank Holdings Ltd", "Capitec Bank Holdings Ltd Pref"])
          assert.deepStrictEqual(names(yield* search("capitec")), ["Capitec Bank Holdings Ltd", "Capitec Bank Holdings Ltd Pref"])
          assert.deepStrictEqual(names(yield* search("Standard Bank Group")), ["Standard Bank Group Ltd", "Standard Bank Group Ltd 6.5%"])
          assert.deepStrictEqual(names(yield* search("Capitec Bank Holdings Ltd Pref")).slice(0, 1), ["Capitec Bank Holdings Ltd Pref"])
        }))

      it.effect("verify: a share-class listing is its issuer, not a second candidate that makes the name ambiguous", () =>
        Effect.gen(function*() {
          const { verify } = yield* setup
          for (const name of ["Standard Bank Group Ltd", "Capitec Bank Holdings"]) {
            const body = yield* verify({ name, country: "ZA" })
            assert.notStrictEqual(body["review_reason"], "ambiguous_match", JSON.stringify(body))
            assert.strictEqual((body["company"] as { legal_name: string } | null)?.legal_name, name.endsWith("Ltd") ? name : `${name} Ltd`)
          }
        }))

      it.effect("the parent brand with a country finds that country's company", () =>
        Effect.gen(function*() {
          const { search } = yield* setup
          assert.strictEqual(names(yield* search("Barclays Kenya"))[0], "Barclays Bank of Kenya Ltd")
          assert.strictEqual(names(yield* search("Barclays Bank Botswana"))[0], "Barclays Bank of Botswana")
        }))

      it.effect("a transposed pair of letters in a two-word name: the name, not a longer one sharing a word", () =>
        Effect.gen(function*() {
          const { search } = yield* setup
          for (const q of ["Dangote Cemnet", "Dagnote Cement", "Dangote Cmeent"]) {
            const body = yield* search(q)
            assert.strictEqual(names(body)[0], "Dangote Cement PLC", q)
            assert.strictEqual(body.results[0]!.match_type, "fuzzy", q)
          }
        }))

      it.effect("screening's equivalences: given-name spellings and the Arabic article", () =>
        Effect.gen(function*() {
          const { search } = yield* setup
          for (const q of ["Mohammed Trading", "Mohamad Trading Ltd"]) {
            const body = yield* search(q)
            assert.strictEqual(names(body)[0], "Muhammad Trading Ltd", q)
            assert.isAtLeast(body.results[0]!.match_score, 0.8, q)
          }
          const article = yield* search("Al Sewedy Electric")
          assert.strictEqual(names(article)[0], "El Sewedy Electric Co")
          assert.isAtLeast(article.results[0]!.match_score, 0.85)
        }))

      it.effect("the share-class pattern reads the same in the database as in the domain", () =>
        Effect.gen(function*() {
          yield* setup
          const sql = yield* SqlClient.SqlClient
          const rows = yield* sql<{ legal_name: string; share_class: boolean }>`
            SELECT legal_name, name_lower ~ ${SHARE_CLASS_PATTERN} AS share_class FROM companies ORDER BY id`
          assert.strictEqual(rows.length, companies.length)
          for (const row of rows) assert.strictEqual(row.share_class, isShareClassListing(row.legal_name), row.legal_name)
          assert.strictEqual(rows.filter((r) => r.share_class).length, 2)
        }))
    })
  })

rules("every match ranked in memory", {})
// One row per tier in the first look: every query takes the one-scan path (exact count, ranking in SQL).
rules("tiers over the cap: ranked in SQL", { KYB_SEARCH_MAX_MATCHES: "1" })
