import { assert, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { afterAll, beforeAll } from "vitest"
import { type FakeRegistry, fakeRegistryScoped, startFakeRegistry } from "../../../scripts/fake-registry/index.js"
import { makeNgCac, ngCacSource } from "../../../src/registries/adapters/ngCac.js"
import { adapterContext, fixtureRecords, httpClientLayer } from "../support.js"

let fake: FakeRegistry
beforeAll(async () => {
  fake = await startFakeRegistry({ registry: "ng-cac", records: fixtureRecords("ng-cac") })
})
afterAll(() => fake.close())

const adapter = Effect.suspend(() => adapterContext(fake.url)).pipe(Effect.map(makeNgCac))

layer(httpClientLayer, { excludeTestServices: true })("ng-cac adapter against the fake iCRP search", (it) => {
  it.effect("searches by name and maps rows to canonical records with provenance", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const before = Date.now()
      const records = yield* Effect.flatMap(adapter, (cac) => cac.searchByName("dangote"))
      assert.strictEqual(records.length, 1)
      const dangote = records[0]!
      assert.strictEqual(dangote.country, "NG")
      assert.strictEqual(dangote.registration_no, "RC 208767")
      assert.strictEqual(dangote.legal_name, "DANGOTE CEMENT PLC")
      assert.strictEqual(dangote.status, "active")
      assert.strictEqual(dangote.entity_type, "company")
      assert.strictEqual(dangote.incorporation_date, "1992-11-04")
      assert.strictEqual(dangote.source, ngCacSource)
      assert.strictEqual(dangote.source_kind, "live")
      assert.strictEqual(dangote.source_url, `${fake.url}/name_similarity_app/api/public_search/search`)
      assert.isAtLeast(Date.parse(dangote.last_verified_at), before - 1000)
    }))

  it.effect("sends the iCRP body and the browser-like headers", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      fake.resetStats()
      yield* Effect.flatMap(adapter, (cac) => cac.searchByName("breweries"))
      const request = fake.stats().seen.at(-1)!
      assert.deepStrictEqual(request.body, { searchTerm: "breweries", SearchType: "ALL" })
      assert.strictEqual(request.headers["origin"], "https://icrp.cac.gov.ng")
      assert.match(String(request.headers["user-agent"]), /Mozilla\/5\.0 .*KYB-Africa/)
    }))

  it.effect("maps classes and statuses: business names, trustees, inactive and struck off", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const cac = yield* adapter
      const [payDay] = yield* cac.searchByName("pay day")
      assert.strictEqual(payDay?.registration_no, "BN 2345678")
      assert.strictEqual(payDay?.entity_type, "business_name")
      const [trustees] = yield* cac.searchByName("redeemed hope")
      assert.strictEqual(trustees?.registration_no, "IT 123456")
      const [lagos] = yield* cac.searchByName("harbour")
      assert.strictEqual(lagos?.status, "dormant")
      const [kano] = yield* cac.searchByName("groundnut")
      assert.strictEqual(kano?.status, "dissolved")
    }))

  it.effect("fetches by number with an exact match on the class and digits", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const cac = yield* adapter
      const rc = yield* cac.fetchByNumber("rc-2345678")
      assert.strictEqual(Option.getOrThrow(rc).legal_name, "KANO GROUNDNUT MILLERS LIMITED")
      const bn = yield* cac.fetchByNumber("BN2345678")
      assert.strictEqual(Option.getOrThrow(bn).legal_name, "PAY DAY SUPERMARKET")
      const bare = yield* cac.fetchByNumber("208767")
      assert.strictEqual(Option.getOrThrow(bare).registration_no, "RC 208767")
      assert.deepStrictEqual(fake.stats().seen.at(-1)?.body, { searchTerm: "208767", SearchType: "RC_NUMBER" })
      assert.isTrue(Option.isNone(yield* cac.fetchByNumber("IT 208767")))
    }))

  it.effect("the retired searchapp/postapp addresses answer a structured 404: a typed failure, never 'no match'", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      for (const search of ["/postapp/api/front-office/search/company-business-name-it", "/searchapp/api/public-search/company-business-name-it"]) {
        const retired = makeNgCac({ ...(yield* adapterContext(fake.url)), paths: { search } })
        const error = yield* Effect.flip(retired.searchByName("dangote"))
        assert.strictEqual(error.reason, "http_status", search)
        assert.strictEqual(error.status, 404, search)
        const answer = yield* Effect.promise(() => fetch(`${fake.url}${search}`, { method: "POST" }).then((r) => r.json()))
        assert.isString((answer as { requestId?: unknown }).requestId, "the host answers, the path is gone")
      }
    }))

  it.effect("an empty result (data null) is an empty list, not an error", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const cac = yield* adapter
      assert.deepStrictEqual(yield* cac.searchByName("no such company anywhere"), [])
      assert.isTrue(Option.isNone(yield* cac.fetchByNumber("RC 999999")))
    }))

  it.effect("an undecodable or drifted body is a typed decode failure", () =>
    Effect.gen(function*() {
      const cac = yield* adapter
      for (const fault of ["garbage", "drift"] as const) {
        fake.setFault(fault)
        const error = yield* Effect.flip(cac.searchByName("dangote"))
        assert.strictEqual(error._tag, "RegistryUnavailable")
        assert.strictEqual(error.registry, "ng-cac")
        assert.strictEqual(error.reason, "decode")
      }
      fake.setFault("none")
    }))
})

layer(httpClientLayer, { excludeTestServices: true })("ng-cac adapter, legacy rows with a prefixed rcNumber", (it) => {
  it.effect("\"RC 613\" and \"BN 2345678\" keep their own class and still match by number", () =>
    Effect.gen(function*() {
      const legacy = yield* fakeRegistryScoped({ registry: "ng-cac", records: fixtureRecords("ng-cac"), variant: "prefixed" })
      const cac = makeNgCac(yield* adapterContext(legacy.url))
      const [breweries] = yield* cac.searchByName("breweries")
      assert.strictEqual(breweries?.registration_no, "RC 613")
      const bn = yield* cac.fetchByNumber("BN 2345678")
      assert.strictEqual(Option.getOrThrow(bn).legal_name, "PAY DAY SUPERMARKET")
    }).pipe(Effect.scoped))
})
