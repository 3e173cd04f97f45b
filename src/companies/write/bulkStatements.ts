import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** SQL of the initial bulk load (the functions are in sql/0041_bulk_load.sql and 0042_bulk_load_keys.sql). */

/** Held until the load commits: readers of companies wait, a second loader waits and then finds the store full. */
export const lockCompanies = (sql: SqlClient.SqlClient) => sql`LOCK TABLE companies IN ACCESS EXCLUSIVE MODE`

export const storeIsEmpty = (sql: SqlClient.SqlClient) =>
  Effect.map(sql<{ readonly held: boolean }>`SELECT EXISTS (SELECT 1 FROM companies) AS held`, (rows) => rows[0]?.held !== true)

export const dropSecondaryIndexes = (sql: SqlClient.SqlClient) =>
  Effect.map(sql<{ readonly n: number }>`SELECT bulk_load_drop_indexes() AS n`, (rows) => rows[0]?.n ?? 0)

/** Unique keys no foreign key depends on, dropped until the end of the load or its first merge (restoreKeys). */
export const dropKeys = (sql: SqlClient.SqlClient) =>
  Effect.map(sql<{ readonly n: number }>`SELECT bulk_load_drop_keys() AS n`, (rows) => rows[0]?.n ?? 0)

export const restoreKeys = (sql: SqlClient.SqlClient) =>
  Effect.map(sql<{ readonly n: number }>`SELECT bulk_load_restore_keys() AS n`, (rows) => rows[0]?.n ?? 0)

export const restoreSecondaryIndexes = (sql: SqlClient.SqlClient) =>
  Effect.map(sql<{ readonly n: number }>`SELECT bulk_load_restore_indexes() AS n`, (rows) => rows[0]?.n ?? 0)

export const analyzeCompanies = (sql: SqlClient.SqlClient) => sql`ANALYZE companies, company_aliases, officers`
