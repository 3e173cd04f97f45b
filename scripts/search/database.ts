import { SqlClient } from "effect/sql"
import { Effect, Layer, Redacted } from "effect"
import { MigrationsLive, pgLayer } from "../../src/db/Database.js"
import { scratchDatabaseUrl } from "../support/scratchDatabase.js"

/** The PostgreSQL server the search scripts create their scratch database on. */
export const serverUrl = process.env["SEARCH_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres"

/**
 * A migrated database created for this run and dropped when the scope closes (unless `keep`), as a
 * PgClient/SqlClient layer with `connections` connections.
 */
export const scratchDatabase = (prefix: string, connections: number, keep = false) =>
  Layer.unwrap(Effect.gen(function*() {
    const { name, url } = yield* scratchDatabaseUrl(serverUrl, prefix, { keep })
    process.stderr.write(`database ${name} on ${new URL(serverUrl).host}${keep ? " (kept)" : ""}\n`)
    return MigrationsLive.pipe(Layer.provideMerge(pgLayer({ url: Redacted.make(url), maxConnections: connections })))
  }))

/** Statistics for the planner after a bulk load. */
export const analyse = Effect.flatMap(SqlClient.SqlClient, (sql) => sql`ANALYZE`)
