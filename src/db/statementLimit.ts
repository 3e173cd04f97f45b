import { Duration, Effect } from "effect"
import type { PgConnection } from "@effect/sql-pg"
import { SqlError } from "effect/sql"
import { Duplex } from "node:stream"

export const connectionError = (message: string, operation: string) =>
  new SqlError.SqlError({ reason: new SqlError.ConnectionError({ cause: new Error(message), message, operation }) })

/** sql-pg 4.0's key for a connection's internals (its internal/connection.ts, which the package does not export). */
const internalsKey = "~@effect/sql-pg/PgConnection/internals"

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined

/**
 * The socket of a sql-pg session, lent (`use`) or pinned (`reserve`): its internals name the session itself
 * (`base`), whose `session` holds the socket it reads. Not a public API of sql-pg (4.0.5): undefined if that changes,
 * and the pool refuses to run a time-limited statement then (test/db/statementLimitPool.test.ts fails first).
 */
export const sessionSocket = (session: PgConnection.PgConnection): Duplex | undefined => {
  const socket = field(field(field(field(session, internalsKey), "base"), "session"), "socket")
  return socket instanceof Duplex ? socket : undefined
}

/** The error a statement's connection socket is destroyed with when the statement outlasts its limit. */
class LimitReached extends Error {
  constructor(readonly error: SqlError.SqlError) {
    super(error.message)
  }
}

/**
 * sql-pg fails what runs on a connection whose socket errs with a ConnectionError whose cause is the socket's error:
 * the statement that outlasted its limit, and any after it on the dead connection (its transaction's ROLLBACK).
 */
const named = (error: SqlError.SqlError): SqlError.SqlError =>
  error.reason.cause instanceof LimitReached ? error.reason.cause.error : error

/**
 * For the statements of one checkout, each run in the caller's own fiber with a timer that, past `limit`, destroys
 * the checkout's connection `socket`, so that sql-pg fails the statement at once, without waiting for the server:
 * it fails with a ConnectionError "Query read timeout (<limit>)", operation "query", and so does every statement
 * failing on that connection after it. The timer is cleared when the statement ends, whichever way, before the
 * caller's scope can give the connection back to the pool: it never fires on a connection another statement has
 * taken since.
 * A connection carries its statements one at a time in the order they came (sql-pg's wire lock), so a statement still
 * waiting behind another on the same connection has the later deadline: when its timer fires, every statement before
 * it has ended or has timed out already.
 * Interrupted from outside, the statement is drained by sql-pg as a plain statement is; only a drain that outlasts
 * the limit (a server that answers neither the statement nor the cancel) is ended by closing the connection then,
 * as sql-pg itself would after 5 s. The caller's exit is the interruption either way.
 * Allocation counts here (issue 56): nothing per checkout but the function returned, per statement one timer.
 */
export const statementLimit = (limit: Duration.Duration) => {
  const ms = Duration.toMillis(limit)
  const message = `Query read timeout (${Duration.format(limit)})`
  const reach = (socket: Duplex) => socket.destroy(new LimitReached(connectionError(message, "query")))
  return (socket: Duplex) => <A>(statement: Effect.Effect<A, SqlError.SqlError>): Effect.Effect<A, SqlError.SqlError> =>
    Effect.suspend(() => {
      const timer = setTimeout(reach, ms, socket)
      return Effect.onExitPrimitive(Effect.mapError(statement, named), () => {
        clearTimeout(timer)
        return undefined
      })
    })
}
