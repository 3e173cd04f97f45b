import { SqlClient, SqlError } from "@effect/sql"
import { Effect, Option } from "effect"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { from as copyFromStdin } from "pg-copy-streams"

/** The part of node-postgres' client that COPY needs. */
export interface CopyClient {
  readonly query: (submittable: ReturnType<typeof copyFromStdin>) => ReturnType<typeof copyFromStdin>
}

const isClient = (u: unknown): u is CopyClient =>
  typeof u === "object" && u !== null && typeof (u as { readonly query?: unknown }).query === "function"

/**
 * The node-postgres client of the current transaction. @effect/sql-pg keeps it on its connection object (field
 * `pg`, not part of its typed API): None outside a transaction, or if a later version moves it, and callers then
 * write without COPY.
 */
export const transactionClient = Effect.map(
  Effect.serviceOption(SqlClient.TransactionConnection),
  Option.flatMap(([connection]) => {
    const client: unknown = (connection as unknown as { readonly pg?: unknown }).pg
    return isClient(client) ? Option.some(client) : Option.none()
  })
)

/**
 * `COPY table (columns) FROM STDIN` of rows already in COPY text format, on the current transaction's
 * connection. Table and column names are the caller's constants, never input.
 */
export const copyText = (client: CopyClient, table: string, columns: ReadonlyArray<string>, text: string) =>
  Effect.tryPromise({
    try: () => pipeline(Readable.from([text]), client.query(copyFromStdin(`COPY ${table} (${columns.join(", ")}) FROM STDIN`))),
    catch: (cause) => new SqlError.SqlError({ cause, message: `COPY into ${table} failed` })
  })
