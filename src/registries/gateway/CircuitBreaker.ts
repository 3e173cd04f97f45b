import { Cause, Clock, Effect, Exit, Option, Ref } from "effect"
import { RegistryUnavailable, type UnavailableReason } from "../adapters/RegistryUnavailable.js"

export type BreakerState = "closed" | "open" | "half_open"

export interface BreakerSnapshot {
  readonly state: BreakerState
  readonly consecutiveFailures: number
  readonly openUntil: string | null
  readonly lastFailureAt: string | null
  readonly lastFailureReason: UnavailableReason | null
  readonly lastSuccessAt: string | null
}

interface Internal {
  readonly state: BreakerState
  readonly consecutiveFailures: number
  readonly openUntil: number
  readonly trialInFlight: boolean
  readonly lastFailureAt: number | null
  readonly lastFailureReason: UnavailableReason | null
  readonly lastSuccessAt: number | null
}

export interface BreakerSettings {
  readonly threshold: number
  readonly cooldownMs: number
}

export interface CircuitBreaker {
  /** Runs the call if the breaker admits it; an open breaker fails fast with reason circuit_open. */
  readonly protect: <A>(call: Effect.Effect<A, RegistryUnavailable>) => Effect.Effect<A, RegistryUnavailable>
  readonly snapshot: Effect.Effect<BreakerSnapshot>
  /** Seconds until an open breaker lets a trial call through (0 when not open). */
  readonly retryAfterSeconds: Effect.Effect<number>
}

const initial: Internal = {
  state: "closed",
  consecutiveFailures: 0,
  openUntil: 0,
  trialInFlight: false,
  lastFailureAt: null,
  lastFailureReason: null,
  lastSuccessAt: null
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/**
 * Closed -> open after `threshold` consecutive failed calls; open rejects calls until `cooldownMs` has passed,
 * then half-open lets one trial call through: success closes it, failure opens it again for another cool-down.
 */
export const makeCircuitBreaker = (registry: string, settings: BreakerSettings): Effect.Effect<CircuitBreaker> =>
  Effect.gen(function*() {
    const ref = yield* Ref.make(initial)

    const admit = Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Ref.modify(ref, (s): [boolean, Internal] => {
        if (s.state === "closed") return [true, s]
        if (s.state === "open" && now >= s.openUntil) return [true, { ...s, state: "half_open", trialInFlight: true }]
        if (s.state === "half_open" && !s.trialInFlight) return [true, { ...s, trialInFlight: true }]
        return [false, s]
      }))

    const retryAfterSeconds = Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Effect.map(Ref.get(ref), (s) => (s.state === "closed" ? 0 : Math.max(1, Math.ceil((s.openUntil - now) / 1000)))))

    const onSuccess = Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Ref.update(ref, (s): Internal => ({ ...s, state: "closed", consecutiveFailures: 0, trialInFlight: false, lastSuccessAt: now })))

    const onFailure = (reason: UnavailableReason) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Ref.update(ref, (s): Internal => {
          const consecutiveFailures = s.consecutiveFailures + 1
          const opens = s.state === "half_open" || consecutiveFailures >= settings.threshold
          return {
            ...s,
            consecutiveFailures,
            state: opens ? "open" : s.state,
            openUntil: opens ? now + settings.cooldownMs : s.openUntil,
            trialInFlight: false,
            lastFailureAt: now,
            lastFailureReason: reason
          }
        }))

    /** An interrupted call (the caller went away) says nothing about the registry: only free the trial slot. */
    const onInterrupt = Ref.update(ref, (s) => ({ ...s, trialInFlight: false }))

    const rejected = Effect.flatMap(retryAfterSeconds, (seconds) =>
      Effect.fail(
        new RegistryUnavailable({
          registry,
          reason: "circuit_open",
          detail: `circuit breaker open after ${settings.threshold} consecutive failures`,
          retryAfterSeconds: seconds
        })
      ))

    const protect = <A>(call: Effect.Effect<A, RegistryUnavailable>) =>
      Effect.flatMap(admit, (admitted) =>
        admitted
          ? call.pipe(
            Effect.onExit(
              Exit.match({
                onSuccess: () => onSuccess,
                onFailure: (cause) =>
                  Cause.hasInterruptsOnly(cause)
                    ? onInterrupt
                    : onFailure(Option.match(Cause.findErrorOption(cause), {
                      onNone: () => "transport" as const,
                      onSome: (error) => error.reason
                    }))
              })
            )
          )
          : rejected)

    const snapshot = Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Effect.map(Ref.get(ref), (s): BreakerSnapshot => ({
        state: s.state === "open" && now >= s.openUntil ? "half_open" : s.state,
        consecutiveFailures: s.consecutiveFailures,
        openUntil: s.state === "closed" ? null : iso(s.openUntil),
        lastFailureAt: iso(s.lastFailureAt),
        lastFailureReason: s.lastFailureReason,
        lastSuccessAt: iso(s.lastSuccessAt)
      })))

    return { protect, snapshot, retryAfterSeconds }
  })
