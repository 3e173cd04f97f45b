import * as Reactivity from "effect/reactivity/Reactivity"
import { PgClient } from "@effect/sql-pg"
import { Config, Data, Duration, Effect, Layer, Option, Redacted } from "effect"
import { clientLayer, MigrationsLive, pgLayer, socketAnswers } from "./Database.js"
import { embeddedSocketPath } from "./EmbeddedPostgres.js"

/** No database answers where a running server's would: `where` names it (never a password), `cause` says why. */
export class NoRunningDatabase extends Data.TaggedError("NoRunningDatabase")<{
  readonly kind: "embedded" | "url"
  readonly where: string
  readonly cause: string | null
}> {}

/** host:port/database of a connection string, without its user or password. */
const shownUrl = (url: string): string => {
  try {
    const u = new URL(url)
    return `${u.hostname}:${u.port === "" ? "5432" : u.port}${u.pathname}`
  } catch {
    return "an unparsable connection string"
  }
}

const answers = (url: Redacted.Redacted) =>
  Effect.scoped(Effect.flatMap(
    PgClient.makeClient({ url, connectTimeout: Duration.seconds(5) }),
    (client) => client`SELECT 1`
  )).pipe(
    Effect.provide(Reactivity.layer),
    Effect.mapError((error) => {
      const cause = error.reason.cause
      return (cause instanceof Error ? cause.message : error.message).replace(/\s+/g, " ")
    })
  )

/**
 * The database a running server uses, for tools that load data into it (`npm run demo`): DATABASE_URL when set,
 * else the socket of the embedded server running on KYB_DATA_DIR (default ./.data). Unlike DatabaseLive it never
 * starts a database and creates no file or folder: when nothing answers it fails at once with NoRunningDatabase.
 */
export const RunningDatabaseLive = MigrationsLive.pipe(Layer.provideMerge(Layer.unwrap(Effect.gen(function*() {
  const url = yield* Config.option(Config.Redacted("DATABASE_URL")).pipe(
    Config.map(Option.filter((u) => Redacted.value(u).trim() !== ""))
  )
  if (Option.isSome(url)) {
    yield* answers(url.value).pipe(
      Effect.mapError((cause) => new NoRunningDatabase({ kind: "url", where: shownUrl(Redacted.value(url.value)), cause }))
    )
    return pgLayer({ url: url.value, maxConnections: 4, connectTimeout: Duration.seconds(5), applicationName: "kyb-africa" })
  }
  const dataDir = yield* Config.String("KYB_DATA_DIR").pipe(Config.withDefault("./.data"))
  const socketPath = embeddedSocketPath(dataDir)
  if (!(yield* socketAnswers(socketPath))) {
    return yield* new NoRunningDatabase({ kind: "embedded", where: socketPath.replace(/\/\.s\.PGSQL\.5432$/, ""), cause: null })
  }
  // sql-pg, as libpq, takes a unix socket as the directory holding `.s.PGSQL.<port>`.
  return clientLayer({ host: socketPath.replace(/\/\.s\.PGSQL\.5432$/, ""), port: 5432 }, 1)
}))))
