import type { SqlClient } from "effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Config, Duration, Effect, Layer, Option, Redacted, Schedule } from "effect"
import * as net from "node:net"
import * as path from "node:path"
import Pg from "pg"
import { takeDataDirLock } from "./DataDirLock.js"
import { EmbeddedDatabase } from "./EmbeddedDatabase.js"
import { EmbeddedPostgresError, embeddedSocketPath, startEmbeddedPostgres } from "./EmbeddedPostgres.js"
import { migrate } from "./Migrations.js"
import { nameRepeatedStatements } from "./namedStatements.js"
import { unwatchPool, watchPool } from "../metrics/pools.js"

const poolSize = Config.integer("DATABASE_POOL_SIZE").pipe(Config.withDefault(10))

/** Whether repeated statements are prepared by name (see namedStatements.ts); false behind an old transaction pooler. */
const preparedStatements = Config.boolean("DATABASE_PREPARED_STATEMENTS").pipe(Config.withDefault(true))

/** A PgClient over a `pg` pool made with `options`, its repeated statements named unless DATABASE_PREPARED_STATEMENTS is false. */
export const pgLayer = (options: Pg.PoolConfig, role: "primary" | "replica" = "primary") =>
  Layer.unwrapEffect(Effect.map(preparedStatements, (named) =>
    PgClient.layerFromPool({
      acquire: Effect.acquireRelease(
        Effect.sync(() => {
          const pool = new Pg.Pool(options)
          pool.on("error", () => undefined)
          watchPool(pool, role)
          return named ? nameRepeatedStatements(pool) : pool
        }),
        (pool) => Effect.promise(() => pool.end()).pipe(Effect.timeoutOption("2 seconds"), Effect.ensuring(Effect.sync(() => unwatchPool(pool))))
      )
    })))

/** A client of a database another process serves (the embedded server's socket). */
export const clientLayer = (connection: { readonly host: string; readonly port: number | null }, maxConnections: number) =>
  Layer.merge(Layer.succeed(EmbeddedDatabase, { copyFromStdin: false }), pgLayer({
    host: connection.host,
    ...(connection.port === null ? {} : { port: connection.port }),
    user: "postgres",
    database: "postgres",
    max: maxConnections,
    connectionTimeoutMillis: 5000,
    // Kept open for the process: the embedded database serves every connection from one session, so the named
    // statements of a connection closed when idle would stay there, and its successor would prepare them again.
    idleTimeoutMillis: 0,
    application_name: "kyb-africa"
  }))

/** Whether something accepts connections on the unix socket (a missing socket is not created). */
export const socketAnswers = (socketPath: string) =>
  Effect.callback<boolean>((resume) => {
    const socket = net.connect(socketPath)
    socket.once("connect", () => {
      socket.destroy()
      resume(Effect.succeed(true))
    })
    socket.once("error", () => resume(Effect.succeed(false)))
  })

/**
 * The embedded database. If another process (a running server) already serves the data directory, connect to
 * its socket rather than opening the files twice; otherwise host PGlite on a worker thread for this process.
 * `dataDir` null: an in-memory database (tests).
 */
export const embeddedSqlLayer = (dataDir: string | null) =>
  Layer.unwrapScoped(Effect.gen(function*() {
    // One connection per process: the socket front multiplexes connections message by message, and
    // interleaved extended-protocol exchanges from two busy connections were seen to lose each other's
    // unnamed statements. PGlite executes one query at a time anyway.
    const maxConnections = 1
    if (dataDir !== null) {
      const socketPath = embeddedSocketPath(dataDir)
      // node-postgres takes a unix socket as the directory holding `.s.PGSQL.<port>`.
      const viaSocket = { host: socketPath.replace(/\/\.s\.PGSQL\.5432$/, ""), port: 5432 }
      const owner = yield* takeDataDirLock(path.resolve(dataDir))
      if (!owner) {
        // Another process owns the files: wait for its socket (it may still be starting) and go through it.
        yield* socketAnswers(socketPath).pipe(
          Effect.filterOrFail((up) => up, () => new EmbeddedPostgresError({ message: "not answering yet" })),
          Effect.retry(Schedule.spaced("250 millis").pipe(Schedule.upTo("120 seconds")))
        )
        return clientLayer(viaSocket, 1)
      }
      yield* startEmbeddedPostgres({ dataDir, maxConnections: maxConnections + 4 })
      yield* Effect.logInfo("embedded PostgreSQL started").pipe(Effect.annotateLogs({ dataDir }))
      return clientLayer(viaSocket, maxConnections)
    }
    const endpoint = yield* startEmbeddedPostgres({ dataDir: null, maxConnections: maxConnections + 4 })
    return clientLayer(endpoint, maxConnections)
  }))

/** PgClient from DATABASE_URL, else the embedded database in KYB_DATA_DIR (default ./.data). */
export const SqlLive = Layer.unwrapEffect(Effect.gen(function*() {
  const url = yield* Config.option(Config.redacted("DATABASE_URL"))
  const dataDir = yield* Config.string("KYB_DATA_DIR").pipe(Config.withDefault("./.data"))
  const max = yield* poolSize
  return Option.match(url, {
    onNone: () => embeddedSqlLayer(dataDir),
    onSome: (u) =>
      Redacted.value(u).trim() === ""
        ? embeddedSqlLayer(dataDir)
        : pgLayer({ connectionString: Redacted.value(u), max, connectionTimeoutMillis: 5000, application_name: "kyb-africa" })
  })
}))

export const MigrationsLive = Layer.effectDiscard(migrate())

/** The database with its schema up to date (the operator CLI: no time limit on a statement). */
export const DatabaseLive = MigrationsLive.pipe(Layer.provideMerge(SqlLive))

/** How the instance names itself to PostgreSQL (pg_stat_activity): `kyb-africa`, or `kyb-africa/<KYB_INSTANCE_NAME>`. */
const applicationName = Config.string("KYB_INSTANCE_NAME").pipe(
  Config.map((name) => (name.trim() === "" ? "kyb-africa" : `kyb-africa/${name.trim()}`)),
  Config.withDefault("kyb-africa")
)

const requestTimeouts = Config.all({
  queryMs: Config.integer("DATABASE_QUERY_TIMEOUT_MS").pipe(Config.withDefault(2000)),
  acquireMs: Config.integer("DATABASE_ACQUIRE_TIMEOUT_MS").pipe(Config.withDefault(1000))
})

/**
 * The serving pool on a PostgreSQL server: a statement waits at most DATABASE_QUERY_TIMEOUT_MS for its answer
 * (checked by the client, so a frozen or unreachable server is noticed too; the server cancels it as well) and a
 * request at most DATABASE_ACQUIRE_TIMEOUT_MS (1000) for a connection (shorter than a statement's limit: while
 * the database stalls, no connection comes back before a waiting request gives up), so a stalled database turns
 * into 503 answers within about two seconds instead of requests that hang for as long as it does.
 */
export const servingPool = (url: Redacted.Redacted, role: "primary" | "replica" = "primary") =>
  Layer.unwrapEffect(Effect.gen(function*() {
    const { queryMs, acquireMs } = yield* requestTimeouts
    const max = yield* poolSize
    const name = yield* applicationName
    return pgLayer({
      connectionString: Redacted.value(url),
      max,
      connectionTimeoutMillis: acquireMs,
      query_timeout: queryMs,
      statement_timeout: queryMs,
      application_name: name
    }, role)
  }))

const startupRetry = Schedule.exponential("250 millis").pipe(
  Schedule.union(Schedule.spaced("5 seconds")),
  Schedule.tapInput((error: unknown) =>
    Effect.logWarning("database unreachable at start-up; retrying").pipe(
      Effect.annotateLogs({ cause: error instanceof Error ? error.message : String(error) })
    )
  )
)

/** Migrations on a connection of their own (no statement time limit), closed when they are done. */
const migrateOnce = (sql: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, unknown>) =>
  Layer.effectDiscard(Effect.scoped(Layer.build(MigrationsLive.pipe(Layer.provide(sql)))))

/**
 * The server's database: on a PostgreSQL server, waits for it at start-up (retrying with a log line each time
 * until it answers), migrates, then serves through the time-limited pool. The embedded database runs in this
 * process and cannot stall apart from it: as for the CLI.
 */
export const ServerDatabaseLive = Layer.unwrapEffect(Effect.gen(function*() {
  const url = yield* Config.option(Config.redacted("DATABASE_URL"))
  if (Option.isNone(url) || Redacted.value(url.value).trim() === "") return DatabaseLive
  const untimed = PgClient.layer({ url: url.value, maxConnections: 1, connectTimeout: Duration.seconds(5), applicationName: "kyb-africa" })
  const migrated = migrateOnce(untimed).pipe(Layer.retry(startupRetry))
  return servingPool(url.value).pipe(Layer.provide(migrated))
}))
