import { assert, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { afterAll, beforeAll } from "vitest"
import { type FakeRegistry, startFakeRegistry } from "../../../scripts/fake-registry/index.js"
import { makeTzBrela, tzBrelaSource } from "../../../src/registries/adapters/tzBrela.js"
import { adapterContext, fixtureRecords, httpClientLayer } from "../support.js"

let fake: FakeRegistry
beforeAll(async () => {
  fake = await startFakeRegistry({ registry: "tz-brela", records: fixtureRecords("tz-brela") })
})
afterAll(() => fake.close())

const adapter = Effect.suspend(() => adapterContext(fake.url)).pipe(Effect.map(makeTzBrela))

layer(httpClientLayer, { excludeTestServices: true })("tz-brela adapter against the fake ORS search", (it) => {
  it.effect("maps the columnar Map/Records reply by column name (substring match)", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const records = yield* Effect.flatMap(adapter, (brela) => brela.searchByName("nika"))
      assert.deepStrictEqual(records.map((r) => r.legal_name).sort(), ["NIKA COMPANY LIMITED", "NIKA LOGISTICS LIMITED"])
      const nika = records.find((r) => r.registration_no === "74784")!
      assert.strictEqual(nika.country, "TZ")
      assert.strictEqual(nika.status, "active")
      assert.strictEqual(nika.entity_type_label, "Private Company Limited by Shares")
      assert.strictEqual(nika.entity_type, "private_company_limited_by_shares")
      assert.strictEqual(nika.incorporation_date, "2010-05-12")
      assert.strictEqual(nika.registered_address, "Dar Es Salaam, Kinondoni, Msasani, 14111, Plot 12")
      assert.strictEqual(nika.source, tzBrelaSource)
      assert.strictEqual(nika.source_kind, "live")
    }))

  it.effect("sends a JSON body with the browser-like headers the WAF wants", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      yield* Effect.flatMap(adapter, (brela) => brela.searchByName("msasani"))
      const request = fake.stats().seen.at(-1)!
      assert.deepStrictEqual(request.body, { object_type: "ET-COMPANY", cm_name: "msasani", cm_number: "", PageSize: 25, PageNumber: 1 })
      assert.strictEqual(request.headers["x-requested-with"], "XMLHttpRequest")
      assert.strictEqual(request.headers["origin"], "https://ors.brela.go.tz")
    }))

  it.effect("the firewall answers 403 to a crawler user agent or a form post: a typed http_status failure, never 'no match'", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const crawler = makeTzBrela({ ...(yield* adapterContext(fake.url)), userAgent: "python-requests/2.32" })
      const refused = yield* Effect.flip(crawler.searchByName("nika"))
      assert.strictEqual(refused.reason, "http_status")
      assert.strictEqual(refused.status, 403)
      const form = yield* Effect.promise(() =>
        fetch(`${fake.url}/orsreg/list/search/businesspublic.json`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "Mozilla/5.0" },
          body: "object_type=ET-COMPANY&cm_name=nika"
        })
      )
      assert.strictEqual(form.status, 403)
    }))

  it.effect("maps a closed company to dissolved and fetches by certificate number", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const brela = yield* adapter
      const closed = yield* brela.fetchByNumber("98765")
      assert.strictEqual(Option.getOrThrow(closed).status, "dissolved")
      assert.deepStrictEqual(fake.stats().seen.at(-1)?.body, { object_type: "ET-COMPANY", cm_name: "", cm_number: "98765", PageSize: 25, PageNumber: 1 })
      assert.isTrue(Option.isNone(yield* brela.fetchByNumber("555555")))
    }))

  it.effect("terms under 3 characters are not searchable; the registry's error-in-200 is a typed rejection", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const brela = yield* adapter
      assert.isFalse(brela.supportsTerm("ni"))
      assert.isTrue(brela.supportsTerm("nik"))
      const error = yield* Effect.flip(brela.searchByName("ni"))
      assert.strictEqual(error.reason, "rejected")
      assert.match(error.detail, /Execution Timeout Expired/)
    }))

  it.effect("an empty result is an empty list", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      assert.deepStrictEqual(yield* Effect.flatMap(adapter, (brela) => brela.searchByName("zanzibar spices")), [])
    }))

  it.effect("an undecodable or drifted body is a typed decode failure", () =>
    Effect.gen(function*() {
      const brela = yield* adapter
      for (const fault of ["garbage", "drift"] as const) {
        fake.setFault(fault)
        const error = yield* Effect.flip(brela.searchByName("nika"))
        assert.strictEqual(error.registry, "tz-brela")
        assert.strictEqual(error.reason, "decode")
      }
      fake.setFault("none")
    }))
})
