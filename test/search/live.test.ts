import { SqlClient } from "effect/sql"
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { fileURLToPath } from "node:url"
import { type FakeRegistry, fakeRegistryScoped, loadRecords } from "../../scripts/fake-registry/index.js"
import { CompanyWriter } from "../../src/companies/CompanyWriter.js"
import { LiveFallback } from "../../src/companies/live/LiveFallback.js"
import { LiveSearchCache } from "../../src/companies/live/LiveSearchCache.js"
import { CompanySearch } from "../../src/search/CompanySearch.js"
import { gleifSourceLayer, liveRegistriesLayer } from "../registries/support.js"
import { TestDatabase } from "../support/testDatabase.js"

const records = loadRecords(fileURLToPath(new URL("../fixtures/search/ng-cac-live.jsonl", import.meta.url))).records

let cac: FakeRegistry

/** A fake CAC for the file, and CompanySearch with LiveFallback over it (as CompanySearchLive). */
const TestLayer = Layer.unwrap(Effect.gen(function*() {
  cac = yield* fakeRegistryScoped({ registry: "ng-cac", records })
  return CompanySearch.Default.pipe(
    Layer.provide(Layer.effect(LiveFallback, LiveFallback.make).pipe(
      Layer.provide(Layer.mergeAll(liveRegistriesLayer({ "ng-cac": cac.url }), gleifSourceLayer(), CompanyWriter.Default, LiveSearchCache.Default))
    )),
    Layer.provideMerge(TestDatabase.layer)
  )
}))

const search = (q: string, country?: string) =>
  Effect.flatMap(CompanySearch, (s) => s.search({ q, ...(country === undefined ? {} : { country }) }))

describe("CompanySearch: search on a miss (live registries)", () => {
  layer(TestLayer, { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("a miss asks the scope's live registry, stores what it returns and answers with source live", () =>
      Effect.gen(function*() {
        cac.resetStats()
        const first = yield* search("Zenith Bank", "ng")
        assert.strictEqual(first.source, "live")
        assert.deepStrictEqual(first.checked_registries, ["ng-cac"])
        assert.deepStrictEqual(first.unreachable_registries, [])
        assert.strictEqual(first.results[0]?.legal_name, "ZENITH BANK PLC")
        assert.strictEqual(first.results[0]?.match_type, "live")
        assert.strictEqual(first.results[0]?.match_score, 1)
        assert.strictEqual(first.results[0]?.registration_no, "RC 6393")
        assert.strictEqual(first.count, first.results.length)
        assert.isAtLeast(cac.stats().requests, 1)
        const sql = yield* SqlClient.SqlClient
        const stored = yield* sql<{ source_kind: string }>`SELECT source_kind FROM companies WHERE name_lower = 'zenith bank plc'`
        assert.deepStrictEqual(stored.map((r) => r.source_kind), ["live"])
      }))

    it.effect("the same query within the TTL is answered from the store without calling the registry", () =>
      Effect.gen(function*() {
        const calls = cac.stats().requests
        const again = yield* search("Zenith Bank", "NG")
        assert.strictEqual(again.source, "db")
        assert.deepStrictEqual(again.checked_registries, [])
        assert.strictEqual(again.results[0]?.legal_name, "ZENITH BANK PLC")
        assert.strictEqual(again.results[0]?.match_type, "prefix")
        assert.strictEqual(cac.stats().requests, calls)
      }))

    it.effect("a miss asked within the TTL is not asked again; after it, it is", () =>
      Effect.gen(function*() {
        const nothing = yield* search("Unheard Of Holdings", "NG")
        assert.strictEqual(nothing.source, "live")
        assert.strictEqual(nothing.count, 0)
        assert.deepStrictEqual(nothing.checked_registries, ["ng-cac"])
        const calls = cac.stats().requests
        const cached = yield* search("Unheard Of Holdings", "NG")
        assert.strictEqual(cached.source, "db")
        assert.strictEqual(cac.stats().requests, calls)
        const sql = yield* SqlClient.SqlClient
        yield* sql`UPDATE live_search_cache SET searched_at = now() - interval '25 hours'`
        const expired = yield* search("Unheard Of Holdings", "NG")
        assert.strictEqual(expired.source, "live")
        assert.isAbove(cac.stats().requests, calls)
      }))

    it.effect("a registry failure names the registry as unreachable, answers from the store and is not cached", () =>
      Effect.gen(function*() {
        cac.setFault("error")
        const failed = yield* search("Guinness", "NG")
        assert.strictEqual(failed.source, "db")
        assert.deepStrictEqual(failed.unreachable_registries, ["ng-cac"])
        assert.deepStrictEqual(failed.checked_registries, ["ng-cac"])
        assert.strictEqual(failed.count, 0)
        cac.setFault("none")
        const recovered = yield* search("Guinness", "NG")
        assert.strictEqual(recovered.source, "live")
        assert.strictEqual(recovered.results[0]?.legal_name, "GUINNESS NIGERIA PLC")
      }))

    it.effect("a scope without a live registry is never reported as checked or unreachable", () =>
      Effect.gen(function*() {
        const calls = cac.stats().requests
        const ke = yield* search("Safaricom", "KE")
        assert.strictEqual(ke.source, "db")
        assert.deepStrictEqual(ke.checked_registries, [])
        assert.deepStrictEqual(ke.unreachable_registries, [])
        assert.strictEqual(cac.stats().requests, calls)
      }))

    it.effect("a store hit does not call the registry", () =>
      Effect.gen(function*() {
        const calls = cac.stats().requests
        const hit = yield* search("zenith")
        assert.strictEqual(hit.source, "db")
        assert.strictEqual(cac.stats().requests, calls)
      }))
  })
})
