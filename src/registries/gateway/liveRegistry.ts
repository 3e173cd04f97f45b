import type * as HttpClient from "effect/http/HttpClient"
import { Effect, Semaphore } from "effect"
import { makeBwCipa } from "../adapters/bwCipa.js"
import { makeKeBrs } from "../adapters/keBrs.js"
import { makeMgRcs } from "../adapters/mgRcs.js"
import { makeMuCbrd } from "../adapters/muCbrd.js"
import { makeNgCac } from "../adapters/ngCac.js"
import type { AdapterContext, LiveRegistryId, RegistryAdapter } from "../adapters/RegistryAdapter.js"
import { makeTnRne } from "../adapters/tnRne.js"
import { makeTzBrela } from "../adapters/tzBrela.js"
import { makeZmPacra } from "../adapters/zmPacra.js"
import type { LiveConfig } from "../liveConfig.js"
import { type BreakerSnapshot, makeCircuitBreaker } from "./CircuitBreaker.js"
import { type Guard, makeGuard } from "./guard.js"

const adapters: Record<LiveRegistryId, (ctx: AdapterContext) => RegistryAdapter> = {
  "ng-cac": makeNgCac,
  "tz-brela": makeTzBrela,
  "zm-pacra": makeZmPacra,
  "mu-cbrd": makeMuCbrd,
  "tn-rne": makeTnRne,
  "bw-cipa": makeBwCipa,
  "mg-rcs": makeMgRcs,
  "ke-brs": makeKeBrs
}

/** One registry's adapter behind its own guard (breaker, permits, timeouts). */
export interface LiveRegistry {
  readonly id: LiveRegistryId
  readonly adapter: RegistryAdapter
  readonly guard: Guard
  readonly baseUrl: string
  readonly snapshot: Effect.Effect<BreakerSnapshot>
  readonly retryAfterSeconds: Effect.Effect<number>
}

export const makeLiveRegistry = (id: LiveRegistryId, config: LiveConfig, client: HttpClient.HttpClient) =>
  Effect.gen(function*() {
    const { baseUrl, credentials, paths, timeoutMs } = config.endpoints[id]
    const breaker = yield* makeCircuitBreaker(id, {
      threshold: config.gateway.breakerThreshold,
      cooldownMs: config.gateway.breakerCooldownMs
    })
    const permits = yield* Semaphore.make(config.gateway.maxConcurrent)
    const live: LiveRegistry = {
      id,
      adapter: adapters[id]({ client, baseUrl, paths, userAgent: config.userAgent, ...(credentials === undefined ? {} : { credentials }) }),
      guard: makeGuard({ registry: id, settings: config.gateway, timeoutMs, breaker, permits }),
      baseUrl,
      snapshot: breaker.snapshot,
      retryAfterSeconds: breaker.retryAfterSeconds
    }
    return live
  })
