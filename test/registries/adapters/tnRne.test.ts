import { assert, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { afterAll, beforeAll } from "vitest"
import { type FakeRegistry, startFakeRegistry } from "../../../scripts/fake-registry/index.js"
import { makeTnRne, tnRneSource } from "../../../src/registries/adapters/tnRne.js"
import { adapterContext, fixtureRecords, httpClientLayer } from "../support.js"

let fake: FakeRegistry
beforeAll(async () => {
  fake = await startFakeRegistry({ registry: "tn-rne", records: fixtureRecords("tn-rne") })
})
afterAll(() => fake.close())

const adapter = Effect.suspend(() => adapterContext(fake.url)).pipe(Effect.map(makeTnRne))

layer(httpClientLayer, { excludeTestServices: true })("tn-rne adapter against the fake front office", (it) => {
  it.effect("maps shortEntites rows; the commercial name becomes a trading alias", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const [exemple, ...rest] = yield* Effect.flatMap(adapter, (rne) => rne.searchByName("exemple"))
      assert.strictEqual(rest.length, 0)
      assert.strictEqual(exemple?.registration_no, "1234567A")
      assert.strictEqual(exemple?.legal_name, "SOCIETE EXEMPLE SARL")
      assert.strictEqual(exemple?.country, "TN")
      assert.deepStrictEqual(exemple?.aliases, [{ name: "EXEMPLE", kind: "trading" }])
      assert.strictEqual(exemple?.source, tnRneSource)
      assert.strictEqual(exemple?.source_kind, "live")
      const request = fake.stats().seen.at(-1)!
      assert.strictEqual(request.path, "/api/rne-api/front-office/shortEntites")
      assert.strictEqual(request.headers["referer"], "https://www.registre-entreprises.tn/search/entite")
    }))

  it.effect("fetch by identifiant unique enriches the row from the detail call", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const rne = yield* adapter
      const sfax = Option.getOrThrow(yield* rne.fetchByNumber("0998877k"))
      assert.strictEqual(sfax.legal_name, "SFAX OLIVE OIL EXPORT SARL")
      assert.strictEqual(sfax.status, "dissolved")
      assert.strictEqual(sfax.entity_type_label, "Société à responsabilité limitée")
      assert.strictEqual(sfax.entity_type, "societe_a_responsabilite_limitee")
      assert.strictEqual(sfax.registered_address, "Route de Gabès Km 3, 3003, Sfax")
      assert.strictEqual(sfax.source_url, `${fake.url}/api/rne-api/front-office/entites/short-details/0998877K`)
      assert.isTrue(Option.isNone(yield* rne.fetchByNumber("7654321Z")))
    }))

  it.effect("Arabic-script terms go in denomination, Latin ones in denominationLatin, with the front-office filters", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const rne = yield* adapter
      yield* rne.searchByName("شركة مثال")
      const arabic = fake.stats().seen.at(-1)!.query
      assert.strictEqual(arabic.get("denomination"), "شركة مثال")
      assert.isNull(arabic.get("denominationLatin"))
      yield* rne.searchByName("poulina")
      const latin = fake.stats().seen.at(-1)!.query
      assert.strictEqual(latin.get("denominationLatin"), "poulina")
      assert.strictEqual(latin.get("typeEntite"), "M")
      assert.strictEqual(latin.get("notInStatusList"), "EN_COURS_CREATION")
      assert.strictEqual(latin.get("afterId"), "")
    }))

  it.effect("an empty result is an empty list", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      assert.deepStrictEqual(yield* Effect.flatMap(adapter, (rne) => rne.searchByName("carthage")), [])
    }))

  it.effect("an undecodable or drifted body is a typed decode failure", () =>
    Effect.gen(function*() {
      const rne = yield* adapter
      for (const fault of ["garbage", "drift"] as const) {
        fake.setFault(fault)
        const error = yield* Effect.flip(rne.searchByName("poulina"))
        assert.strictEqual(error.registry, "tn-rne")
        assert.strictEqual(error.reason, "decode")
      }
      fake.setFault("none")
    }))
})
