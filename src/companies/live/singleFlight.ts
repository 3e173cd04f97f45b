import { Deferred, Effect, type Exit, FiberId } from "effect"

/**
 * One run per key at a time: the first caller starts the work detached from its own fiber (a client that goes
 * away does not cancel it for the others; the work's own timeouts bound it), later callers for the same key
 * wait for its outcome. The key is freed on every exit, interruption included, so no waiter is left hanging.
 */
export const makeSingleFlight = <A, E>() => {
  const running = new Map<string, Deferred.Deferred<A, E>>()
  return (key: string, work: Effect.Effect<A, E>): Effect.Effect<A, E> =>
    Effect.suspend(() => {
      const held = running.get(key)
      if (held !== undefined) return Deferred.await(held)
      const outcome = Deferred.unsafeMake<A, E>(FiberId.none)
      running.set(key, outcome)
      return work.pipe(
        Effect.onExit((exit: Exit.Exit<A, E>) =>
          Effect.suspend(() => {
            running.delete(key)
            return Deferred.done(outcome, exit)
          })
        ),
        Effect.exit,
        Effect.forkDaemon,
        Effect.zipRight(Deferred.await(outcome))
      )
    })
}
