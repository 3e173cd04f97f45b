import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted } from "effect"
import { randomBytes } from "node:crypto"
import { MigrationsLive } from "../../src/db/Database.js"

/** The PostgreSQL server the search scripts create their scratch database on. */
export const serverUrl = process.env["SEARCH_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres"

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

const admin = <A, E>(f: (sql: PgClient.PgClient) => Effect.Effect<A, E>) =>
  Effect.flatMap(PgClient.PgClient, f).pipe(
    Effect.provide(PgClient.layer({ url: Redacted.make(serverUrl), maxConnections: 1 }))
  )

/**
 * A migrated database created for this run and dropped when the scope closes (unless `keep`), as a
 * PgClient/SqlClient layer with `connections` connections.
 */
export const scratchDatabase = (prefix: string, connections: number, keep = false) =>
  Layer.unwrapScoped(Effect.gen(function*() {
    const name = `${prefix}_${randomBytes(4).toString("hex")}`
    yield* Effect.acquireRelease(
      admin((sql) => sql.unsafe(`CREATE DATABASE ${name}`)),
      () => keep ? Effect.void : admin((sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).pipe(Effect.orDie)
    )
    process.stderr.write(`database ${name} on ${new URL(serverUrl).host}${keep ? " (kept)" : ""}\n`)
    return MigrationsLive.pipe(
      Layer.provideMerge(PgClient.layer({ url: Redacted.make(withDatabase(serverUrl, name)), maxConnections: connections }))
    )
  }))

/** Statistics for the planner after a bulk load. */
export const analyse = Effect.flatMap(SqlClient.SqlClient, (sql) => sql`ANALYZE`)
