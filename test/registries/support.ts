import * as HttpClient from "effect/http/HttpClient"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import { ConfigProvider, Effect, Layer } from "effect"
import { fileURLToPath } from "node:url"
import { type FakeRegistryId, loadRecords } from "../../scripts/fake-registry/index.js"
import type { AdapterContext } from "../../src/registries/adapters/RegistryAdapter.js"
import { defaultUserAgent, envPrefix } from "../../src/registries/liveConfig.js"
import { LiveRegistries } from "../../src/registries/LiveRegistries.js"
import { GleifSource } from "../../src/registries/gleif/GleifSource.js"

export const fixtureFile = (registry: FakeRegistryId): string =>
  fileURLToPath(new URL(`../fixtures/registries/${registry}.fixture.jsonl`, import.meta.url))

export const fixtureRecords = (registry: FakeRegistryId) => loadRecords(fixtureFile(registry)).records

/** An adapter context against a fake registry, with the real HTTP client. */
export const adapterContext = (baseUrl: string) =>
  Effect.map(HttpClient.HttpClient, (client): AdapterContext => ({ client, baseUrl, paths: {}, userAgent: defaultUserAgent }))

export const httpClientLayer = NodeHttpClient.layerUndici

/** Short test timings: 300 ms per attempt, 500 ms budget, breaker opens after 3 failures for 400 ms, cap 2. */
export const testTimings: Record<string, string> = {
  KYB_REGISTRY_TIMEOUT_MS: "300",
  KYB_REGISTRY_BUDGET_MS: "500",
  KYB_REGISTRY_RETRY_DELAY_MS: "20",
  KYB_REGISTRY_BREAKER_THRESHOLD: "3",
  KYB_REGISTRY_BREAKER_COOLDOWN_MS: "400",
  KYB_REGISTRY_MAX_CONCURRENCY: "2"
}

/** LiveRegistries.Default configured through a config provider, as an operator would with environment variables. */
export const liveRegistriesLayer = (
  urls: Partial<Record<FakeRegistryId, string>>,
  overrides: Record<string, string> = {}
) => {
  const urlEntries = Object.entries(urls).map(([id, url]) => [`${envPrefix(id as FakeRegistryId)}_URL`, url] as const)
  const map = new Map<string, string>([
    ["KYB_REGISTRY_LIVE", Object.keys(urls).join(",") || "none"],
    ...Object.entries(testTimings),
    ...urlEntries,
    ...Object.entries(overrides)
  ])
  return LiveRegistries.Default.pipe(Layer.provide(ConfigProvider.layer(ConfigProvider.fromEnv({ env: Object.fromEntries(map) }))))
}

/** Wall time of an effect, in milliseconds. */
export const timed = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const started = performance.now()
    const result = yield* effect
    return { result, ms: performance.now() - started }
  })

/**
 * GleifSource.Default configured like an operator would: off (KYB_REGISTRY_LIVE=none) unless a fake GLEIF's URL is
 * given; never the public API.
 */
export const gleifSourceLayer = (url?: string, overrides: Record<string, string> = {}) =>
  GleifSource.Default.pipe(Layer.provide(ConfigProvider.layer(ConfigProvider.fromEnv({
    env: {
      ...testTimings,
      KYB_REGISTRY_LIVE: url === undefined ? "none" : "gleif",
      KYB_GLEIF_URL: url ?? "http://127.0.0.1:9/gleif-off",
      ...overrides
    }
  }))))
