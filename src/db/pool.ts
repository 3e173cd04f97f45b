import { PgClient, type PgConnection, PgPool } from "@effect/sql-pg"
import { Array as Arr, Context, Duration, Effect, Scope, Stream } from "effect"
import { SqlClient, type SqlConnection, SqlError, Statement } from "effect/sql"
import { unwatchPool, watchPool } from "../metrics/pools.js"
import { makePermits } from "./permits.js"
import { connectionError, sessionSocket, statementLimit } from "./statementLimit.js"
import { nodePostgresTypes, toWireValues } from "./wireValues.js"

/** A pool of sql-pg connections, with the limits the serving pool puts on a statement and on a connection. */
export interface PoolConfig extends PgClient.PgPoolConfig {
  /**
   * How long a statement waits for its answer, checked by the client so that a frozen or unreachable server is
   * noticed too (a server stops its own statements with `statement_timeout`). A statement past it fails with a
   * ConnectionError and its connection is closed, without waiting for the server to acknowledge the cancel.
   */
  readonly queryTimeout?: Duration.Input | undefined
  /** How long a statement or transaction waits for a connection of the pool (the pool is full, or connecting). */
  readonly acquireTimeout?: Duration.Input | undefined
}

/**
 * `finalizer` run when the current scope closes. `Effect.addFinalizer` would run it with the context it was added in
 * (a copy of the whole fiber context, every service of the server, per finalizer: issue 56); these need none.
 */
const onClose = (finalizer: Effect.Effect<void>) => Effect.flatMap(Effect.scope, (scope) => Scope.addFinalizer(scope, finalizer))

type Within = <A>(statement: Effect.Effect<A, SqlError.SqlError>) => Effect.Effect<A, SqlError.SqlError>

const untimed: Within = (statement) => statement

type RowsTransform = <A extends object>(rows: ReadonlyArray<A>) => ReadonlyArray<A>
const rowsOf = (result: Effect.Effect<PgConnection.Result, SqlError.SqlError>, transformRows: RowsTransform | undefined) =>
  Effect.map(result, (r) => (transformRows === undefined ? r.rows : transformRows(r.rows)))

/**
 * A sql-pg session as the sql client's connection (as sql-pg's own client wraps one), with its parameters as
 * node-postgres sent them (wireValues.ts), each statement run `within` its limit.
 */
const sessionConnection = (session: PgConnection.PgConnection, within: Within): SqlConnection.Connection => ({
  execute: (sql, params, transformRows) => within(rowsOf(session.query(sql, toWireValues(params)), transformRows)),
  executeRaw: (sql, params) => within(session.query(sql, toWireValues(params))),
  executeValues: (sql, params) => within(session.queryValues(sql, toWireValues(params))),
  executeValuesUnprepared: (sql, params) => within(session.queryValues(sql, toWireValues(params), false)),
  executeUnprepared: (sql, params, transformRows) => within(rowsOf(session.query(sql, toWireValues(params), false), transformRows)),
  executeStream: (sql, params, transformRows) => {
    const rows = session.stream(sql, toWireValues(params))
    // A row transform maps each row (names): a chunk of rows stays a chunk of as many.
    return transformRows === undefined
      ? rows
      : Stream.mapArray(rows, (chunk) => {
        const out = transformRows(chunk)
        return Arr.isReadonlyArrayNonEmpty(out) ? out : chunk
      })
  }
})

/** A connection lent to one statement outside a transaction, for as long as it runs. */
type Borrow = <A, E, R>(
  f: (connection: SqlConnection.Connection) => Effect.Effect<A, E, R>
) => Effect.Effect<A, E | SqlError.SqlError, R>

const borrowers = new WeakMap<SqlClient.SqlClient, Borrow>()

/**
 * How `client` lends a connection to one statement (ReadSql routes its reads through it): a pool of `makePool` lends
 * one of its sessions; any other client checks a connection out for the statement's own scope.
 */
export const borrowOf = (client: SqlClient.SqlClient): Borrow =>
  borrowers.get(client) ?? ((f) => Effect.scoped(Effect.flatMap(client.reserve, f)))

/** sql-pg's JSON parameter (its PgClient's `json`): the compiler of `PgClient.makeCompiler` binds it as jsonb. */
const PgJson = Statement.custom<Statement.Custom<"PgJson", unknown>>("PgJson")

const noSocket = new Error("sql-pg's connection no longer shows its socket: a statement time limit cannot be kept (src/db/statementLimit.ts)")

/** PostgreSQL answers `ROLLBACK` to the `COMMIT` of an aborted transaction (as PgClient's own commit checks). */
const commit = (conn: SqlConnection.Connection): Effect.Effect<void, SqlError.SqlError> =>
  Effect.flatMap(conn.executeRaw("COMMIT", []), (result) =>
    typeof result === "object" && result !== null && "command" in result && result.command === "ROLLBACK"
      ? Effect.fail(new SqlError.SqlError({
        reason: new SqlError.UnknownError({
          cause: new Error("COMMIT rolled back an aborted transaction"),
          message: "PgClient: COMMIT rolled back an aborted transaction",
          operation: "commit"
        })
      }))
      : Effect.void)

/**
 * A PgClient over a sql-pg session pool whose connections are counted for the pool metrics (src/metrics/pools.ts),
 * take parameters and read bigints as node-postgres did (wireValues.ts) and, when the config says so, are held to
 * `queryTimeout` and `acquireTimeout`. A statement outside a transaction borrows a session for itself (`use`: no
 * scope, no pin, as sql-pg's own client does); a transaction or a stream checks one out until its scope closes.
 */
export const makePool = (config: PoolConfig, role: string) =>
  Effect.gen(function*() {
    const options = { types: nodePostgresTypes, ...config }
    const pool = yield* PgPool.make(options)
    const usage = { inUse: 0, waiting: 0, max: config.maxConnections ?? 10 }
    yield* Effect.acquireRelease(Effect.sync(() => watchPool(usage, role)), () => Effect.sync(() => unwatchPool(usage)))

    const queryLimit = config.queryTimeout === undefined ? undefined : Duration.fromInputUnsafe(config.queryTimeout)
    const acquireLimit = config.acquireTimeout === undefined ? undefined : Duration.fromInputUnsafe(config.acquireTimeout)
    // A checkout first takes one of `max` permits, waiting its turn for at most the acquire timeout, then a session
    // of the pool, which has one free for every permit: it waits for no other request, at most for a new connection,
    // which the connect timeout bounds. The permit goes back once the session is back in the pool.
    const permits = makePermits(usage.max)
    const acquireMs = acquireLimit === undefined ? undefined : Duration.toMillis(acquireLimit)
    const takePermit = permits.take(acquireMs, () => connectionError("timeout exceeded when trying to connect", "acquire"))
    // Past its limit a statement's connection is closed under it (statementLimit.ts): no fiber per statement.
    const limited = queryLimit === undefined ? undefined : statementLimit(queryLimit)
    /** The client's connection over a session; undefined when its statements cannot be time-limited. */
    const connectionOf = (session: PgConnection.PgConnection): SqlConnection.Connection | undefined => {
      if (limited === undefined) return sessionConnection(session, untimed)
      const socket = sessionSocket(session)
      return socket === undefined ? undefined : sessionConnection(session, limited(socket))
    }
    // A lent session is the pool's own object, lent again and again: its connection is made once.
    const lent = new WeakMap<PgConnection.PgConnection, SqlConnection.Connection>()
    const lentConnection = (session: PgConnection.PgConnection) => {
      let connection = lent.get(session)
      if (connection === undefined) {
        connection = connectionOf(session)
        if (connection !== undefined) lent.set(session, connection)
      }
      return connection
    }

    /** One statement outside a transaction: a permit, then a session lent for it alone. */
    const borrower = <A, E, R>(f: (connection: SqlConnection.Connection) => Effect.Effect<A, E, R>) =>
      Effect.uninterruptibleMask((restore) =>
        Effect.suspend(() => {
          usage.waiting++
          let held = false
          const done = Effect.sync(() => {
            if (held) usage.inUse--
            else usage.waiting--
            permits.give()
          })
          return Effect.matchCauseEffect(restore(takePermit), {
            onFailure: (cause) => {
              usage.waiting--
              return Effect.failCause(cause)
            },
            onSuccess: () =>
              Effect.ensuring(
                restore(pool.use((session) => {
                  usage.waiting--
                  usage.inUse++
                  held = true
                  const connection = lentConnection(session)
                  return connection === undefined ? Effect.die(noSocket) : f(connection)
                })),
                done
              )
          })
        }))

    // The checkout of a transaction or a stream. sql-pg's `reserve` (the pool's lease and the session's pin) adds
    // finalizers that run with a merged copy of the context they were added in: under the request's context, a copy
    // of every service of the server (issue 56). It runs here in a scope of its own, under the pool's own context,
    // and that scope is closed, when the caller's scope closes, under an empty one: the same finalizers, no copy.
    const own = yield* Effect.context<never>()
    const reserve = Effect.flatMap(Effect.scope, (outer) =>
      Effect.suspend(() => {
        const inner = Scope.makeUnsafe()
        return Scope.addFinalizerExit(outer, (exit) => Effect.setContext(Scope.close(inner, exit), Context.empty())).pipe(
          Effect.andThen(Effect.setContext(pool.reserve, Context.add(own, Scope.Scope, inner)))
        )
      }))
    const releaseCount = onClose(Effect.sync(() => usage.inUse--))
    const givePermit = onClose(Effect.sync(permits.give))
    /** A session until the caller's scope closes, counted and behind a permit as a borrowed one is. */
    const checkout = Effect.uninterruptibleMask((restore) =>
      Effect.suspend(() => {
        usage.waiting++
        return restore(takePermit).pipe(
          Effect.andThen(givePermit),
          Effect.andThen(restore(reserve)),
          Effect.ensuring(Effect.sync(() => usage.waiting--)),
          Effect.tap(() => {
            usage.inUse++
            return releaseCount
          })
        )
      }))
    const acquirer: Effect.Effect<SqlConnection.Connection, SqlError.SqlError, Scope.Scope> = Effect.flatMap(checkout, (session) => {
      const connection = connectionOf(session)
      return connection === undefined ? Effect.die(noSocket) : Effect.succeed(connection)
    })

    const client = yield* SqlClient.make({
      acquirer,
      borrower,
      transactionAcquirer: acquirer,
      compiler: PgClient.makeCompiler(config.transformQueryNames, config.transformJson),
      prepareTransactionControls: true,
      commit,
      releaseSavepoint: (name) => `RELEASE SAVEPOINT ${name}`,
      driver: "pg",
      spanAttributes: [
        ...(config.spanAttributes === undefined ? [] : Object.entries(config.spanAttributes)),
        ["db.system.name", "postgresql"],
        ["db.namespace", config.database ?? config.username ?? "postgres"],
        ["server.address", config.host ?? "localhost"],
        ["server.port", config.port ?? 5432]
      ],
      transformRows: config.transformResultNames === undefined
        ? undefined
        : Statement.defaultTransforms(config.transformResultNames, config.transformJson).array
    })
    const pgClient: PgClient.PgClient = Object.assign(client, {
      [PgClient.TypeId]: PgClient.TypeId,
      config: options,
      json: (value: unknown) => Statement.fragment([PgJson(value)]),
      listen: (channel: string) => Effect.flatMap(checkout, (session) => session.listen(channel)),
      notify: (channel: string, payload: string) =>
        Effect.asVoid(borrower((conn) => conn.executeRaw("SELECT pg_notify($1, $2)", [channel, payload])))
    })
    borrowers.set(pgClient, borrower)
    return pgClient
  })
