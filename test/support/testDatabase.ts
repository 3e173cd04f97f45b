import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted } from "effect"
import { randomBytes } from "node:crypto"
import { embeddedSqlLayer, MigrationsLive } from "../../src/db/Database.js"

/** DATABASE_URL of a PostgreSQL server to test against; unset: the embedded database. */
export const serverUrl = (): string | undefined => {
  const url = process.env["DATABASE_URL"]
  return url === undefined || url.trim() === "" ? undefined : url
}

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/**
 * A fresh database per test file: on the server given by DATABASE_URL, a database created for this run and
 * dropped afterwards; otherwise an in-memory embedded PostgreSQL. Migrated either way.
 */
export const freshDatabaseUrl = (url: string) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      const name = `kyb_test_${randomBytes(6).toString("hex")}`
      yield* Effect.flatMap(PgClient.PgClient, (sql) => sql.unsafe(`CREATE DATABASE ${name}`)).pipe(
        Effect.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 1 }))
      )
      return name
    }),
    (name) =>
      Effect.flatMap(PgClient.PgClient, (sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).pipe(
        Effect.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 1 })),
        Effect.orDie
      )
  ).pipe(Effect.map((name) => withDatabase(url, name)))

const serverLayer = (url: string) =>
  Layer.unwrapScoped(
    Effect.map(freshDatabaseUrl(url), (fresh) => PgClient.layer({ url: Redacted.make(fresh), maxConnections: 8 }))
  )

export const TestSqlLive: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, unknown> = Layer.suspend(() => {
  const url = serverUrl()
  return url === undefined ? embeddedSqlLayer(null) : serverLayer(url)
})

export const TestDatabase = {
  layer: MigrationsLive.pipe(Layer.provideMerge(TestSqlLive), Layer.orDie)
}
