import * as HttpClient from "effect/http/HttpClient"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import { Array as Arr, Effect, Result, Fiber, Option, Context, Layer } from "effect"
import type { RegistryRecord } from "../domain/CanonicalCompany.js"
import type { RegistryId } from "../domain/registrationNumbers.js"
import { isLiveRegistryId, type LiveRegistryId } from "./adapters/RegistryAdapter.js"
import { RegistryUnavailable } from "./adapters/RegistryUnavailable.js"
import type { BreakerSnapshot } from "./gateway/CircuitBreaker.js"
import { type LiveRegistry, makeLiveRegistry } from "./gateway/liveRegistry.js"
import { liveConfig } from "./liveConfig.js"
import { traced } from "../metrics/span.js"

export { RegistryUnavailable } from "./adapters/RegistryUnavailable.js"
export type { LiveRegistryId } from "./adapters/RegistryAdapter.js"

export interface LiveSearchResult {
  readonly records: ReadonlyArray<RegistryRecord>
  /** Registries consulted (answered or not). */
  readonly checked: ReadonlyArray<LiveRegistryId>
  /** Consulted registries that gave no usable answer within the budget. */
  readonly unreachable: ReadonlyArray<LiveRegistryId>
  /** Each consulted registry's answer: how many records it gave, or why it gave none (sources_tried). */
  readonly answers: ReadonlyArray<{ readonly registry: LiveRegistryId; readonly records: number } | { readonly registry: LiveRegistryId; readonly failed: RegistryUnavailable["reason"] }>
}

export interface LiveSearchOptions {
  /**
   * Called with what a registry returns after the request's budget ran out (the call goes on in the
   * background, bounded by KYB_REGISTRY_BACKGROUND_MS), so the caller can store it for the next query.
   */
  readonly onLate?: (registry: LiveRegistryId, records: ReadonlyArray<RegistryRecord>) => Effect.Effect<void>
}

export interface LiveRegistryStatus extends BreakerSnapshot {
  readonly registry: LiveRegistryId
  readonly baseUrl: string
}

/** Hint for a 503's Retry-After: the breaker's remaining cool-down, at least one second. */
const withRetryAfter = (live: LiveRegistry) => (error: RegistryUnavailable) =>
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

/**
 * The live registry gateway: the registries with a public machine search, each call bounded (timeout,
 * one jittered retry, circuit breaker, concurrency cap, request budget). Database-free: callers store results.
 */
export class LiveRegistries extends Context.Service<LiveRegistries>()("LiveRegistries", {
  make: Effect.gen(function*() {
    const scope = yield* Effect.scope
    const config = yield* liveConfig
    const client = (yield* HttpClient.HttpClient).pipe(
      HttpClient.transformResponse(Effect.provideService(HttpClient.TracerPropagationEnabled, false))
    )
    const registries = yield* Effect.forEach(config.enabled, (id) => makeLiveRegistry(id, config, client))
    const byId = new Map(registries.map((live) => [live.id, live] as const))
    const liveRegistries: ReadonlyArray<LiveRegistryId> = registries.map((live) => live.id)

    const liveOf = (id: string): Option.Option<LiveRegistry> =>
      isLiveRegistryId(id) ? Option.fromNullishOr(byId.get(id)) : Option.none()

    /** The call runs detached; the request waits for it at most the budget, a late answer goes to `onLate`. */
    const searchDetached = Effect.fnUntraced(function*(live: LiveRegistry, term: string, onLate: NonNullable<LiveSearchOptions["onLate"]>) {
      const call = yield* Effect.forkIn(live.guard.run(live.adapter.searchByName(term), config.gateway.backgroundMs), scope)
      const outcome = yield* Fiber.join(call).pipe(Effect.timeoutOption(config.gateway.budgetMs), Effect.result)
      if (Result.isSuccess(outcome) && Option.isSome(outcome.success)) return outcome.success.value
      if (Result.isSuccess(outcome)) {
        yield* Fiber.join(call).pipe(
          Effect.flatMap((records) => onLate(live.id, records)),
          Effect.ignore,
          Effect.forkIn(scope)
        )
      }
      return yield* Result.isFailure(outcome) ? Effect.fail(outcome.failure) : new RegistryUnavailable({
        registry: live.id,
        reason: "budget_exceeded",
        detail: `request budget of ${config.gateway.budgetMs} ms exhausted; the call goes on in the background`
      })
    })

    /** Never fails: each consulted registry either answers within the budget or is named in `unreachable`. */
    const search = (
      term: string,
      requested: ReadonlyArray<RegistryId>,
      options: LiveSearchOptions = {}
    ): Effect.Effect<LiveSearchResult> => {
      const targets = Arr.getSomes(Arr.dedupe(requested).map(liveOf)).filter((live) => live.adapter.supportsTerm(term))
      const { onLate } = options
      return Effect.forEach(
        targets,
        (live) =>
          Effect.result(
            onLate === undefined ? live.guard.run(live.adapter.searchByName(term)) : searchDetached(live, term, onLate)
          ),
        { concurrency: "unbounded" }
      ).pipe(
        Effect.map((outcomes) => ({
          records: outcomes.flatMap((outcome) => Result.getOrElse(outcome, () => [])),
          checked: targets.map((live) => live.id),
          unreachable: targets.filter((_, index) => Result.isFailure(outcomes[index]!)).map((live) => live.id),
          answers: targets.map((live, index) => {
            const outcome = outcomes[index]!
            return Result.isFailure(outcome)
              ? { registry: live.id, failed: outcome.failure.reason }
              : { registry: live.id, records: outcome.success.length }
          })
        })),
        traced("LiveRegistries.search", () => ({ term, registries: targets.map((live) => live.id) }))
      )
    }

    /** None when the registry answered without a match, or has no live adapter here (see `liveRegistries`). */
    const fetchByNumber = (
      registry: RegistryId,
      number: string
    ): Effect.Effect<Option.Option<RegistryRecord>, RegistryUnavailable> =>
      Option.match(liveOf(registry), {
        onNone: () => Effect.succeed(Option.none()),
        onSome: (live) =>
          live.guard.run(live.adapter.fetchByNumber(number)).pipe(
            Effect.catch(withRetryAfter(live)),
            traced("LiveRegistries.fetchByNumber", () => ({ registry, number }))
          )
      })

    const status = (): Effect.Effect<ReadonlyArray<LiveRegistryStatus>> =>
      Effect.forEach(registries, (live) =>
        Effect.map(live.snapshot, (snapshot) => ({ registry: live.id, baseUrl: live.baseUrl, ...snapshot })))

    /** Whether the registry's live search looks up this kind of number (false: no live adapter here either). */
    const searchesNumber = (registry: RegistryId, number: string): boolean =>
      Option.match(liveOf(registry), { onNone: () => false, onSome: (live) => live.adapter.supportsNumber?.(number) ?? true })

    /** Whether the registry's live search takes this name (false: it searches no names, or no live adapter here). */
    const searchesName = (registry: RegistryId, name: string): boolean =>
      Option.match(liveOf(registry), { onNone: () => false, onSome: (live) => live.adapter.supportsTerm(name) })

    return { liveRegistries, search, fetchByNumber, searchesNumber, searchesName, status } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([NodeHttpClient.layerUndici]))
}
