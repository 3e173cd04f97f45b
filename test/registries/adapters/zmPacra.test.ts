import { assert, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { afterAll, beforeAll } from "vitest"
import { type FakeRegistry, startFakeRegistry } from "../../../scripts/fake-registry/index.js"
import { makeZmPacra, zmPacraSource } from "../../../src/registries/adapters/zmPacra.js"
import { adapterContext, fixtureRecords, httpClientLayer } from "../support.js"

let fake: FakeRegistry
beforeAll(async () => {
  fake = await startFakeRegistry({ registry: "zm-pacra", records: fixtureRecords("zm-pacra") })
})
afterAll(() => fake.close())

const adapter = Effect.suspend(() => adapterContext(fake.url)).pipe(Effect.map(makeZmPacra))

layer(httpClientLayer, { excludeTestServices: true })("zm-pacra adapter against the fake registry search", (it) => {
  it.effect("maps the bare array, with dd/MM/yyyy dates, to canonical records", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const [minerals, ...rest] = yield* Effect.flatMap(adapter, (pacra) => pacra.searchByName("aa minerals"))
      assert.strictEqual(rest.length, 0)
      assert.strictEqual(minerals?.registration_no, "120210023366")
      assert.strictEqual(minerals?.country, "ZM")
      assert.strictEqual(minerals?.incorporation_date, "2021-11-08")
      assert.strictEqual(minerals?.status, "active")
      assert.strictEqual(minerals?.entity_type, "local_company_limited_by_shares")
      assert.strictEqual(minerals?.source, zmPacraSource)
      assert.strictEqual(minerals?.source_kind, "live")
      const request = fake.stats().seen.at(-1)!
      assert.strictEqual(request.method, "GET")
    }))

  it.effect("strips the & that breaks PACRA's search", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const pacra = yield* adapter
      const haulage = yield* pacra.searchByName("haulage &")
      assert.strictEqual(haulage[0]?.status, "dissolved")
      const query = fake.stats().seen.at(-1)!.query
      assert.deepStrictEqual([...query.entries()], [["Searchtext", "haulage"], ["SortyBy", "entity name"], ["Direction", "ASC"]])
    }))

  it.effect("fetches by the 12-digit entity number; inactive maps to dormant", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const pacra = yield* adapter
      const lusaka = yield* pacra.fetchByNumber("1201 9004 5512")
      assert.strictEqual(Option.getOrThrow(lusaka).status, "dormant")
      assert.isTrue(Option.isNone(yield* pacra.fetchByNumber("120000000000")))
    }))

  it.effect("HTTP 204 with an empty body is no match, not a phantom row", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      assert.deepStrictEqual(yield* Effect.flatMap(adapter, (pacra) => pacra.searchByName("kalahari")), [])
    }))

  it.effect("an undecodable or drifted body is a typed decode failure", () =>
    Effect.gen(function*() {
      const pacra = yield* adapter
      for (const fault of ["garbage", "drift"] as const) {
        fake.setFault(fault)
        const error = yield* Effect.flip(pacra.searchByName("minerals"))
        assert.strictEqual(error.registry, "zm-pacra")
        assert.strictEqual(error.reason, "decode")
      }
      fake.setFault("none")
    }))
})
