import { assert, layer } from "@effect/vitest"
import { ConfigProvider, Effect, Option, Redacted } from "effect"
import { afterAll, beforeAll } from "vitest"
import { fakeBrsCredentials, type FakeRegistry, startFakeRegistry } from "../../../scripts/fake-registry/index.js"
import { keBrsSource, makeKeBrs } from "../../../src/registries/adapters/keBrs.js"
import { liveConfig } from "../../../src/registries/liveConfig.js"
import { adapterContext, fixtureRecords, httpClientLayer } from "../support.js"

let fake: FakeRegistry
let wrapped: FakeRegistry
beforeAll(async () => {
  fake = await startFakeRegistry({ registry: "ke-brs", records: fixtureRecords("ke-brs") })
  wrapped = await startFakeRegistry({ registry: "ke-brs", records: fixtureRecords("ke-brs"), variant: "data" })
})
afterAll(async () => {
  await fake.close()
  await wrapped.close()
})

const adapterAt = (url: () => string, password: string = fakeBrsCredentials.password) =>
  Effect.suspend(() => adapterContext(url())).pipe(
    Effect.map((ctx) => makeKeBrs({ ...ctx, credentials: { username: fakeBrsCredentials.username, password: Redacted.make(password) } }))
  )
const adapter = adapterAt(() => fake.url)

const configWith = (env: Record<string, string>) =>
  liveConfig.pipe(Effect.provideService(ConfigProvider.ConfigProvider, ConfigProvider.fromEnv({ env })))

layer(httpClientLayer, { excludeTestServices: true })("ke-brs partner adapter against the fake partner API", (it) => {
  it.effect("looks a number up with HTTP Basic and maps the record; directors become officers, shareholders do not", () =>
    Effect.gen(function*() {
      fake.setFault("none")
      const found = Option.getOrThrow(yield* Effect.flatMap(adapter, (brs) => brs.fetchByNumber("pvt ab12cd34")))
      assert.strictEqual(found.registration_no, "PVT-AB12CD34")
      assert.strictEqual(found.legal_name, "RIFT VALLEY AGRO PROCESSORS LIMITED")
      assert.strictEqual(found.status, "active")
      assert.strictEqual(found.incorporation_date, "2001-09-22")
      assert.strictEqual(found.source, keBrsSource)
      assert.strictEqual(found.source_kind, "live")
      assert.deepStrictEqual(found.officers?.map((o) => o.role), ["director", "director_shareholder"])
      const request = fake.stats().seen.at(-1)!
      assert.strictEqual(request.query.get("registration_number"), "PVT-AB12CD34")
      assert.match(String(request.headers["authorization"]), /^Basic /)
    }))

  it.effect("the record under {data} reads the same; 404 is no such number", () =>
    Effect.gen(function*() {
      const brs = yield* adapterAt(() => wrapped.url)
      assert.strictEqual(Option.getOrThrow(yield* brs.fetchByNumber("CPR/2009/12345")).status, "dissolved")
      assert.isTrue(Option.isNone(yield* brs.fetchByNumber("PVT-ZZ99ZZ99")))
    }))

  it.effect("refused credentials are an http_status failure naming them, never 'not found'", () =>
    Effect.gen(function*() {
      const brs = yield* adapterAt(() => fake.url, "wrong")
      const error = yield* Effect.flip(brs.fetchByNumber("PVT-AB12CD34"))
      assert.strictEqual(error.reason, "http_status")
      assert.strictEqual(error.status, 401)
      assert.match(error.detail, /credentials refused/)
    }))

  it.effect("no name search: a partner look-up answers numbers only", () =>
    Effect.gen(function*() {
      const brs = yield* adapter
      assert.isFalse(brs.supportsTerm("rift valley"))
    }))

  it.effect("garbage or a drifted body is a decode failure", () =>
    Effect.gen(function*() {
      const brs = yield* adapter
      for (const fault of ["garbage", "drift"] as const) {
        fake.setFault(fault)
        assert.strictEqual((yield* Effect.flip(brs.fetchByNumber("PVT-AB12CD34"))).reason, "decode", fault)
      }
      fake.setFault("none")
    }))

  it.effect("configuration: off without credentials, on with both, an error when named without them or half set", () =>
    Effect.gen(function*() {
      assert.notInclude((yield* configWith({})).enabled, "ke-brs")
      const on = yield* configWith({ KYB_REGISTRY_KE_BRS_USERNAME: "partner", KYB_REGISTRY_KE_BRS_PASSWORD: "secret" })
      assert.include(on.enabled, "ke-brs")
      assert.strictEqual(Redacted.value(on.endpoints["ke-brs"].credentials!.password), "secret")
      assert.notInclude(String(on.endpoints["ke-brs"].credentials!.password), "secret")
      const named = yield* Effect.flip(configWith({ KYB_REGISTRY_LIVE: "ke-brs" }))
      assert.match(String(named), /KE_BRS_USERNAME/)
      yield* Effect.flip(configWith({ KYB_REGISTRY_KE_BRS_USERNAME: "partner" }))
    }))
})
