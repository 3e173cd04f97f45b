import { PgClient } from "@effect/sql-pg"
import { Context, Effect, Layer, Redacted } from "effect"
import type { SqlClient } from "effect/sql"
import { startEmbeddedPostgres } from "../../src/db/EmbeddedPostgres.js"
import { migrate } from "../../src/db/Migrations.js"
import { freshDatabaseUrl, serverUrl } from "./testDatabase.js"
import { pgLayer } from "../../src/db/Database.js"

/**
 * One fresh database that several independent clients (several "server instances", each with its own pool)
 * can connect to: on the server of DATABASE_URL, or an embedded one reached over its loopback port.
 */
export class SharedDatabase extends Context.Service<SharedDatabase, {
  readonly connect: (maxConnections: number) => Layer.Layer<PgClient.PgClient | SqlClient.SqlClient>
  /** The database's URL, for a child process (DATABASE_URL). */
  readonly url: string
}>()("test/SharedDatabase") {}

export const SharedDatabaseLive = Layer.effect(SharedDatabase, Effect.gen(function*() {
  const server = serverUrl()
  const url = server !== undefined
    ? yield* freshDatabaseUrl(server)
    : yield* Effect.map(startEmbeddedPostgres({ dataDir: null, maxConnections: 16 }), (endpoint) =>
      `postgres://postgres@${endpoint.host}:${endpoint.port ?? 5432}/postgres`)
  const connect = (max: number) => pgLayer({ url: Redacted.make(url), maxConnections: max }).pipe(Layer.orDie)
  yield* migrate().pipe(Effect.provide(connect(1)), Effect.orDie)
  return { connect, url }
}))
