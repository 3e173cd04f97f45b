import { HttpClient } from "@effect/platform"
import { NodeHttpClient } from "@effect/platform-node"
import { Array as Arr, Effect, Either, Option } from "effect"
import type { CanonicalCompany } from "../domain/CanonicalCompany.js"
import type { RegistryId } from "../domain/registrationNumbers.js"
import { makeMuCbrd } from "./adapters/muCbrd.js"
import { makeNgCac } from "./adapters/ngCac.js"
import { type AdapterContext, isLiveRegistryId, type LiveRegistryId, type RegistryAdapter } from "./adapters/RegistryAdapter.js"
import { RegistryUnavailable } from "./adapters/RegistryUnavailable.js"
import { makeTnRne } from "./adapters/tnRne.js"
import { makeTzBrela } from "./adapters/tzBrela.js"
import { makeZmPacra } from "./adapters/zmPacra.js"
import { type BreakerSnapshot, makeCircuitBreaker } from "./gateway/CircuitBreaker.js"
import { type Guard, makeGuard } from "./gateway/guard.js"
import { liveConfig } from "./liveConfig.js"

export { RegistryUnavailable } from "./adapters/RegistryUnavailable.js"
export type { LiveRegistryId } from "./adapters/RegistryAdapter.js"

export interface LiveSearchResult {
  readonly records: ReadonlyArray<CanonicalCompany>
  /** Registries consulted (answered or not). */
  readonly checked: ReadonlyArray<LiveRegistryId>
  /** Consulted registries that gave no usable answer in time. */
  readonly unreachable: ReadonlyArray<LiveRegistryId>
}

export interface LiveRegistryStatus extends BreakerSnapshot {
  readonly registry: LiveRegistryId
  readonly baseUrl: string
}

const makers: Record<LiveRegistryId, (ctx: AdapterContext) => RegistryAdapter> = {
  "ng-cac": makeNgCac,
  "tz-brela": makeTzBrela,
  "zm-pacra": makeZmPacra,
  "mu-cbrd": makeMuCbrd,
  "tn-rne": makeTnRne
}

interface LiveRegistry {
  readonly adapter: RegistryAdapter
  readonly guard: Guard
  readonly baseUrl: string
  readonly snapshot: Effect.Effect<BreakerSnapshot>
  readonly retryAfterSeconds: Effect.Effect<number>
}

/**
 * The live registry gateway: the registries with a public machine search, each call bounded (timeout,
 * one jittered retry, circuit breaker, concurrency cap, request budget). Database-free: callers store results.
 */
export class LiveRegistries extends Effect.Service<LiveRegistries>()("LiveRegistries", {
  effect: Effect.gen(function*() {
    const config = yield* liveConfig
    const client = (yield* HttpClient.HttpClient).pipe(HttpClient.withTracerPropagation(false))

    const entries = yield* Effect.forEach(config.enabled, (id) =>
      Effect.gen(function*() {
        const endpoint = config.endpoints[id]
        const breaker = yield* makeCircuitBreaker(id, {
          threshold: config.gateway.breakerThreshold,
          cooldownMs: config.gateway.breakerCooldownMs
        })
        const permits = yield* Effect.makeSemaphore(config.gateway.maxConcurrent)
        const adapter = makers[id]({ client, baseUrl: endpoint.baseUrl, paths: endpoint.paths, userAgent: config.userAgent })
        const guard = makeGuard({ registry: id, settings: config.gateway, timeoutMs: endpoint.timeoutMs, breaker, permits })
        const live: LiveRegistry = {
          adapter,
          guard,
          baseUrl: endpoint.baseUrl,
          snapshot: breaker.snapshot,
          retryAfterSeconds: breaker.retryAfterSeconds
        }
        return [id, live] as const
      }))
    const registries = new Map<LiveRegistryId, LiveRegistry>(entries)
    const liveRegistries: ReadonlyArray<LiveRegistryId> = [...registries.keys()]

    const liveOf = (id: string): Option.Option<LiveRegistry> =>
      isLiveRegistryId(id) ? Option.fromNullable(registries.get(id)) : Option.none()

    /** Never fails: each registry either answers within the budget or is named in `unreachable`. */
    const search = (term: string, requested: ReadonlyArray<RegistryId>): Effect.Effect<LiveSearchResult> => {
      const targets = Arr.dedupe(requested).filter(isLiveRegistryId).flatMap((id) =>
        Option.match(liveOf(id), {
          onNone: () => [],
          onSome: (live) => (live.adapter.supportsTerm(term) ? [[id, live] as const] : [])
        })
      )
      return Effect.forEach(
        targets,
        ([id, live]) => live.guard.run(live.adapter.searchByName(term)).pipe(Effect.either, Effect.map((result) => [id, result] as const)),
        { concurrency: "unbounded" }
      ).pipe(
        Effect.map((outcomes) => ({
          records: outcomes.flatMap(([, result]) => Either.getOrElse(result, () => [])),
          checked: outcomes.map(([id]) => id),
          unreachable: outcomes.filter(([, result]) => Either.isLeft(result)).map(([id]) => id)
        })),
        Effect.withSpan("LiveRegistries.search", { attributes: { term, registries: targets.map(([id]) => id) } })
      )
    }

    /** None when the registry answered without a match, or has no live adapter here (check `liveRegistries`). */
    const fetchByNumber = (
      registry: RegistryId,
      number: string
    ): Effect.Effect<Option.Option<CanonicalCompany>, RegistryUnavailable> =>
      Option.match(liveOf(registry), {
        onNone: () => Effect.succeed(Option.none()),
        onSome: (live) =>
          live.guard.run(live.adapter.fetchByNumber(number)).pipe(
            Effect.catchAll((error) =>
              Effect.flatMap(live.retryAfterSeconds, (seconds) =>
                Effect.fail(
                  new RegistryUnavailable({
                    registry: error.registry,
                    reason: error.reason,
                    detail: error.detail,
                    ...(error.status === undefined ? {} : { status: error.status }),
                    retryAfterSeconds: error.retryAfterSeconds ?? Math.max(seconds, 1)
                  })
                ))
            ),
            Effect.withSpan("LiveRegistries.fetchByNumber", { attributes: { registry, number } })
          )
      })

    const status = (): Effect.Effect<ReadonlyArray<LiveRegistryStatus>> =>
      Effect.forEach([...registries], ([registry, live]) =>
        Effect.map(live.snapshot, (snapshot) => ({ registry, baseUrl: live.baseUrl, ...snapshot })))

    return { liveRegistries, search, fetchByNumber, status } as const
  }),
  dependencies: [NodeHttpClient.layerUndici]
}) {}
