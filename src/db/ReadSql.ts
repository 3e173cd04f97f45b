import * as Reactivity from "effect/reactivity/Reactivity"
import { SqlClient, type SqlConnection, type SqlError } from "effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Config, Context, Duration, Effect, Layer, Option, Redacted, Schedule, Stream } from "effect"
import { servingPool } from "./Database.js"
import { borrowOf } from "./pool.js"
import { type LagSample, observeLag, parseLsn } from "./replicaLag.js"

/** Where reads go: not configured, or the replica in use / bypassed (why, and its lag when known). */
export type ReplicaState =
  | { readonly configured: false }
  | {
    readonly configured: true
    readonly inUse: boolean
    readonly reason: string | null
    readonly lagSeconds: number | null
  }

/** Whether the work it is provided to has written something it reads back (see `readOwnWrites`). */
const OwnWrites = Context.Reference<{ primary: boolean } | undefined>("kyb/ReadSql/OwnWrites", { defaultValue: () => undefined })

/**
 * From here on, reads of the work inside the nearest `withOwnWrites` go to the primary: it has just written
 * something the caller reads back (a record fetched from a live registry), which the replica may not have
 * replayed yet. Outside any `withOwnWrites`, it holds for this fiber (and those it forks later) until the
 * context around it is restored.
 */
export const readOwnWrites: Effect.Effect<void> = Effect.withFiber((fiber) => {
  const cell = fiber.getRef(OwnWrites)
  if (cell !== undefined) cell.primary = true
  else fiber.setContext(Context.add(fiber.context, OwnWrites, { primary: true }))
  return Effect.void
})

/** Whether reads here go to the primary because the work they are part of has marked `readOwnWrites`. */
export const readsOwnWrites: Effect.Effect<boolean> = Effect.map(OwnWrites, (cell) => cell?.primary === true)

/**
 * `effect` as one unit of work for `readOwnWrites` (a request): a mark made anywhere in it, in a fiber it forked
 * too, sends its later reads to the primary. Nested units share the outermost one's mark.
 */
export const withOwnWrites = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.flatMap(OwnWrites, (cell) => (cell === undefined ? Effect.provideService(effect, OwnWrites, { primary: false }) : effect))

const PROBE_EVERY = Duration.seconds(1)
const PROBE_TIMEOUT = Duration.seconds(1)

/**
 * The client of reads that may be a moment behind (search, the record, the verify look-ups). Without
 * DATABASE_READ_URL it is the primary's client. With it, statements run on the replica while it answers and its
 * lag (the age of the oldest primary position it has not replayed, probed every second) is within
 * KYB_REPLICA_MAX_LAG (default 10 s); otherwise on the primary. A statement that fails on the replica is run again
 * on the primary (reads only: running one twice is harmless) and the replica is bypassed until the next probe
 * finds it well, so a replica going away costs no request. Each change of route is logged once.
 */
export class ReadSql extends Context.Service<ReadSql>()("kyb/ReadSql", {
  make: Effect.gen(function*() {
    const primary = yield* SqlClient.SqlClient
    const url = yield* Config.option(Config.Redacted("DATABASE_READ_URL"))
    if (Option.isNone(url) || Redacted.value(url.value).trim() === "") return { sql: primary, state: Effect.succeed<ReplicaState>({ configured: false }) }
    const maxLag = yield* Config.Duration("KYB_REPLICA_MAX_LAG").pipe(Config.withDefault(Duration.seconds(10)))
    const replica = Context.get(yield* Layer.build(servingPool(url.value, "replica")), SqlClient.SqlClient)

    let state: { inUse: boolean; reason: string | null; lagSeconds: number | null } = {
      inUse: false,
      reason: "not checked yet",
      lagSeconds: null
    }
    let logged: boolean | undefined
    const setState = (next: typeof state) =>
      Effect.suspend(() => {
        state = next
        if (logged === next.inUse) return Effect.void
        logged = next.inUse
        return next.inUse
          ? Effect.logInfo("reads on the replica")
          : Effect.logWarning("replica bypassed: reads on the primary").pipe(Effect.annotateLogs({ reason: next.reason }))
      })

    let samples: ReadonlyArray<LagSample> = []
    const probe = Effect.gen(function*() {
      const position = yield* primary<{ lsn: string }>`SELECT pg_current_wal_lsn()::text AS lsn`.pipe(
        Effect.timeout(PROBE_TIMEOUT),
        Effect.map((rows) => (rows[0] === undefined ? null : parseLsn(rows[0].lsn))),
        Effect.orElseSucceed(() => null)
      )
      const replayed = yield* replica<{ replayed: string | null }>`SELECT pg_last_wal_replay_lsn()::text AS replayed`.pipe(
        Effect.timeout(PROBE_TIMEOUT),
        Effect.result
      )
      if (replayed._tag === "Failure") return yield* setState({ inUse: false, reason: "replica unreachable", lagSeconds: null })
      const at = yield* Effect.clockWith((clock) => clock.currentTimeMillis)
      const text = replayed.success[0]?.replayed ?? null
      const observed = observeLag(samples, at, position, text === null ? null : parseLsn(text))
      samples = observed.samples
      const lagSeconds = observed.lagMs / 1000
      yield* lagSeconds > Duration.toSeconds(maxLag)
        ? setState({ inUse: false, reason: `replica lagging ${lagSeconds.toFixed(1)} s behind`, lagSeconds })
        : setState({ inUse: true, reason: null, lagSeconds })
    })
    yield* Effect.forkScoped(Effect.repeat(probe, Schedule.spaced(PROBE_EVERY)))

    // Each read borrows a connection of its pool for itself (src/db/pool.ts), as the primary's own statements do.
    const onPrimary = borrowOf(primary)
    const onReplica = borrowOf(replica)
    const route = <A>(f: (c: SqlConnection.Connection) => Effect.Effect<A, SqlError.SqlError>) =>
      Effect.flatMap(readsOwnWrites, (ownWrites) =>
        ownWrites || !state.inUse
          ? onPrimary(f)
          : onReplica(f).pipe(
            Effect.catch((error) =>
              setState({ inUse: false, reason: `statement failed on the replica: ${error.message}`, lagSeconds: state.lagSeconds })
                .pipe(Effect.andThen(onPrimary(f)))
            )
          ))

    const routed: SqlConnection.Connection = {
      execute: (sql, params, transformRows) => route((c) => c.execute(sql, params, transformRows)),
      executeRaw: (sql, params) => route((c) => c.executeRaw(sql, params)),
      executeValues: (sql, params) => route((c) => c.executeValues(sql, params)),
      executeValuesUnprepared: (sql, params) => route((c) => c.executeValuesUnprepared(sql, params)),
      executeUnprepared: (sql, params, transformRows) => route((c) => c.executeUnprepared(sql, params, transformRows)),
      executeStream: (sql, params, transformRows) =>
        Stream.unwrap(
          Effect.map(state.inUse ? replica.reserve : primary.reserve, (c) => c.executeStream(sql, params, transformRows))
        )
    }
    const sql = yield* SqlClient.make({
      acquirer: Effect.succeed(routed),
      // A transaction on this client (none is expected: it reads) stays on one connection of the primary.
      transactionAcquirer: primary.reserve,
      compiler: PgClient.makeCompiler(),
      driver: "pg",
      spanAttributes: [["db.system.name", "postgresql"], ["kyb.route", "read"]]
    }).pipe(Effect.provide(Reactivity.layer))

    return {
      sql,
      state: Effect.sync((): ReplicaState => ({ configured: true, ...state }))
    }
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
