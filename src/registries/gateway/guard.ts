import { Cause, Duration, Effect, Exit, Fiber, Option, Schedule, type Semaphore } from "effect"
import { countRegistryCall } from "../../metrics/series.js"
import { isRetryable, RegistryUnavailable } from "../adapters/RegistryUnavailable.js"
import type { GatewaySettings } from "../liveConfig.js"
import { type CircuitBreaker } from "./CircuitBreaker.js"

export interface Guard {
  /**
   * One registry call, bounded: breaker, concurrency cap, per-attempt timeout, one jittered retry and an
   * overall budget (the request budget unless given).
   */
  readonly run: <A>(call: Effect.Effect<A, RegistryUnavailable>, budgetMs?: number) => Effect.Effect<A, RegistryUnavailable>
}

export interface GuardParts {
  readonly registry: string
  readonly settings: GatewaySettings
  readonly timeoutMs: number
  readonly breaker: CircuitBreaker
  readonly permits: Semaphore.Semaphore
}

/** Fails after `ms` without waiting for the abandoned call to finish unwinding. */
const within = (registry: string, ms: number, reason: "timeout" | "budget_exceeded") =>
<A>(call: Effect.Effect<A, RegistryUnavailable>): Effect.Effect<A, RegistryUnavailable> =>
  Effect.flatMap(Effect.forkDetach(call), (fiber) =>
    Fiber.join(fiber).pipe(
      Effect.timeoutOrElse({
        duration: Duration.millis(ms),
        orElse: () =>
          Effect.andThen(
            Effect.forkDetach(Fiber.interrupt(fiber)),
            Effect.fail(
              new RegistryUnavailable({
                registry,
                reason,
                detail: reason === "timeout" ? `no answer within ${ms} ms` : `request budget of ${ms} ms exhausted`
              })
            )
          )
      }),
      Effect.onInterrupt(() => Effect.forkDetach(Fiber.interrupt(fiber)))
    ))

/** `ok`, or why the call failed (RegistryUnavailable's reasons: a fixed vocabulary), or `interrupted`. */
const outcomeOf = (exit: Exit.Exit<unknown, RegistryUnavailable>): string =>
  Exit.isSuccess(exit) ? "ok" : Option.match(Cause.findErrorOption(exit.cause), { onNone: () => "interrupted", onSome: (e) => e.reason })

export const makeGuard = ({ breaker, permits, registry, settings, timeoutMs }: GuardParts): Guard => {
  const retrySchedule = Schedule.spaced(Duration.millis(settings.retryDelayMs)).pipe(Schedule.jittered)
  return {
    run: (call, budgetMs = settings.budgetMs) =>
      Effect.suspend(() => {
        const startedAt = performance.now()
        return call.pipe(
          within(registry, timeoutMs, "timeout"),
          permits.withPermits(1),
          Effect.retry({ schedule: retrySchedule, times: settings.retries, while: isRetryable }),
          within(registry, budgetMs, "budget_exceeded"),
          breaker.protect,
          Effect.tapError((error) =>
            Effect.logWarning("live registry call failed").pipe(
              Effect.annotateLogs({ registry, reason: error.reason, detail: error.detail })
            )
          ),
          Effect.onExit((exit) =>
            Effect.sync(() => countRegistryCall(registry, outcomeOf(exit), (performance.now() - startedAt) / 1000))
          )
        )
      })
  }
}
