import { PgClient } from "@effect/sql-pg"
import { Config, Duration, Effect, Layer, Option, Redacted, Schedule } from "effect"
import * as net from "node:net"
import * as path from "node:path"
import { takeDataDirLock } from "./DataDirLock.js"
import { EmbeddedDatabase } from "./EmbeddedDatabase.js"
import { EmbeddedPostgresError, embeddedSocketPath, startEmbeddedPostgres } from "./EmbeddedPostgres.js"
import { migrate } from "./Migrations.js"

const poolSize = Config.integer("DATABASE_POOL_SIZE").pipe(Config.withDefault(10))

const clientLayer = (connection: { readonly host: string; readonly port: number | null }, maxConnections: number) =>
  Layer.merge(Layer.succeed(EmbeddedDatabase, { copyFromStdin: false }), PgClient.layer({
    host: connection.host,
    ...(connection.port === null ? {} : { port: connection.port }),
    username: "postgres",
    database: "postgres",
    maxConnections,
    connectTimeout: Duration.seconds(5),
    applicationName: "kyb-africa"
  }))

const socketAnswers = (socketPath: string) =>
  Effect.async<boolean>((resume) => {
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
        : PgClient.layer({ url: u, maxConnections: max, connectTimeout: Duration.seconds(5), applicationName: "kyb-africa" })
  })
}))

export const MigrationsLive = Layer.effectDiscard(migrate())

/** The database with its schema up to date. */
export const DatabaseLive = MigrationsLive.pipe(Layer.provideMerge(SqlLive))
