import { Effect } from "effect"

/**
 * At most `max` holders at once, served first come, first served. A taker that has to wait does so with a callback
 * and a timer, not a fiber of its own: a pool's checkout waits here for its turn, so that the wait can be limited
 * without racing it against a sleep (`Effect.timeoutOrElse` starts two fibers for every checkout: issue 56).
 */
export interface Permits {
  /** Waits for a permit for at most `limitMs` (undefined: for as long as it takes), else fails with `onTimeout()`. */
  readonly take: <E>(limitMs: number | undefined, onTimeout: () => E) => Effect.Effect<void, E>
  /** Gives a permit back: to the longest waiting taker, if any. */
  readonly give: () => void
}

export const makePermits = (max: number): Permits => {
  let free = max
  const waiting: Array<() => void> = []
  const give = () => {
    const next = waiting.shift()
    if (next === undefined) free++
    else next()
  }
  const take = <E>(limitMs: number | undefined, onTimeout: () => E): Effect.Effect<void, E> =>
    Effect.suspend(() => {
      if (free > 0 && waiting.length === 0) {
        free--
        return Effect.void
      }
      let granted = false
      return Effect.callback<void, E>((resume) => {
        let timer: ReturnType<typeof setTimeout> | undefined
        const grant = () => {
          granted = true
          if (timer !== undefined) clearTimeout(timer)
          resume(Effect.void)
        }
        const leave = () => {
          const at = waiting.indexOf(grant)
          if (at >= 0) waiting.splice(at, 1)
        }
        waiting.push(grant)
        if (limitMs !== undefined) {
          timer = setTimeout(() => {
            leave()
            resume(Effect.fail(onTimeout()))
          }, limitMs)
        }
        return Effect.sync(() => {
          if (timer !== undefined) clearTimeout(timer)
          leave()
        })
      }).pipe(
        // Interrupted once granted (before the taker went on): the permit goes to the next taker, not lost.
        Effect.onInterrupt(() => Effect.sync(() => {
          if (granted) give()
        }))
      )
    })
  return { take, give }
}
