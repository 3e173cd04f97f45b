import { Config, Data, Effect, Layer, Option, Redacted } from "effect"
import Pg from "pg"
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

const answers = (url: string) =>
  Effect.tryPromise({
    try: async () => {
      const client = new Pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
      client.on("error", () => undefined)
      try {
        await client.connect()
        await client.query("SELECT 1")
      } finally {
        await client.end().catch(() => undefined)
      }
    },
    catch: (cause) => (cause instanceof Error ? cause.message : String(cause)).replace(/\s+/g, " ")
  })

/**
 * The database a running server uses, for tools that load data into it (`npm run demo`): DATABASE_URL when set,
 * else the socket of the embedded server running on KYB_DATA_DIR (default ./.data). Unlike DatabaseLive it never
 * starts a database and creates no file or folder: when nothing answers it fails at once with NoRunningDatabase.
 */
export const RunningDatabaseLive = MigrationsLive.pipe(Layer.provideMerge(Layer.unwrapEffect(Effect.gen(function*() {
  const url = yield* Config.option(Config.redacted("DATABASE_URL")).pipe(
    Config.map(Option.filter((u) => Redacted.value(u).trim() !== ""))
  )
  if (Option.isSome(url)) {
    const connectionString = Redacted.value(url.value)
    yield* answers(connectionString).pipe(
      Effect.mapError((cause) => new NoRunningDatabase({ kind: "url", where: shownUrl(connectionString), cause }))
    )
    return pgLayer({ connectionString, max: 4, connectionTimeoutMillis: 5000, application_name: "kyb-africa" })
  }
  const dataDir = yield* Config.string("KYB_DATA_DIR").pipe(Config.withDefault("./.data"))
  const socketPath = embeddedSocketPath(dataDir)
  if (!(yield* socketAnswers(socketPath))) {
    return yield* new NoRunningDatabase({ kind: "embedded", where: socketPath.replace(/\/\.s\.PGSQL\.5432$/, ""), cause: null })
  }
  // node-postgres takes a unix socket as the directory holding `.s.PGSQL.<port>`.
  return clientLayer({ host: socketPath.replace(/\/\.s\.PGSQL\.5432$/, ""), port: 5432 }, 1)
}))))
