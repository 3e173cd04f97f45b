import { Context, Effect, Layer } from "effect"
import { fakeBrsCredentials, type FakeRegistry, type FakeRegistryId, fakeRegistryScoped } from "../../scripts/fake-registry/index.js"
import { envPrefix } from "../../src/registries/liveConfig.js"
import type { RegistryRecord } from "../../src/domain/CanonicalCompany.js"
import { fixtureRecords } from "../registries/support.js"
import { makeTestServer } from "../support/server.js"

/** The fake registries a test server was started against, by id. */
export class Fakes extends Context.Service<Fakes, Readonly<Partial<Record<FakeRegistryId, FakeRegistry>>>>()("test/live/Fakes") {}

/**
 * Short gateway timings for a shared two-core machine: 300 ms per attempt, 600 ms budget per request, one retry
 * after ~20 ms, the breaker opens after 3 failed calls for 500 ms.
 */
export const liveTimings: Readonly<Record<string, string>> = {
  KYB_REGISTRY_TIMEOUT_MS: "300",
  KYB_REGISTRY_BUDGET_MS: "600",
  KYB_REGISTRY_BACKGROUND_MS: "1000",
  KYB_REGISTRY_RETRY_DELAY_MS: "20",
  KYB_REGISTRY_BREAKER_THRESHOLD: "3",
  KYB_REGISTRY_BREAKER_COOLDOWN_MS: "500",
  KYB_REGISTRY_MAX_CONCURRENCY: "2"
}

export const BUDGET_MS = Number(liveTimings["KYB_REGISTRY_BUDGET_MS"])
export const COOLDOWN_MS = Number(liveTimings["KYB_REGISTRY_BREAKER_COOLDOWN_MS"])
/** What a loaded machine may add to the budget before the answer reaches the client. */
export const MARGIN_MS = 400

export interface ServerWithFakesOptions {
  /** Fakes started and switched on (KYB_REGISTRY_LIVE). */
  readonly live: ReadonlyArray<FakeRegistryId>
  /** Fakes started and configured by URL, but switched off: they must never be called. */
  readonly off?: ReadonlyArray<FakeRegistryId>
  readonly config?: Readonly<Record<string, string>>
  /** Records a fake serves instead of its fixture file. */
  readonly records?: Readonly<Partial<Record<FakeRegistryId, ReadonlyArray<RegistryRecord>>>>
}

/**
 * A real API server over a fresh database whose live registries are fake registries on loopback ports, each
 * serving its fixture records. The fakes start first (their URLs go into the server's configuration) and close
 * after the server.
 */
export const serverWithFakes = (options: ServerWithFakesOptions) =>
  Layer.unwrap(Effect.gen(function*() {
    const fakes: Partial<Record<FakeRegistryId, FakeRegistry>> = {}
    const urls: Record<string, string> = {}
    for (const registry of [...options.live, ...(options.off ?? [])]) {
      const records = options.records?.[registry] ?? fixtureRecords(registry)
      const fake = yield* fakeRegistryScoped({ registry, records })
      fakes[registry] = fake
      urls[`${envPrefix(registry)}_URL`] = fake.url
      if (registry === "ke-brs") {
        urls["KYB_REGISTRY_KE_BRS_USERNAME"] = fakeBrsCredentials.username
        urls["KYB_REGISTRY_KE_BRS_PASSWORD"] = fakeBrsCredentials.password
      }
    }
    const config = {
      ...liveTimings,
      ...urls,
      KYB_REGISTRY_LIVE: options.live.length === 0 ? "none" : options.live.join(","),
      ...options.config
    }
    return Layer.merge(makeTestServer(config), Layer.succeed(Fakes, fakes))
  }))

/** The fake for `registry`; dies when the test server was not started with it. */
export const fake = (registry: FakeRegistryId) =>
  Effect.flatMap(Fakes, (fakes) => {
    const found = fakes[registry]
    return found === undefined ? Effect.die(new Error(`no fake ${registry}`)) : Effect.succeed(found)
  })

/** Wall time of a promise, in milliseconds. */
export const timedCall = async <A>(f: () => Promise<A>): Promise<{ readonly result: A; readonly ms: number }> => {
  const started = performance.now()
  const result = await f()
  return { result, ms: performance.now() - started }
}
