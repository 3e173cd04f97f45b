import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect } from "effect"
import { liveConfig } from "../../src/registries/liveConfig.js"

const withEnv = (entries: Record<string, string>) =>
  Effect.provideService(ConfigProvider.ConfigProvider, ConfigProvider.fromEnv({ env: entries }))

describe("liveConfig", () => {
  it.effect("defaults: the registries' public addresses, 3 s per call, all seven live", () =>
    Effect.gen(function*() {
      const config = yield* liveConfig.pipe(withEnv({}))
      assert.deepStrictEqual(config.enabled, ["ng-cac", "tz-brela", "zm-pacra", "mu-cbrd", "tn-rne", "bw-cipa", "mg-rcs"])
      assert.strictEqual(config.endpoints["bw-cipa"].paths["start"], "/master/ui/start/CIPARegisterSearch")
      assert.strictEqual(config.endpoints["mg-rcs"].baseUrl, "https://www.rcsmada.mg")
      assert.strictEqual(config.endpoints["zm-pacra"].baseUrl, "https://xatu.pacra.org.zm:8344")
      assert.strictEqual(config.endpoints["ng-cac"].paths["search"], "/name_similarity_app/api/public_search/search")
      assert.strictEqual(config.gateway.timeoutMs, 3_000)
      assert.strictEqual(config.gateway.retries, 1)
      assert.match(config.userAgent, /KYB-Africa/)
    }))

  it.effect("KYB_REGISTRY_<ID>_URL, paths, per-registry timeout and the live list are configurable", () =>
    Effect.gen(function*() {
      const config = yield* liveConfig.pipe(withEnv({
        KYB_REGISTRY_NG_CAC_URL: "http://127.0.0.1:4101",
        KYB_REGISTRY_TN_RNE_DETAIL_PATH: "/v2/details/",
        KYB_REGISTRY_TZ_BRELA_TIMEOUT_MS: "20000",
        KYB_REGISTRY_LIVE: "ng-cac, tn-rne"
      }))
      assert.strictEqual(config.endpoints["ng-cac"].baseUrl, "http://127.0.0.1:4101")
      assert.strictEqual(config.endpoints["tn-rne"].paths["detail"], "/v2/details/")
      assert.strictEqual(config.endpoints["tz-brela"].timeoutMs, 20_000)
      assert.strictEqual(config.endpoints["zm-pacra"].timeoutMs, 3_000)
      assert.deepStrictEqual(config.enabled, ["ng-cac", "tn-rne"])
    }))

  it.effect("an unknown registry id or a non-positive timeout is a config error", () =>
    Effect.gen(function*() {
      const unknown = yield* Effect.flip(liveConfig.pipe(withEnv({ KYB_REGISTRY_LIVE: "ng-cac,gh-orc" })))
      assert.match(String(unknown), /gh-orc/)
      const zero = yield* Effect.flip(liveConfig.pipe(withEnv({ KYB_REGISTRY_TIMEOUT_MS: "0" })))
      assert.match(String(zero), /KYB_REGISTRY_TIMEOUT_MS/)
    }))
})
