import { assert, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { afterAll, beforeAll } from "vitest"
import { type FakeRegistry, fakeRegistryScoped, startFakeRegistry } from "../../../scripts/fake-registry/index.js"
import { makeMuCbrd, muCbrdSource } from "../../../src/registries/adapters/muCbrd.js"
import { adapterContext, fixtureRecords, httpClientLayer } from "../support.js"

let fake: FakeRegistry
beforeAll(async () => {
  fake = await startFakeRegistry({ registry: "mu-cbrd", records: fixtureRecords("mu-cbrd") })
})
afterAll(() => fake.close())

const adapter = Effect.suspend(() => adapterContext(fake.url)).pipe(Effect.map(makeMuCbrd))

layer(httpClientLayer, { excludeTestServices: true })("mu-cbrd adapter against the fake online search", (it) => {
  it.effect("maps rows under result to canonical records, file number as the registration number", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const [textiles, ...rest] = yield* Effect.flatMap(adapter, (cbrd) => cbrd.searchByName("port louis"))
      assert.strictEqual(rest.length, 0)
      assert.strictEqual(textiles?.registration_no, "C137459")
      assert.strictEqual(textiles?.country, "MU")
      assert.strictEqual(textiles?.status, "active")
      assert.strictEqual(textiles?.incorporation_date, "2016-03-15")
      assert.strictEqual(textiles?.entity_type_label, "Private, Domestic")
      assert.strictEqual(textiles?.source, muCbrdSource)
      assert.match(textiles?.source_url ?? "", /\/onlinesearch\/company\/printCompanyDetails\?orgNo=\d+$/)
      const request = fake.stats().seen.at(-1)!
      assert.strictEqual(request.headers["referer"], "https://onlinesearch.mns.mu/")
      assert.deepStrictEqual(request.body, {
        mainOption: "companyName",
        searchValue: "port louis",
        dateIncorporatedFrom: null,
        dateIncorporatedTo: null,
        pageNumber: 0,
        pageSize: 10,
        sortBy: "ORG_NAME",
        sortOrder: "ASC"
      })
    }))

  it.effect("fetches by file number (companies C…, partnerships P…); defunct maps to dissolved", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const cbrd = yield* adapter
      assert.strictEqual(Option.getOrThrow(yield* cbrd.fetchByNumber("p16")).legal_name, "GRAND BAIE PARTNERS")
      assert.strictEqual(Option.getOrThrow(yield* cbrd.fetchByNumber("C084521")).status, "dissolved")
      assert.isTrue(Option.isNone(yield* cbrd.fetchByNumber("C16")))
    }))

  it.effect("an empty result is an empty list", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      assert.deepStrictEqual(yield* Effect.flatMap(adapter, (cbrd) => cbrd.searchByName("curepipe")), [])
    }))

  it.effect("the search answers without a captcha; the company view is a Turnstile challenge, so the record links the PDF extract and never calls the view", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      fake.resetStats()
      const [found] = yield* Effect.flatMap(adapter, (cbrd) => cbrd.searchByName("port louis"))
      assert.match(found?.source_url ?? "", /printCompanyDetails\?orgNo=/)
      assert.deepStrictEqual(fake.stats().seen.map((seen) => seen.path), ["/onlinesearch/company"])
      const view = yield* Effect.promise(() => fetch(`${fake.url}/onlinesearch/viewCompanyDetails?orgNo=1`))
      assert.strictEqual(view.status, 403)
      assert.strictEqual(view.headers.get("cf-mitigated"), "challenge")
      assert.include(yield* Effect.promise(() => view.text()), "cf-turnstile")
      const extract = yield* Effect.promise(() => fetch(found!.source_url!.replace("https://onlinesearch.mns.mu", fake.url)))
      assert.strictEqual(extract.status, 200)
    }))

  it.effect("an undecodable or drifted body is a typed decode failure", () =>
    Effect.gen(function*() {
      const cbrd = yield* adapter
      for (const fault of ["garbage", "drift"] as const) {
        fake.setFault(fault)
        const error = yield* Effect.flip(cbrd.searchByName("sugar"))
        assert.strictEqual(error.registry, "mu-cbrd")
        assert.strictEqual(error.reason, "decode")
      }
      fake.setFault("none")
    }))
})

layer(httpClientLayer, { excludeTestServices: true })("mu-cbrd adapter, rows under results", (it) => {
  it.effect("accepts the results envelope as well as result", () =>
    Effect.gen(function*() {
      const variant = yield* fakeRegistryScoped({ registry: "mu-cbrd", records: fixtureRecords("mu-cbrd"), variant: "results" })
      const cbrd = makeMuCbrd(yield* adapterContext(variant.url))
      const found = yield* cbrd.searchByName("sugar")
      assert.deepStrictEqual(found.map((r) => r.registration_no), ["C084521"])
    }).pipe(Effect.scoped))
})
