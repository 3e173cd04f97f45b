import { SqlClient } from "effect/sql"
import { Effect, Context, Fiber, Layer } from "effect"
import { ServiceUnavailable } from "../domain/errors.js"
import { ReadSql } from "../db/ReadSql.js"
import { Screener } from "../sanctions/Screener.js"

/** `self` on a fiber of its own: an interruption (the timeout) answers at once while the fiber's cancellation goes on behind. */
const disconnected = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.forkDetach(self), (fiber) => Effect.onInterrupt(Fiber.join(fiber), () => Effect.forkDetach(Fiber.interrupt(fiber))))

export class Health extends Context.Service<Health>()("kyb/Health", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const reads = yield* ReadSql
    const screener = yield* Screener
    // Disconnected: the answer comes after 1.5 s whatever the stalled query's cancellation takes.
    const primary = sql`SELECT 1`.pipe(
      disconnected,
      Effect.timeout("1500 millis"),
      Effect.catch(() => Effect.fail(ServiceUnavailable.of("The database is unreachable.")))
    )
    // A bypassed replica leaves the instance healthy: the primary serves its reads.
    // A stale list degrades the instance without taking it out of service: it answers, every verdict saying review.
    const check = Effect.andThen(primary, Effect.all([reads.state, screener.currency()])).pipe(
      Effect.map(([replica, lists]) => ({
        status: lists.some((l) => l.stale) ? "degraded" as const : "ok" as const,
        database: "reachable" as const,
        lists: lists.map((l) => ({
          list: l.list, version: l.version, published_on: l.publishedOn, dated_by: l.datedBy, fetched_from: l.fetchedFrom,
          confirmed_on: l.confirmedOn, confirmed_from: l.confirmedFrom, as_of: l.asOf, age_days: l.ageDays, max_age_days: l.maxAgeDays, stale: l.stale
        })),
        stale_lists: lists.filter((l) => l.stale).map((l) =>
          `${l.name} (${l.version}): ${l.ageDays === null ? "date unknown" : `${l.ageDays} days old`}, limit ${screener.maxAgeDays ?? "off"} days`),
        ...(replica.configured
          ? { replica: { state: replica.inUse ? "in_use" as const : "bypassed" as const, reason: replica.reason, lag_seconds: replica.lagSeconds } }
          : {})
      }))
    )
    return { check } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([ReadSql.Default]))
}
