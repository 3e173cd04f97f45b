import { assert, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { afterAll, beforeAll } from "vitest"
import { type FakeRegistry, startFakeRegistry } from "../../../scripts/fake-registry/index.js"
import { makeMgRcs, mgRcsSource, rcsDetailLimit } from "../../../src/registries/adapters/mgRcs.js"
import { adapterContext, fixtureRecords, httpClientLayer } from "../support.js"

let fake: FakeRegistry
beforeAll(async () => {
  fake = await startFakeRegistry({ registry: "mg-rcs", records: fixtureRecords("mg-rcs") })
})
afterAll(() => fake.close())

const adapter = Effect.suspend(() => adapterContext(fake.url)).pipe(Effect.map(makeMgRcs))

layer(httpClientLayer, { excludeTestServices: true })("mg-rcs adapter against the fake RCS search form", (it) => {
  it.effect("posts the form, follows the detail link and reads table.simple2 with its dirigeants", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      fake.resetStats()
      const [vanille, ...rest] = yield* Effect.flatMap(adapter, (rcs) => rcs.searchByName("vanille"))
      assert.strictEqual(rest.length, 0)
      assert.strictEqual(vanille?.registration_no, "2015 B 00456")
      assert.strictEqual(vanille?.legal_name, "VANILLE SAVA EXPORT")
      assert.strictEqual(vanille?.country, "MG")
      assert.strictEqual(vanille?.entity_type_label, "SA")
      assert.strictEqual(vanille?.incorporation_date, "2015-02-03")
      assert.strictEqual(vanille?.registered_address, "Rue du Commerce, Sambava")
      assert.isNull(vanille?.status, "the register shows no status: never guessed")
      assert.deepStrictEqual(vanille?.officers?.map((o) => [o.role, o.name]), [
        ["Président du conseil", "RANDRIA Mialy (synthetic)"],
        ["Directeur général", "RABE Tojo (synthetic)"]
      ])
      assert.strictEqual(vanille?.source, mgRcsSource)
      assert.strictEqual(vanille?.source_kind, "live")
      assert.match(vanille?.source_url ?? "", /\/index\.php\?pgdown=detail&id=\d+$/)

      const [post, detail] = fake.stats().seen
      assert.deepStrictEqual([post?.method, post?.path, post?.query.get("pgdown")], ["POST", "/index.php", "recherche2"])
      assert.match(String(post?.headers["content-type"]), /application\/x-www-form-urlencoded/)
      assert.strictEqual(detail?.method, "GET")
    }))

  it.effect("follows the paging links with their token until it has enough detail pages", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      fake.resetStats()
      const records = yield* Effect.flatMap(adapter, (rcs) => rcs.searchByName("mahajanga peche"))
      assert.strictEqual(records.length, rcsDetailLimit)
      const paged = fake.stats().seen.filter((seen) => seen.method === "GET" && seen.query.get("pgdown") === "recherche2")
      assert.strictEqual(paged.length, 1, "page 0 is the POST's answer; page 1 was fetched, page 2 was not needed")
      assert.strictEqual(paged[0]?.query.get("page"), "1")
      assert.isTrue((paged[0]?.query.get("req") ?? "").length > 0)
    }))

  it.effect("fetches by RCS number through the Immatriculation field, exact match only", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const rcs = yield* adapter
      fake.resetStats()
      const found = Option.getOrThrow(yield* rcs.fetchByNumber("RCS Antananarivo 2011 B 00123"))
      assert.strictEqual(found.legal_name, "SOCIETE ANALAMANGA DISTRIBUTION")
      const form = new URLSearchParams(fake.stats().seen[0]?.text)
      assert.strictEqual(form.get("Immatriculation"), "2011 B 00123")
      assert.strictEqual(form.get("Denomination"), "")
      assert.strictEqual(form.get("Greffe"), "Null")
      assert.isTrue(Option.isNone(yield* rcs.fetchByNumber("2011 B 99999")))
    }))

  it.effect("zero results (Nombre de page : 0, empty tbody) is no match", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      assert.deepStrictEqual(yield* Effect.flatMap(adapter, (rcs) => rcs.searchByName("antsirabe brasserie")), [])
    }))

  it.effect("a maintenance page or a redesigned page is a typed decode failure; 403 and 5xx are http_status", () =>
    Effect.gen(function*() {
      const rcs = yield* adapter
      for (const fault of ["garbage", "drift"] as const) {
        fake.setFault(fault)
        const error = yield* Effect.flip(rcs.searchByName("vanille"))
        assert.strictEqual(error.registry, "mg-rcs")
        assert.strictEqual(error.reason, "decode", fault)
      }
      for (const fault of ["forbidden", "error"] as const) {
        fake.setFault(fault)
        assert.strictEqual((yield* Effect.flip(rcs.searchByName("vanille"))).reason, "http_status", fault)
      }
      fake.setFault("none")
    }))
})
