import { SqlClient, SqlError } from "effect/sql"
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
 * The node-postgres client of the current transaction, where the SqlClient runs its transactions on one (a
 * connection object with a `pg` field, not part of any typed API): None outside a transaction, and None on
 * @effect/sql-pg 4, whose own wire driver has no node-postgres client and refuses COPY. Callers then write without
 * COPY.
 */
export const transactionClient = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  Effect.map(
    Effect.serviceOption(sql.transactionService),
    Option.flatMap(([connection]) => {
      const client: unknown = "pg" in connection ? connection.pg : undefined
      return isClient(client) ? Option.some(client) : Option.none()
    })
  ))

/** `COPY table (columns) FROM STDIN`: table and column names are the caller's constants, never input. */
export interface CopyStatement {
  readonly table: string
  readonly columns: ReadonlyArray<string>
  /** Rows in COPY text format, each ending in a newline. */
  readonly data: Uint8Array
}

const copyFailed = (table: string, cause: unknown) => new SqlError.SqlError({ reason: new SqlError.UnknownError({ cause, message: `COPY into ${table} failed` }) })

/** Sends the COPY and its rows on the client; settles when the database has them. */
const startCopy = (client: CopyClient, copy: CopyStatement): Promise<void> =>
  pipeline(Readable.from([copy.data]), client.query(copyFromStdin(`COPY ${copy.table} (${copy.columns.join(", ")}) FROM STDIN`)))
    .catch((cause: unknown) => Promise.reject(copyFailed(copy.table, cause)))

/**
 * COPY statements sent without waiting for the database: each starts when the one before it is done (a promise
 * chain, not a wait on this thread), and `send` returns once at most `depth` groups are in flight, so the caller
 * prepares its next rows while PostgreSQL copies the previous ones. After a failure nothing more is sent. `drain`
 * waits for every group and fails with the first failure; nothing else may use the client until it has, or until
 * `stop` has.
 */
export const makeCopyPipeline = (client: CopyClient, depth: number) => {
  const inFlight: Array<Promise<void>> = []
  let last: Promise<void> = Promise.resolve()
  const awaitOldest = Effect.suspend(() => {
    const oldest = inFlight.shift()
    return oldest === undefined
      ? Effect.void
      : Effect.tryPromise({ try: () => oldest, catch: (cause) => cause instanceof SqlError.SqlError ? cause : copyFailed("?", cause) })
  })
  const drain: Effect.Effect<void, SqlError.SqlError> = Effect.suspend(() =>
    inFlight.length === 0 ? Effect.void : Effect.andThen(awaitOldest, drain)
  )
  let stopped = false
  const send = (copies: ReadonlyArray<CopyStatement>) =>
    Effect.suspend(() => {
      for (const copy of copies) {
        last = last.then(() => stopped ? Promise.reject(copyFailed(copy.table, "the load stopped")) : startCopy(client, copy))
      }
      const group = last
      // Marked handled now: a failure is reported by the await in send or drain, not as an unhandled rejection.
      group.catch(() => undefined)
      inFlight.push(group)
      return inFlight.length > depth ? awaitOldest : Effect.void
    })
  /**
   * After a failure elsewhere: no COPY not yet started will start, and this waits for the one running, so that the
   * transaction's rollback comes after it (a COPY sent later would run outside the transaction).
   */
  const stop = Effect.suspend(() => {
    stopped = true
    const running = inFlight.splice(0)
    return Effect.promise(() => Promise.allSettled(running))
  })
  return { send, drain, stop } as const
}
