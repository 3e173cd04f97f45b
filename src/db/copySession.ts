import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted, Stream } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import { SqlClient, type SqlConnection, SqlError } from "effect/sql"
import Pg from "pg"

/** The node-postgres client under a connection of a copy session: what `COPY … FROM STDIN` is sent on. */
export interface CopyCapable {
  readonly pg: Pg.Client
}

const reasonOf = (cause: unknown) => {
  const code = typeof cause === "object" && cause !== null && "code" in cause ? String(cause.code) : undefined
  const props = { cause, message: cause instanceof Error ? cause.message : String(cause), operation: "query" }
  if (code === "40P01") return new SqlError.DeadlockError(props)
  if (code === "40001") return new SqlError.SerializationError(props)
  if (code === "23505") {
    const constraint = typeof cause === "object" && cause !== null && "constraint" in cause ? String(cause.constraint) : "unknown"
    return new SqlError.UniqueViolation({ ...props, constraint })
  }
  if (code?.startsWith("08") === true || code === undefined) return new SqlError.ConnectionError(props)
  return new SqlError.UnknownError(props)
}

const connectionOf = (client: Pg.Client): SqlConnection.Connection & CopyCapable => {
  const run = (sql: string, params: ReadonlyArray<unknown>, rowMode?: "array") =>
    Effect.tryPromise({
      try: () => client.query({ text: sql, values: [...params], ...(rowMode === undefined ? {} : { rowMode }) }),
      catch: (cause) => new SqlError.SqlError({ reason: reasonOf(cause) })
    })
  const rows = (sql: string, params: ReadonlyArray<unknown>) => Effect.map(run(sql, params), (result) => result.rows)
  const values = (sql: string, params: ReadonlyArray<unknown>) =>
    Effect.map(run(sql, params, "array"), (result) => result.rows as ReadonlyArray<ReadonlyArray<unknown>>)
  return {
    pg: client,
    execute: (sql, params, transformRows) => Effect.map(rows(sql, params), (r) => (transformRows === undefined ? r : transformRows(r))),
    executeUnprepared: (sql, params, transformRows) => Effect.map(rows(sql, params), (r) => (transformRows === undefined ? r : transformRows(r))),
    executeRaw: run,
    executeValues: values,
    executeValuesUnprepared: values,
    executeStream: (sql, params, transformRows) =>
      Stream.fromIterableEffect(Effect.map(rows(sql, params), (r) => (transformRows === undefined ? r : transformRows(r))))
  }
}

/**
 * A SqlClient on one node-postgres connection to the database `pg` serves, for the initial load: sql-pg 4 has its
 * own wire driver and refuses COPY, so the load's transaction runs on node-postgres, whose connection carries the
 * COPY (its transaction connection has a `pg` field, see src/companies/ingest/bulk/copyFrom.ts). Statements on it
 * read and bind as node-postgres does (bigints as text, dates as Date). Closed with the scope.
 */
export const copySession = (pg: PgClient.PgClient) =>
  Effect.gen(function*() {
    const config = pg.config
    const password = Redacted.isRedacted(config.password) ? Redacted.value(config.password) : undefined
    const client = new Pg.Client({
      ...(config.url === undefined ? {} : { connectionString: Redacted.value(config.url) }),
      ...(config.host === undefined ? {} : { host: config.host }),
      ...(config.port === undefined ? {} : { port: config.port }),
      ...(config.username === undefined ? {} : { user: config.username }),
      ...(config.database === undefined ? {} : { database: config.database }),
      ...(password === undefined ? {} : { password }),
      application_name: config.applicationName ?? "kyb-africa"
    })
    client.on("error", () => undefined)
    yield* Effect.acquireRelease(
      Effect.tryPromise({ try: () => client.connect(), catch: (cause) => new SqlError.SqlError({ reason: reasonOf(cause) }) }),
      () => Effect.promise(() => client.end().catch(() => undefined))
    )
    const connection = connectionOf(client)
    return yield* SqlClient.make({
      acquirer: Effect.succeed(connection),
      transactionAcquirer: Effect.succeed(connection),
      compiler: PgClient.makeCompiler(),
      driver: "pg",
      spanAttributes: [["db.system.name", "postgresql"], ["kyb.route", "copy"]]
    }).pipe(Effect.provide(Reactivity.layer))
  })
