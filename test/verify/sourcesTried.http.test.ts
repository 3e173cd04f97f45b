import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll } from "vitest"
import { type FakeGleif, startFakeGleif } from "../../scripts/fake-gleif/server.js"
import { type FakeRegistry, fakeBrsCredentials, type FakeRegistryId, fakeRegistryIds, startFakeRegistry } from "../../scripts/fake-registry/index.js"
import { countryOfRegistry, type RegistryId, registryIds } from "../../src/domain/registrationNumbers.js"
import { registryAccess } from "../../src/registries/coverage/sources.js"
import { envPrefix } from "../../src/registries/liveConfig.js"
import { gleifFixtures } from "../registries/gleif/support.js"
import { fixtureRecords } from "../registries/support.js"
import { bearer, call } from "../support/http.js"
import { makeTestServer, TestServer } from "../support/server.js"

/**
 * Issue 54's "done when": a verification in each of the 18 countries says which sources were tried and what each
 * could confirm; an uncovered business still says registry_not_covered, with the sources tried. Every live source is a
 * fake on 127.0.0.1: the eight registries with an adapter (their synthetic fixtures) and GLEIF (its synthetic records).
 */

let fakes: ReadonlyArray<readonly [FakeRegistryId, FakeRegistry]> = []
let gleif: FakeGleif
beforeAll(async () => {
  fakes = await Promise.all(fakeRegistryIds.map(async (id) => [id, await startFakeRegistry({ registry: id, records: fixtureRecords(id) })] as const))
  gleif = await startFakeGleif(gleifFixtures())
})
afterAll(async () => {
  await Promise.all(fakes.map(([, fake]) => fake.close()))
  await gleif.close()
})

const ServerLive = Layer.suspend(() =>
  makeTestServer({
    KYB_REGISTRY_LIVE: [...fakeRegistryIds, "gleif"].join(","),
    ...Object.fromEntries(fakes.map(([id, fake]) => [`${envPrefix(id)}_URL`, fake.url])),
    KYB_REGISTRY_KE_BRS_USERNAME: fakeBrsCredentials.username,
    KYB_REGISTRY_KE_BRS_PASSWORD: fakeBrsCredentials.password,
    KYB_GLEIF_URL: gleif.url,
    // Generous: nothing here measures time, and the machine may be loaded.
    KYB_REGISTRY_TIMEOUT_MS: "10000",
    KYB_REGISTRY_BUDGET_MS: "20000",
    KYB_REGISTRY_RETRY_DELAY_MS: "20",
    KYB_REGISTRY_BREAKER_THRESHOLD: "1000"
  })
)

type Tried = { source: string; asked: string | null; outcome: string; reason: string | null; can_confirm: ReadonlyArray<string> }
type Verdict = { result: string; review_reasons: ReadonlyArray<string>; registered: boolean; sources_tried: ReadonlyArray<Tried> }

const withAdapter = (id: RegistryId): id is FakeRegistryId => (fakeRegistryIds as ReadonlyArray<string>).includes(id)
/** A name no source holds (synthetic). */
const NOBODY = "Synthetic Nowhere Quarry Works Limited"

describe("sources_tried on /v1/verify in the 18 countries", () => {
  layer(ServerLive, { timeout: "600 seconds", excludeTestServices: true })((it) => {
    const verify = (params: Record<string, string>) =>
      Effect.gen(function*() {
        const server = yield* TestServer
        const headers = bearer(yield* server.newKey({ plan: "unlimited" }))
        const reply = yield* Effect.promise(() => call(`${server.url}/v1/verify?${new URLSearchParams(params).toString()}`, { headers }))
        assert.strictEqual(reply.status, 200, reply.text)
        return reply.body as Verdict
      })

    it.effect.each(registryIds.map((id) => [countryOfRegistry(id), id] as const))("%s (%s)", ([country, registry]) =>
      Effect.gen(function*() {
        const ownConfirms = registryAccess[registry].adapter?.confirms ?? []
        const gleifEntry = { source: "gleif", asked: "name", outcome: "not_found", reason: null, can_confirm: ["status", "owners"] }
        const missing = yield* verify({ name: NOBODY, country })
        // ke-brs looks up numbers only: its search takes no name.
        const ownMissing = !withAdapter(registry)
          ? { source: registry, asked: null, outcome: "not_asked", reason: "no_live_source", can_confirm: [] }
          : registry === "ke-brs"
          ? { source: registry, asked: null, outcome: "not_asked", reason: "not_searchable", can_confirm: ownConfirms }
          : { source: registry, asked: "name", outcome: "not_found", reason: null, can_confirm: ownConfirms }
        assert.deepStrictEqual(missing.sources_tried, [ownMissing, gleifEntry])
        assert.isFalse(missing.registered)
        if (!withAdapter(registry) || registry === "ke-brs") {
          // Uncovered (or, for BRS, a name its search cannot take): registry_not_covered, never not_found, with the sources tried.
          assert.strictEqual(missing.result, "review")
          assert.include(missing.review_reasons, "registry_not_covered")
          if (!withAdapter(registry)) return
        }
        // The registry's own fixture business: found by its own search (by number where it searches no names).
        const record = fixtureRecords(registry)[0]!
        const found = yield* verify(registry === "ke-brs" ? { registration_no: record.registration_no, country } : { name: record.legal_name, country })
        const own = found.sources_tried[0]!
        assert.deepStrictEqual([own.source, own.asked, own.outcome], [registry, registry === "ke-brs" ? "number" : "name", "found"], JSON.stringify(found.sources_tried))
        assert.isTrue(found.registered)
        // Asked again: the store holds it now, so no live source is asked.
        const again = yield* verify(registry === "ke-brs" ? { registration_no: record.registration_no, country } : { name: record.legal_name, country })
        assert.deepStrictEqual(again.sources_tried.map((t) => [t.source, t.outcome, t.reason]), [[registry, "not_asked", "answered_from_store"], ["gleif", "not_asked", "answered_from_store"]])
      }))

    it.effect("a Malagasy NIF is not asked of the RCS search (it looks up RCS numbers): review, registry_not_covered, not not_found", () =>
      Effect.gen(function*() {
        const rcs = fakes.find(([id]) => id === "mg-rcs")![1]
        const before = rcs.stats().requests
        const verdict = yield* verify({ registration_no: "NIF 4001257310", country: "MG" })
        assert.strictEqual(rcs.stats().requests, before, "the RCS search was not asked")
        assert.strictEqual(verdict.result, "review")
        assert.include(verdict.review_reasons, "registry_not_covered")
        assert.deepStrictEqual(verdict.sources_tried[0], {
          source: "mg-rcs", asked: null, outcome: "not_asked", reason: "not_searchable", can_confirm: registryAccess["mg-rcs"].adapter!.confirms
        })
        assert.deepStrictEqual(verdict.sources_tried[1]!.source, "gleif")
        assert.deepStrictEqual([verdict.sources_tried[1]!.asked, verdict.sources_tried[1]!.outcome], ["number", "not_found"])
      }))

    it.effect("every request went to 127.0.0.1", () =>
      Effect.sync(() => {
        assert.isTrue(gleif.requests().length > 0)
        assert.isTrue(gleif.requests().every((u) => u.hostname === "127.0.0.1"))
        for (const [, fake] of fakes) assert.isTrue(fake.url.startsWith("http://127.0.0.1:"))
      }))
  })
})
