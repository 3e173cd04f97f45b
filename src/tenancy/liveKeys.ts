import type { SqlClient, Statement } from "effect/sql"

/** A live key of the account (an id, or a column naming it): not revoked, or rotated and still in its grace period. */
export const liveKeyOf = (sql: SqlClient.SqlClient, accountId: string | Statement.Fragment) =>
  sql`EXISTS (SELECT 1 FROM api_keys k WHERE k.account_id = ${accountId} AND (k.revoked_at IS NULL OR k.revoked_at > statement_timestamp()))`
