import { SqlClient } from "effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted } from "effect"
import { scratchDatabaseUrl } from "../../scripts/support/scratchDatabase.js"
import { embeddedSqlLayer, MigrationsLive, pgLayer } from "../../src/db/Database.js"

/** DATABASE_URL of a PostgreSQL server to test against; unset: the embedded database. */
export const serverUrl = (): string | undefined => {
  const url = process.env["DATABASE_URL"]
  return url === undefined || url.trim() === "" ? undefined : url
}

/** A fresh database on the server of `url`, dropped when the scope closes. */
export const freshDatabaseUrl = (url: string) => Effect.map(scratchDatabaseUrl(url, "kyb_test"), (db) => db.url)

const serverLayer = (url: string) =>
  Layer.unwrap(
    // The server's kind of pool (repeated statements prepared by name), so that the tests run what it runs.
    Effect.map(freshDatabaseUrl(url), (fresh) => pgLayer({ url: Redacted.make(fresh), maxConnections: 8 }))
  )

export const TestSqlLive: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, unknown> = Layer.suspend(() => {
  const url = serverUrl()
  return url === undefined ? embeddedSqlLayer(null) : serverLayer(url)
})

export const TestDatabase = {
  layer: MigrationsLive.pipe(Layer.provideMerge(TestSqlLive), Layer.orDie)
}
