import { assert, describe, it } from "@effect/vitest"
import { Context, Effect, Layer, Result } from "effect"
import { type FakeGleif, fakeGleifScoped } from "../../../scripts/fake-gleif/server.js"
import { GleifSource } from "../../../src/registries/gleif/GleifSource.js"
import { gleifSourceLayer } from "../support.js"
import { fixtureAuthorities, gleifFixtures, kilimaEvidence, pagingFixtures } from "./support.js"

const records = gleifFixtures()
const kilima = records.find((r) => r.id === "SYNTHKE0000000000101")!

/** A fake GLEIF on 127.0.0.1 and GleifSource pointed at it, the fixtures' RA codes mapped. */
const withGleif = <A, E>(use: (fake: FakeGleif, source: GleifSource["Service"]) => Effect.Effect<A, E, never>) =>
  Effect.scoped(Effect.gen(function*() {
    const fake = yield* fakeGleifScoped([...records, ...pagingFixtures(kilima, 12)])
    // Built in this scope: the service's HTTP client lives until the test ends.
    const context = yield* Layer.build(gleifSourceLayer(fake.url, {
      KYB_GLEIF_RA_CODES: fixtureAuthorities,
      KYB_GLEIF_PAGE_SIZE: "5",
      // Generous: nothing here measures time, and the machine may be loaded.
      KYB_REGISTRY_TIMEOUT_MS: "10000",
      KYB_REGISTRY_BUDGET_MS: "20000"
    }))
    const source = Context.get(context, GleifSource)
    return yield* use(fake, source)
  }))

describe("GleifSource against a fake GLEIF (JSON:API on 127.0.0.1)", () => {
  it.live("by name within a country: a fully corroborated, active record is registered, with GLEIF's evidence and its level-2 parents", () =>
    withGleif((fake, gleif) => Effect.gen(function*() {
      const found = yield* gleif.byName("Kilima Tea", "KE")
      assert.strictEqual(found.length, 1)
      const [{ owners, record }] = found as [typeof found[number]]
      assert.strictEqual(record.registration_no, "PVT-SYN7K1A2B")
      assert.strictEqual(record.source_kind, "live")
      assert.deepStrictEqual(record.lei_registration, kilimaEvidence("Business Registration Service (ke-brs)"))
      assert.deepStrictEqual(owners.map((o) => [o.name, o.lei, o.relationship]), [
        ["Synthetic Indian Ocean Investments Ltd", "SYNTHMU0000000000301", "direct"],
        ["IRAN INSURANCE COMPANY", "SYNTHMU0000000000302", "ultimate"]
      ])
      const asked = fake.requests()
      assert.strictEqual(asked[0]!.searchParams.get("filter[fulltext]"), "Kilima Tea")
      assert.strictEqual(asked[0]!.searchParams.get("filter[entity.legalAddress.country]"), "KE")
      assert.isTrue(asked.every((u) => u.hostname === "127.0.0.1"))
    })))

  it.live("anything less is a reference entity: partly corroborated, inactive, a lapsed LEI, an authority not the country's registry", () =>
    withGleif((_, gleif) => Effect.gen(function*() {
      const cases: ReadonlyArray<readonly [string, string]> = [["PVT-SYN9R2C3D", "KE"], ["CS678902015", "GH"], ["CS246802018", "GH"], ["CS135792017", "GH"]]
      for (const [number, country] of cases) {
        const [one] = yield* gleif.byNumber(number, country)
        assert.isDefined(one, number)
        assert.isNull(one!.record.registration_no ?? null, number)
        assert.match(one!.record.reference_id ?? "", new RegExp(`^ref-gleif-${country.toLowerCase()}-synth`), number)
        assert.strictEqual(one!.record.source_kind, "secondary")
        assert.isUndefined(one!.record.lei_registration)
      }
    })))

  it.live("an empty answer is no record; an LEI GLEIF does not hold is none (404), never a failure", () =>
    withGleif((_, gleif) => Effect.gen(function*() {
      assert.deepStrictEqual(yield* gleif.byName("No Such Business Anywhere", "KE"), [])
      assert.deepStrictEqual(yield* gleif.byLei("SYNTHZZ0000000000999"), [])
      const byLei = yield* gleif.byLei("synthgh0000000000201")
      assert.strictEqual(byLei[0]?.record.registration_no, "CS123452019")
      assert.deepStrictEqual(byLei[0]?.owners.map((o) => o.relationship), ["direct_and_ultimate"])
    })))

  it.live("pages are followed by links.next up to KYB_GLEIF_MAX_PAGES", () =>
    withGleif((fake, gleif) => Effect.gen(function*() {
      const found = yield* gleif.byName("Synthetic Paging Traders", "KE")
      const pages = fake.requests().filter((u) => u.pathname.endsWith("/lei-records"))
      assert.strictEqual(pages.length, 3)
      assert.deepStrictEqual(pages.map((u) => u.searchParams.get("page[number]")), [null, "2", "3"])
      assert.strictEqual(found.length, 12)
    })))

  it.live("429 and 5xx are 'could not check' (typed), and the breaker then stops asking", () =>
    withGleif((fake, gleif) => Effect.gen(function*() {
      fake.setFault("throttle")
      const throttled = yield* Effect.result(gleif.byName("Kilima Tea", "KE"))
      assert.isTrue(Result.isFailure(throttled))
      if (Result.isFailure(throttled)) {
        assert.strictEqual(throttled.failure.reason, "http_status")
        assert.strictEqual(throttled.failure.status, 429)
      }
      fake.setFault("error")
      const down = yield* Effect.result(gleif.byName("Kilima Tea", "KE"))
      assert.isTrue(Result.isFailure(down) && down.failure.registry === "gleif")
      fake.setFault("garbage")
      const garbled = yield* Effect.result(gleif.byName("Kilima Tea", "KE"))
      assert.isTrue(Result.isFailure(garbled) && garbled.failure.reason === "decode")
      const before = fake.requests().length
      const open = yield* Effect.result(gleif.byName("Kilima Tea", "KE"))
      assert.isTrue(Result.isFailure(open) && open.failure.reason === "circuit_open")
      assert.strictEqual(fake.requests().length, before, "an open breaker sends nothing")
      assert.strictEqual((yield* gleif.snapshot).state, "open")
    })))
})
