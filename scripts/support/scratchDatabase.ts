import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted } from "effect"
import { randomBytes } from "node:crypto"

/** `url` with its database replaced by `database`. */
export const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

const onServer = (serverUrl: string, statement: string) =>
  Effect.flatMap(PgClient.PgClient, (sql) => sql.unsafe(statement)).pipe(
    Effect.provide(PgClient.layer({ url: Redacted.make(serverUrl), maxConnections: 1 }))
  )

/**
 * A database created for this run on the server of `serverUrl` (named `<prefix>_<random hex>`) and dropped when the
 * scope closes unless `keep`; yields its URL. Tests, benchmarks and harnesses never rely on leftover state.
 */
export const scratchDatabaseUrl = (serverUrl: string, prefix: string, options: { readonly keep?: boolean } = {}) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      const name = `${prefix}_${randomBytes(6).toString("hex")}`
      yield* onServer(serverUrl, `CREATE DATABASE ${name}`)
      return name
    }),
    (name) => options.keep === true ? Effect.void : onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).pipe(Effect.orDie)
  ).pipe(Effect.map((name) => ({ name, url: withDatabase(serverUrl, name) })))
