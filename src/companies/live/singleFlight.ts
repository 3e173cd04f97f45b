import { Deferred, Duration, Effect, Exit } from "effect"

/**
 * One run per key at a time: the first caller starts the work detached from its own fiber (a client that goes
 * away does not cancel it for the others; the work's own timeouts bound it), later callers for the same key
 * wait for its outcome. The key is freed on every exit, interruption included, so no waiter is left hanging.
 *
 * `keep`: a successful outcome that `when` accepts is also given to callers that come within `for` after it, without
 * running the work again (a caller whose store read came just before the work stored its answer).
 */
export const makeSingleFlight = <A, E>(keep?: { readonly for: Duration.Input; readonly when: (value: A) => boolean }) => {
  const running = new Map<string, Deferred.Deferred<A, E>>()
  const forget = (key: string, outcome: Deferred.Deferred<A, E>) =>
    Effect.sync(() => {
      if (running.get(key) === outcome) running.delete(key)
    })
  return (key: string, work: Effect.Effect<A, E>): Effect.Effect<A, E> =>
    Effect.suspend(() => {
      const held = running.get(key)
      if (held !== undefined) return Deferred.await(held)
      const outcome = Deferred.makeUnsafe<A, E>()
      running.set(key, outcome)
      return work.pipe(
        Effect.onExit((exit: Exit.Exit<A, E>) =>
          keep !== undefined && Exit.isSuccess(exit) && keep.when(exit.value)
            ? Effect.andThen(Deferred.done(outcome, exit), Effect.asVoid(Effect.forkDetach(Effect.delay(forget(key, outcome), keep.for))))
            : Effect.andThen(forget(key, outcome), Effect.asVoid(Deferred.done(outcome, exit)))
        ),
        Effect.exit,
        Effect.forkDetach,
        Effect.andThen(Deferred.await(outcome))
      )
    })
}
