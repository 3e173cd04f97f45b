import { PgClient } from "@effect/sql-pg"
import { Context, Duration, Effect, Scope } from "effect"
import { SqlClient, type SqlConnection, SqlError, Statement } from "effect/sql"
import { unwatchPool, watchPool } from "../metrics/pools.js"
import { makePermits } from "./permits.js"
import { connectionError, connectionSocket, statementLimit } from "./statementLimit.js"
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

/** `conn` with its parameters as node-postgres sent them (wireValues.ts), each statement run `within` its limit. */
const poolConnection = (conn: SqlConnection.Connection, within: Within): SqlConnection.Connection => ({
  execute: (sql, params, transformRows) => within(conn.execute(sql, toWireValues(params), transformRows)),
  executeRaw: (sql, params) => within(conn.executeRaw(sql, toWireValues(params))),
  executeValues: (sql, params) => within(conn.executeValues(sql, toWireValues(params))),
  executeValuesUnprepared: (sql, params) => within(conn.executeValuesUnprepared(sql, toWireValues(params))),
  executeUnprepared: (sql, params, transformRows) => within(conn.executeUnprepared(sql, toWireValues(params), transformRows)),
  executeStream: (sql, params, transformRows) => conn.executeStream(sql, toWireValues(params), transformRows)
})

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
 * A PgClient over sql-pg's own pool whose connections are counted for the pool metrics (src/metrics/pools.ts),
 * take parameters and read bigints as node-postgres did (wireValues.ts) and, when the config says so, are held to `queryTimeout` and
 * `acquireTimeout`. Every statement and transaction
 * checks out a connection of the pool for itself, as PgClient's transactions do.
 */
export const makePool = (config: PoolConfig, role: string) =>
  Effect.gen(function*() {
    const pg = yield* PgClient.make({ types: nodePostgresTypes, ...config })
    const usage = { inUse: 0, waiting: 0, max: config.maxConnections ?? 10 }
    yield* Effect.acquireRelease(Effect.sync(() => watchPool(usage, role)), () => Effect.sync(() => unwatchPool(usage)))

    const queryLimit = config.queryTimeout === undefined ? undefined : Duration.fromInputUnsafe(config.queryTimeout)
    const acquireLimit = config.acquireTimeout === undefined ? undefined : Duration.fromInputUnsafe(config.acquireTimeout)
    // A checkout first takes one of `max` permits, waiting its turn for at most the acquire timeout, then a connection
    // of the pool, which has one free for every permit: it waits for no other request, at most for a new connection,
    // which the connect timeout bounds. The permit goes back once the connection is back in the pool.
    const permits = makePermits(usage.max)
    const acquireMs = acquireLimit === undefined ? undefined : Duration.toMillis(acquireLimit)
    const acquireTimedOut = () => connectionError("timeout exceeded when trying to connect", "acquire")
    const givePermit = Effect.sync(permits.give)
    // sql-pg's checkout (`reserve`: the pool's lease and the connection's pin) adds finalizers that run with a merged
    // copy of the context they were added in: under the request's context, a copy of every service of the server per
    // statement (issue 56). It runs here in a scope of its own, under the pool's own context, and that scope is
    // closed, when the statement's scope closes, under an empty one: the same finalizers, in the same order, no copy.
    const own = yield* Effect.context<never>()
    const reserve = Effect.flatMap(Effect.scope, (outer) =>
      Effect.suspend(() => {
        const inner = Scope.makeUnsafe()
        return Scope.addFinalizerExit(outer, (exit) => Effect.setContext(Scope.close(inner, exit), Context.empty())).pipe(
          Effect.andThen(Effect.setContext(pg.reserve, Context.add(own, Scope.Scope, inner)))
        )
      }))
    const releaseCount = Effect.sync(() => usage.inUse--)
    const counted = Effect.uninterruptibleMask((restore) =>
      Effect.suspend(() => {
        usage.waiting++
        return restore(permits.take(acquireMs, acquireTimedOut)).pipe(
          Effect.andThen(onClose(givePermit)),
          Effect.andThen(restore(reserve)),
          Effect.ensuring(Effect.sync(() => usage.waiting--)),
          Effect.tap(() => {
            usage.inUse++
            return onClose(releaseCount)
          })
        )
      }))
    // Past its limit a statement's connection is closed under it (statementLimit.ts): no fiber per statement.
    const limited = queryLimit === undefined ? undefined : statementLimit(queryLimit)
    const acquirer: Effect.Effect<SqlConnection.Connection, SqlError.SqlError, Scope.Scope> = limited === undefined
      ? Effect.map(counted, (conn) => poolConnection(conn, untimed))
      : Effect.flatMap(counted, (conn) => {
        const socket = connectionSocket(conn)
        return socket === undefined ? Effect.die(noSocket) : Effect.succeed(poolConnection(conn, limited(socket)))
      })

    const client = yield* SqlClient.make({
      acquirer,
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
      config: pg.config,
      json: pg.json,
      listen: pg.listen,
      notify: pg.notify
    })
    return pgClient
  })
