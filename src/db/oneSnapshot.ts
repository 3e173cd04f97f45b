import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * `reads` in one read-only transaction (REPEATABLE READ): every statement sees the database as it stood at the first
 * one. For what is read in several statements and must hold together: an audit verification (the heads, the anchors,
 * each chain), a case file (the case, its checks, their audit entries). A change committed between two of the reads
 * would otherwise show in one part and not the other. Begun by one statement (no `SET TRANSACTION` round trip). On a
 * PostgreSQL server it blocks no writer; on the embedded database a transaction keeps PGlite's one session to itself
 * until it ends, so other statements wait for it there.
 */
export const inOneSnapshot = <A, E, R>(sql: SqlClient.SqlClient, reads: Effect.Effect<A, E, R>) =>
  sql.withTransaction(reads).pipe(Effect.provideService(SqlClient.BeginTransaction, "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"))
