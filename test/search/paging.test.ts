import { SqlClient } from "effect/sql"
import { analyseQuery } from "../../src/search/searchQuery.js"
import { assert, describe, layer } from "@effect/vitest"
import { ConfigProvider, Effect, Layer } from "effect"
import type { SearchParams, SearchResponse } from "../../src/domain/schemas/Search.js"
import { normalizeName } from "../../src/domain/normalize.js"
import { CompanySearch } from "../../src/search/CompanySearch.js"
import { TestDatabase } from "../support/testDatabase.js"
import { type FixtureCompany, insertCompanies } from "./fixtures.js"

/** Rows each tier gives before the exact path takes over: far fewer than the companies that match. */
const CAP = 5
const COUNTRIES = ["NG", "KE", "GH"] as const
const QUALITIES = [0.3, 0.5, 0.7] as const

/**
 * Companies matching "kora" through every literal tier, with overlap, spread over three countries and three
 * quality figures (so ties are broken by listed, quality and id), and companies that do not match.
 */
const koraFixture = (): ReadonlyArray<FixtureCompany> => {
  const out: Array<FixtureCompany> = []
  const add = (i: number, legal_name: string, extra: Partial<FixtureCompany> = {}) =>
    out.push({
      country: COUNTRIES[i % 3]!,
      registration_no: `RC ${900_000 + out.length}`,
      legal_name,
      quality: QUALITIES[(i * 7) % 3]!,
      ...extra
    })
  // prefix, normalized and contains at once (one company, counted once); some listed
  for (let i = 0; i < 14; i++) add(i, `Kora Trading ${i} Limited`, i % 5 === 0 ? { listed_ticker: `KT${i}` } : {})
  for (let i = 0; i < 3; i++) add(i, "Kora") // the whole name: exact, first
  // contains only: the word mid-name
  for (let i = 0; i < 9; i++) add(i, `Alpha ${i} Kora Foods`)
  // normalized and contains: a leading "The" is dropped from the normalised name
  for (let i = 0; i < 4; i++) add(i, `The Kora Group ${i}`)
  // normalized only: the accent is folded in name_norm, not in name_lower
  for (let i = 0; i < 7; i++) add(i, i % 2 === 0 ? `Kóra Bakery ${i}` : `Kóra Bakery Wholesale ${i}`)
  // normalized only, normalised names of 50 and 51 characters: for "kora bakery" both score 0.872, so quality decides
  add(0, `Kóra Bakery ${"b".repeat(38)}`, { quality: 0.2 })
  add(1, `Kóra Bakery ${"b".repeat(39)}`, { quality: 0.9 })
  // alias only: a stated brand name starting with the query
  for (let i = 0; i < 6; i++) {
    const brand = i % 2 === 0 ? `Kora Brands ${i}` : `Kora Brands International ${i}`
    add(i, `Zeta Mills ${i}`, { aliases: [{ name: brand, kind: "brand" }] })
  }
  // no match
  for (let i = 0; i < 20; i++) add(i, `Zenith Textiles ${i}`)
  return out
}

/**
 * The companies matching "kora" (in `country`), computed from the fixture's names as the README defines the match
 * set: the lower-case name starts with or holds the word "kora", the normalised name starts with "kora", or a
 * stated alias starts with "kora ".
 */
const expectedMatches = (fixture: ReadonlyArray<FixtureCompany>, country?: string) =>
  fixture.filter((f) => {
    if (country !== undefined && f.country !== country) return false
    const lower = f.legal_name.toLowerCase()
    const norm = normalizeName(f.legal_name, f.country)
    const aliases = (f.aliases ?? []).map((a) => normalizeName(a.name, f.country))
    return lower.startsWith("kora") || lower.split(" ").includes("kora") || norm.startsWith("kora") ||
      aliases.some((a) => a === "kora" || a.startsWith("kora "))
  })

const cappedConfig = ConfigProvider.layer(
  ConfigProvider.fromEnv({ env: { KYB_SEARCH_MAX_MATCHES: String(CAP) } }).pipe(
    ConfigProvider.orElse(ConfigProvider.fromEnv())
  )
)
const TestLayer = CompanySearch.Default.pipe(Layer.provide(cappedConfig), Layer.provideMerge(TestDatabase.layer))

const search = (params: SearchParams) => Effect.flatMap(CompanySearch, (s) => s.search(params))
const key = (r: SearchResponse["results"][number]) => `${r.country} ${r.registration_no}`

/** Every page of a query, `limit` at a time, until offset >= count (each page's count kept). */
const allPages = (params: SearchParams, limit: number) =>
  Effect.gen(function*() {
    const pages: Array<SearchResponse> = []
    for (let offset = 0;; offset += limit) {
      const page = yield* search({ ...params, limit, offset })
      pages.push(page)
      if (offset + limit >= page.count) return pages
    }
  })

describe("search count and paging beyond KYB_SEARCH_MAX_MATCHES", () => {
  layer(TestLayer, { timeout: "120 seconds" })((it) => {
    const fixture = koraFixture()

    it.effect("setup: more matching companies than the cap, in every literal tier", () =>
      Effect.gen(function*() {
        const ids = yield* insertCompanies(fixture)
        assert.strictEqual(ids.length, fixture.length)
        assert.isAbove(expectedMatches(fixture).length, CAP * 6)
      }))

    it.effect("count is the true number of matching companies, each once whatever tiers it matches", () =>
      Effect.gen(function*() {
        const expected = expectedMatches(fixture)
        const whole = yield* search({ q: "kora", limit: 100 })
        assert.strictEqual(whole.count, expected.length)
        assert.strictEqual(whole.results.length, expected.length)
        assert.sameMembers(whole.results.map(key), expected.map((f) => `${f.country} ${f.registration_no}`))
        // "Kora Trading 3 Limited" matches prefix, normalized and contains: once, as prefix
        const trading = whole.results.filter((r) => r.legal_name === "Kora Trading 3 Limited")
        assert.deepStrictEqual(trading.map((r) => r.match_type), ["prefix"])
        const types = new Set(whole.results.map((r) => r.match_type))
        for (const t of ["prefix", "contains", "normalized", "alias"] as const) assert.isTrue(types.has(t), t)
        // the whole name first, then the literal tiers by listed, quality and id
        assert.deepStrictEqual(whole.results.slice(0, 3).map((r) => r.legal_name), ["Kora", "Kora", "Kora"])
      }))

    it.effect("paging by 7 until offset >= count gives every match once, in the order of one big page", () =>
      Effect.gen(function*() {
        // "kora": every tier larger than the cap; "kora bakery": the normalised tier first (scores by length);
        // "kora brands": the alias tier first
        for (const q of ["kora", "kora bakery", "kora brands"]) {
          const whole = yield* search({ q, limit: 100 })
          assert.isAbove(whole.count, CAP, q)
          for (const limit of [7, 3, 2, 1]) {
            const pages = yield* allPages({ q }, limit)
            for (const p of pages) assert.strictEqual(p.count, whole.count)
            const paged = pages.flatMap((p) => p.results.map((r) => `${key(r)} ${r.match_type} ${r.match_score}`))
            assert.strictEqual(new Set(paged).size, paged.length)
            assert.deepStrictEqual(paged, whole.results.map((r) => `${key(r)} ${r.match_type} ${r.match_score}`), q)
          }
        }
        const bakery = (yield* search({ q: "kora bakery", limit: 100 })).results.map((r) => r.legal_name)
        assert.isBelow(bakery.indexOf(`Kóra Bakery ${"b".repeat(39)}`), bakery.indexOf(`Kóra Bakery ${"b".repeat(38)}`))
        const whole = yield* search({ q: "kora", limit: 100 })
        const past = yield* search({ q: "kora", limit: 7, offset: whole.count })
        assert.deepStrictEqual(past.results, [])
        assert.strictEqual(past.count, whole.count)
        assert.isUndefined(past.suggestions)
      }))

    it.effect("the capped answer is the uncapped one (every tier fetched whole and ranked in memory)", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const uncapped = yield* CompanySearch.pipe(
          Effect.provide(CompanySearch.Default.pipe(Layer.provide(Layer.succeed(SqlClient.SqlClient, sql))))
        )
        for (const [q, country] of [["kora", undefined], ["kora", "KE"], ["kora trading", undefined], ["Kóra", "GH"]] as const) {
          const params = { q, limit: 100, ...(country === undefined ? {} : { country }) }
          const capped = yield* search(params)
          const full = yield* uncapped.search(params)
          assert.strictEqual(capped.count, full.count, q)
          assert.deepStrictEqual(
            capped.results.map((r) => `${key(r)} ${r.match_type} ${r.match_score} ${r.matched_alias ?? ""}`),
            full.results.map((r) => `${key(r)} ${r.match_type} ${r.match_score} ${r.matched_alias ?? ""}`),
            q
          )
        }
        const best = yield* Effect.flatMap(CompanySearch, (s) => s.resolve(analyseQuery("kora")))
        const bestFull = yield* uncapped.resolve(analyseQuery("kora"))
        assert.deepStrictEqual(best.candidates.map((c) => c.companyId), bestFull.candidates.map((c) => c.companyId))
      }))

    it.effect("country scope: count and pages of the country's matches only", () =>
      Effect.gen(function*() {
        for (const country of COUNTRIES) {
          const expected = expectedMatches(fixture, country)
          assert.isAbove(expected.length, CAP, country)
          const pages = yield* allPages({ q: "kora", country: country.toLowerCase() }, 7)
          for (const p of pages) assert.strictEqual(p.count, expected.length, country)
          const paged = pages.flatMap((p) => p.results.map(key))
          assert.strictEqual(new Set(paged).size, paged.length)
          assert.sameMembers(paged, expected.map((f) => `${f.country} ${f.registration_no}`), country)
          const whole = yield* search({ q: "kora", country, limit: 100 })
          assert.deepStrictEqual(paged, whole.results.map(key), country)
        }
      }))

    it.effect("no tier larger than the cap: every match fetched and ranked at once, count exact", () =>
      Effect.gen(function*() {
        const r = yield* search({ q: "kora trading 1", limit: 100 })
        assert.strictEqual(r.count, r.results.length)
        const prefix = r.results.filter((c) => c.match_type === "prefix").map((c) => c.legal_name)
        assert.deepStrictEqual(prefix.toSorted(), [1, 10, 11, 12, 13].map((i) => `Kora Trading ${i} Limited`).toSorted())
        const pages = yield* allPages({ q: "kora trading 1" }, 2)
        assert.deepStrictEqual(pages.flatMap((p) => p.results.map(key)), r.results.map(key))
      }))
  })
})
