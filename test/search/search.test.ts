import { analyseQuery } from "../../src/search/searchQuery.js"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import type { SearchParams, SearchResponse } from "../../src/domain/schemas/Search.js"
import { CompanySearch } from "../../src/search/CompanySearch.js"
import { TestDatabase } from "../support/testDatabase.js"
import { searchFixture } from "./companies.js"
import { insertCompanies } from "./fixtures.js"

const TestLayer = CompanySearch.Default.pipe(Layer.provideMerge(TestDatabase.layer))

const search = (params: SearchParams) => Effect.flatMap(CompanySearch, (s) => s.search(params))
const names = (r: SearchResponse) => r.results.map((c) => c.legal_name)

/** Every page of a query, `limit` at a time, until offset >= count. */
const allPages = (q: string, limit: number, country?: string) =>
  Effect.gen(function*() {
    const pages: Array<SearchResponse> = []
    let offset = 0
    for (;;) {
      const page = yield* search({ q, limit, offset, ...(country === undefined ? {} : { country }) })
      pages.push(page)
      if (page.results.length === 0) break
      offset += limit
      if (offset >= page.count) break
    }
    return pages
  })

describe("CompanySearch", () => {
  layer(TestLayer, { timeout: "120 seconds" })((it) => {
    it.effect("setup: fixture companies", () =>
      Effect.gen(function*() {
        const ids = yield* insertCompanies(searchFixture)
        assert.strictEqual(ids.length, searchFixture.length)
      }))

    it.effect("id: a registration number in any separator style, with or without country", () =>
      Effect.gen(function*() {
        for (const q of ["RC 208767", "rc-208767", "208767", "RC.208767"]) {
          const r = yield* search({ q })
          assert.strictEqual(r.results[0]?.legal_name, "Dangote Cement PLC", q)
          assert.strictEqual(r.results[0]?.match_type, "id")
          assert.strictEqual(r.results[0]?.match_score, 1)
          assert.strictEqual(r.results[0]?.matched_field, "registration_no")
          assert.strictEqual(r.results[0]?.registration_no, "RC 208767")
        }
        const za = yield* search({ q: "1994 009584 06", country: "za" })
        assert.strictEqual(za.results[0]?.legal_name, "MTN Group Limited")
        assert.strictEqual(za.results[0]?.match_type, "id")
      }))

    it.effect("id: a tax id, matched_field tax_id", () =>
      Effect.gen(function*() {
        const r = yield* search({ q: "9876543210" })
        assert.deepStrictEqual(names(r), ["MTN Group Limited"])
        assert.strictEqual(r.results[0]?.match_type, "id")
        assert.strictEqual(r.results[0]?.matched_field, "tax_id")
        const dashed = yield* search({ q: "01234567 0001" })
        assert.strictEqual(dashed.results[0]?.legal_name, "Dangote Cement PLC")
        assert.strictEqual(dashed.results[0]?.matched_field, "tax_id")
      }))

    it.effect("a number held nowhere: no name look-ups, no suggestions of names", () =>
      Effect.gen(function*() {
        const r = yield* search({ q: "RC 99999999" })
        assert.strictEqual(r.count, 0)
        assert.deepStrictEqual(r.suggestions, [])
      }))

    it.effect("prefix: literal, case-insensitive, score 1, ties by quality", () =>
      Effect.gen(function*() {
        const r = yield* search({ q: "DANGOTE" })
        assert.deepStrictEqual(names(r), ["Dangote Cement PLC", "Dangote Sugar Refinery PLC"])
        assert.deepStrictEqual(r.results.map((c) => [c.match_type, c.match_score, c.matched_field]), [
          ["prefix", 1, "legal_name"],
          ["prefix", 1, "legal_name"]
        ])
        assert.strictEqual(r.count, 2)
        assert.strictEqual(r.source, "db")
        assert.deepStrictEqual(r.checked_registries, [])
        assert.deepStrictEqual(r.unreachable_registries, [])
        assert.isUndefined(r.suggestions)
      }))

    it.effect("contains: literal substring, score 1", () =>
      Effect.gen(function*() {
        const r = yield* search({ q: "northern nigeria" })
        assert.strictEqual(r.results[0]?.legal_name, "Cement Company of Northern Nigeria PLC")
        assert.strictEqual(r.results[0]?.match_type, "contains")
        assert.strictEqual(r.results[0]?.match_score, 1)
      }))

    it.effect("contains finds the query where it starts at a word of the name, not mid-word", () =>
      Effect.gen(function*() {
        const words = yield* search({ q: "sugar refin" })
        assert.deepStrictEqual(words.results.map((c) => [c.legal_name, c.match_type]), [["Dangote Sugar Refinery PLC", "contains"]])
        const midWord = yield* search({ q: "ugar refinery" })
        assert.notInclude(midWord.results.map((c) => c.match_type), "contains")
      }))

    it.effect("normalized: accents, legal form and case folded; query_normalized", () =>
      Effect.gen(function*() {
        const r = yield* search({ q: "Societe Generale Senegal S.A." })
        assert.strictEqual(r.query, "Societe Generale Senegal S.A.")
        assert.strictEqual(r.query_normalized, "societe generale senegal")
        assert.strictEqual(r.results[0]?.legal_name, "Société Générale Sénégal")
        assert.strictEqual(r.results[0]?.match_type, "normalized")
        assert.isBelow(r.results[0]!.match_score, 1)
        assert.isAbove(r.results[0]!.match_score, 0.9)
        const limited = yield* search({ q: "Guinness Nigeria Limited" })
        assert.strictEqual(limited.results[0]?.legal_name, "Guinness Nigeria PLC")
        assert.strictEqual(limited.results[0]?.match_type, "normalized")
      }))

    it.effect("alias: former, parent, brand, ticker and initialism names resolve, with matched_alias", () =>
      Effect.gen(function*() {
        const cases: ReadonlyArray<readonly [string, string, string]> = [
          ["Barclays Bank of Kenya", "Absa Bank Kenya PLC", "barclays bank of kenya"],
          ["Diageo", "Guinness Nigeria PLC", "diageo"],
          ["M-Pesa", "Safaricom PLC", "m pesa"],
          ["SCOM", "Safaricom PLC", "scom"],
          ["UBA", "United Bank for Africa PLC", "uba"],
          ["C.C.N.N.", "Cement Company of Northern Nigeria PLC", "ccnn"],
          ["SFBT", "Société Frigorifique et Brasserie de Tunis", "sfbt"]
        ]
        for (const [q, legalName, alias] of cases) {
          const r = yield* search({ q })
          assert.strictEqual(r.results[0]?.legal_name, legalName, q)
          assert.strictEqual(r.results[0]?.match_type, "alias", q)
          assert.strictEqual(r.results[0]?.matched_alias, alias, q)
          assert.strictEqual(r.results[0]?.matched_field, "alias", q)
          assert.isBelow(r.results[0]!.match_score, 1)
        }
      }))

    it.effect("fuzzy: typos, swapped words and missing words, scored below 1", () =>
      Effect.gen(function*() {
        const cases: ReadonlyArray<readonly [string, string]> = [
          ["Dangote Cemnt", "Dangote Cement PLC"],
          ["Cement Dangote", "Dangote Cement PLC"],
          ["Guinness Brewery Nigeria", "Guinness Nigeria PLC"],
          ["Safaricon", "Safaricom PLC"],
          ["Sugar Refinery Dangote", "Dangote Sugar Refinery PLC"],
          ["Acess Bank", "Access Bank PLC"]
        ]
        for (const [q, legalName] of cases) {
          const r = yield* search({ q })
          assert.strictEqual(r.results[0]?.legal_name, legalName, q)
          assert.strictEqual(r.results[0]?.match_type, "fuzzy", q)
          assert.isBelow(r.results[0]!.match_score, 0.91, q)
          assert.isAbove(r.results[0]!.match_score, 0.4, q)
        }
      }))

    it.effect("count is distinct companies across tiers, each company once with its best tier", () =>
      Effect.gen(function*() {
        const r = yield* search({ q: "Bank of Africa", limit: 100 })
        const ids = r.results.map((c) => `${c.country}/${c.registration_no}`)
        assert.strictEqual(new Set(ids).size, ids.length)
        assert.strictEqual(r.count, r.results.length)
        const types = new Set(r.results.map((c) => c.match_type))
        assert.isTrue(types.has("prefix") && types.has("fuzzy"), [...types].join(","))
        const prefixFirst = r.results.slice(0, 3).map((c) => c.match_type)
        assert.deepStrictEqual(prefixFirst, ["prefix", "prefix", "prefix"])
        assert.include(names(r), "United Bank for Africa PLC")
      }))

    it.effect("paging is stable to the end (offset >= count) and matches one big page", () =>
      Effect.gen(function*() {
        const whole = yield* search({ q: "bank", limit: 100 })
        assert.isAtLeast(whole.count, 5)
        const pages = yield* allPages("bank", 2)
        const paged = pages.flatMap((p) => names(p))
        assert.deepStrictEqual(paged, names(whole))
        for (const p of pages) assert.strictEqual(p.count, whole.count)
        const past = yield* search({ q: "bank", limit: 2, offset: whole.count })
        assert.deepStrictEqual(past.results, [])
        assert.isUndefined(past.suggestions)
      }))

    it.effect("suggestions only when nothing matches", () =>
      Effect.gen(function*() {
        const miss = yield* search({ q: "Zenith Bank" })
        assert.strictEqual(miss.count, 0)
        assert.deepStrictEqual(miss.results, [])
        assert.isAbove(miss.suggestions?.length ?? 0, 0)
        for (const s of miss.suggestions ?? []) {
          assert.isTrue(s.score >= 0 && s.score <= 1)
          assert.match(s.country, /^[A-Z]{2}$/)
        }
        assert.include(miss.suggestions!.map((s) => s.legal_name), "Access Bank PLC")
        const hit = yield* search({ q: "Access Bank" })
        assert.isUndefined(hit.suggestions)
      }))

    it.effect("country scope is case-insensitive and echoed in upper case", () =>
      Effect.gen(function*() {
        const sn = yield* search({ q: "Bank of Africa", country: "sn" })
        assert.strictEqual(sn.country, "SN")
        assert.deepStrictEqual(names(sn), ["Bank of Africa Senegal"])
        const ci = yield* search({ q: "bank of africa", country: "Ci" })
        assert.deepStrictEqual(names(ci), ["BANK OF AFRICA COTE D'IVOIRE"])
        const none = yield* search({ q: "Dangote", country: "KE" })
        assert.strictEqual(none.count, 0)
        assert.strictEqual((yield* search({ q: "Dangote" })).country, null)
      }))

    it.effect("one- and two-character queries: prefix and whole aliases only", () =>
      Effect.gen(function*() {
        const r = yield* search({ q: "da" })
        assert.deepStrictEqual(names(r), ["Dangote Cement PLC", "Dangote Sugar Refinery PLC"])
        const m = yield* search({ q: "M" })
        assert.deepStrictEqual(names(m), ["MTN Group Limited"])
        assert.strictEqual(m.results[0]?.match_type, "prefix")
        const none = yield* search({ q: "qq" })
        assert.strictEqual(none.count, 0)
        assert.deepStrictEqual(none.suggestions, [])
      }))

    it.effect("resolve: a whole name settles it in one look-up; otherwise the cascade's best five; listed flag", () =>
      Effect.gen(function*() {
        const s = yield* CompanySearch
        const whole = yield* s.resolve(analyseQuery("Dangote Cement Plc", "NG"))
        assert.isTrue(whole.settled)
        assert.strictEqual(whole.candidates[0]?.company.legal_name, "Dangote Cement PLC")
        assert.isAtLeast(whole.candidates[0]?.match_score ?? 0, 0.98)
        assert.isTrue(whole.candidates[0]?.listed)
        const partial = yield* s.resolve(analyseQuery("Dangote Cem", "NG"))
        assert.isFalse(partial.settled)
        assert.strictEqual(partial.candidates[0]?.company.legal_name, "Dangote Cement PLC")
        const bank = yield* s.resolve(analyseQuery("bank"))
        assert.isFalse(bank.settled)
        assert.strictEqual(bank.candidates.length, 5)
        const byNumber = yield* s.findByNumber("rc208767")
        assert.deepStrictEqual(byNumber.map((c) => c.company.legal_name), ["Dangote Cement PLC"])
      }))
  })
})
