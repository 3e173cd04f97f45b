import type { SqlClient } from "effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Config, Duration, Effect, Layer, Option, Redacted, Schedule } from "effect"
import * as net from "node:net"
import * as path from "node:path"
import { takeDataDirLock } from "./DataDirLock.js"
import { EmbeddedDatabase } from "./EmbeddedDatabase.js"
import { EmbeddedPostgresError, embeddedSocketPath, startEmbeddedPostgres } from "./EmbeddedPostgres.js"
import { migrate } from "./Migrations.js"
import { makePool, type PoolConfig } from "./pool.js"

const poolSize = Config.Int("DATABASE_POOL_SIZE").pipe(Config.withDefault(10))

/**
 * Whether statements are prepared by name: sql-pg keeps up to 100 per connection (least recently used closed
 * first), so each connection parses and plans a statement once and PostgreSQL's plan cache keeps its plan. A
 * pooler must keep a client's named statements on the server connection they were made on (pgbouncer in session
 * mode, or in transaction mode from 1.21 with `max_prepared_statements`); behind an older transaction pooler the
 * service runs with DATABASE_PREPARED_STATEMENTS=false: every statement unnamed.
 */
const preparedStatements = Config.Boolean("DATABASE_PREPARED_STATEMENTS").pipe(Config.withDefault(true))

/** A PgClient over a sql-pg pool made with `config`, its statements prepared unless DATABASE_PREPARED_STATEMENTS is false. */
export const pgLayer = (config: PoolConfig, role: "primary" | "replica" = "primary") =>
  Layer.unwrap(Effect.map(preparedStatements, (prepare) => PgClient.layerFrom(makePool({ ...config, prepare }, role))))

/** A client of a database another process serves (the embedded server's socket). */
export const clientLayer = (connection: { readonly host: string; readonly port: number | null }, maxConnections: number) =>
  Layer.merge(Layer.succeed(EmbeddedDatabase, { copyFromStdin: false }), pgLayer({
    host: connection.host,
    ...(connection.port === null ? {} : { port: connection.port }),
    username: "postgres",
    database: "postgres",
    maxConnections,
    connectTimeout: Duration.seconds(5),
    // Kept open for the process: the embedded database serves every connection from one session, so the named
    // statements of a connection closed when idle would stay there, and its successor would prepare them again.
    idleTimeout: Duration.infinity,
    applicationName: "kyb-africa"
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
  Layer.unwrap(Effect.gen(function*() {
    // One connection per process: the socket front multiplexes connections message by message, and
    // interleaved extended-protocol exchanges from two busy connections were seen to lose each other's
    // unnamed statements. PGlite executes one query at a time anyway.
    const maxConnections = 1
    if (dataDir !== null) {
      const socketPath = embeddedSocketPath(dataDir)
      // sql-pg, as libpq, takes a unix socket as the directory holding `.s.PGSQL.<port>`.
      const viaSocket = { host: socketPath.replace(/\/\.s\.PGSQL\.5432$/, ""), port: 5432 }
      const owner = yield* takeDataDirLock(path.resolve(dataDir))
      if (!owner) {
        // Another process owns the files: wait for its socket (it may still be starting) and go through it.
        yield* socketAnswers(socketPath).pipe(
          Effect.filterOrFail((up) => up, () => new EmbeddedPostgresError({ message: "not answering yet" })),
          Effect.retry(Schedule.spaced("250 millis").pipe(Schedule.upTo({ duration: "120 seconds" })))
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
export const SqlLive = Layer.unwrap(Effect.gen(function*() {
  const url = yield* Config.option(Config.Redacted("DATABASE_URL"))
  const dataDir = yield* Config.String("KYB_DATA_DIR").pipe(Config.withDefault("./.data"))
  const max = yield* poolSize
  return Option.match(url, {
    onNone: () => embeddedSqlLayer(dataDir),
    onSome: (u) =>
      Redacted.value(u).trim() === ""
        ? embeddedSqlLayer(dataDir)
        : pgLayer({ url: u, maxConnections: max, connectTimeout: Duration.seconds(5), applicationName: "kyb-africa" })
  })
}))

export const MigrationsLive = Layer.effectDiscard(migrate())

/** The database with its schema up to date (the operator CLI: no time limit on a statement). */
export const DatabaseLive = MigrationsLive.pipe(Layer.provideMerge(SqlLive))

/** How the instance names itself to PostgreSQL (pg_stat_activity): `kyb-africa`, or `kyb-africa/<KYB_INSTANCE_NAME>`. */
const applicationName = Config.String("KYB_INSTANCE_NAME").pipe(
  Config.map((name) => (name.trim() === "" ? "kyb-africa" : `kyb-africa/${name.trim()}`)),
  Config.withDefault("kyb-africa")
)

const requestTimeouts = Config.all({
  queryMs: Config.Int("DATABASE_QUERY_TIMEOUT_MS").pipe(Config.withDefault(2000)),
  acquireMs: Config.Int("DATABASE_ACQUIRE_TIMEOUT_MS").pipe(Config.withDefault(1000))
})

/**
 * The serving pool on a PostgreSQL server: a statement waits at most DATABASE_QUERY_TIMEOUT_MS for its answer
 * (checked by the client, so a frozen or unreachable server is noticed too; the server cancels it as well) and a
 * request at most DATABASE_ACQUIRE_TIMEOUT_MS (1000) for a connection (shorter than a statement's limit: while
 * the database stalls, no connection comes back before a waiting request gives up), so a stalled database turns
 * into 503 answers within about two seconds instead of requests that hang for as long as it does.
 */
export const servingPool = (url: Redacted.Redacted, role: "primary" | "replica" = "primary") =>
  Layer.unwrap(Effect.gen(function*() {
    const { queryMs, acquireMs } = yield* requestTimeouts
    const max = yield* poolSize
    const name = yield* applicationName
    return pgLayer({
      url,
      maxConnections: max,
      connectTimeout: Duration.millis(acquireMs),
      acquireTimeout: Duration.millis(acquireMs),
      queryTimeout: Duration.millis(queryMs),
      startupParameters: { statement_timeout: String(queryMs) },
      applicationName: name
    }, role)
  }))

const startupRetry = Schedule.min([Schedule.exponential("250 millis"), Schedule.spaced("5 seconds")]).pipe(
  Schedule.tap(({ input }: { readonly input: unknown }) =>
    Effect.logWarning("database unreachable at start-up; retrying").pipe(
      Effect.annotateLogs({ cause: input instanceof Error ? input.message : String(input) })
    )
  )
)

/** Migrations on a connection of their own (no statement time limit), closed when they are done. */
const migrateOnce = (sql: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, unknown>) =>
  Effect.scoped(Layer.build(MigrationsLive.pipe(Layer.provide(sql))))

/**
 * The server's database: on a PostgreSQL server, waits for it at start-up (retrying with a log line each time
 * until it answers), migrates, then serves through the time-limited pool. The embedded database runs in this
 * process and cannot stall apart from it: as for the CLI.
 */
export const ServerDatabaseLive = Layer.unwrap(Effect.gen(function*() {
  const url = yield* Config.option(Config.Redacted("DATABASE_URL"))
  if (Option.isNone(url) || Redacted.value(url.value).trim() === "") return DatabaseLive
  const untimed = PgClient.layer({ url: url.value, maxConnections: 1, connectTimeout: Duration.seconds(5), applicationName: "kyb-africa" })
  const migrated = Layer.effectDiscard(migrateOnce(untimed).pipe(Effect.retry(startupRetry)))
  return servingPool(url.value).pipe(Layer.provide(migrated))
}))
