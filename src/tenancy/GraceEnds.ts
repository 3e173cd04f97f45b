import { SqlClient } from "effect/sql"
import { Config, Duration, Effect, Schedule, Context, Layer } from "effect"
import { Ends } from "./Ends.js"
import { Fence } from "./Fence.js"

/**
 * A key rotated with a grace period stops when the period is over, with no request to mark it: this sweep applies
 * its end then, as a revocation applies it at once. When it was the account's last live key, the account's
 * monitors, batch jobs and pending deliveries end (`Ends.afterRevocation`), in the transaction that marks the key.
 * Any number of instances may sweep: each key is taken by one (SKIP LOCKED).
 */
export class GraceEnds extends Context.Service<GraceEnds>()("kyb/GraceEnds", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const ends = yield* Ends
    const fence = yield* Fence
    const every = yield* Config.Duration("KYB_GRACE_SWEEP").pipe(Config.withDefault(Duration.seconds(30)))

    /** The keys whose grace ended since the last sweep, their ends applied; how many accounts ended. */
    const sweep = sql.withTransaction(Effect.gen(function*() {
      const keys = yield* sql<{ id: string; account_id: string }>`
        UPDATE api_keys SET end_applied_at = now() WHERE id IN (
          SELECT id FROM api_keys WHERE end_applied_at IS NULL AND revoked_at IS NOT NULL AND revoked_at <= now()
          ORDER BY revoked_at LIMIT 500 FOR UPDATE SKIP LOCKED)
        RETURNING id, account_id`
      let ended = 0
      for (const accountId of new Set(keys.map((k) => k.account_id))) {
        yield* fence.end(accountId)
        if (yield* ends.afterRevocation(accountId)) ended++
      }
      if (keys.length > 0) {
        yield* Effect.logInfo("rotated keys past their grace period stopped").pipe(Effect.annotateLogs({ keys: keys.length, accounts_ended: ended }))
      }
      return ended
    }))

    yield* Effect.forkScoped(Effect.repeat(
      sweep.pipe(Effect.catchCause((cause) => Effect.logWarning("the ends of expired keys could not be applied; retrying", cause))),
      Schedule.spaced(every)
    ))
    return { sweep } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([Ends.Default, Fence.Default]))
}
