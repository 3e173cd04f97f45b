import type { SqlClient } from "effect/sql"
import { Effect } from "effect"
import type { AliasColumns, CompanyColumns, OfficerColumns } from "../../write/statements.js"
import type { CopyStatement } from "./copyFrom.js"

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

/** The initial load numbers its companies itself from here on (it holds companies exclusively). */
export const nextCompanyId = (sql: SqlClient.SqlClient) =>
  Effect.map(
    sql<{ readonly id: string }>`SELECT nextval(pg_get_serial_sequence('companies', 'id'))::text AS id`,
    (rows) => BigInt(rows[0]!.id)
  )

/** After the load numbered companies up to `last`: the sequence continues above it. */
export const advanceCompanyIds = (sql: SqlClient.SqlClient, last: bigint) =>
  sql`SELECT setval(pg_get_serial_sequence('companies', 'id'), ${last.toString()}::bigint)`

export const pendingAwardsExist = (sql: SqlClient.SqlClient) =>
  Effect.map(
    sql<{ readonly pending: boolean }>`SELECT EXISTS (SELECT 1 FROM procurement_awards WHERE matched_company_id IS NULL) AS pending`,
    (rows) => rows[0]?.pending === true
  )

/** matchPendingAwards for every company held, by its name and its aliases (the initial load's last step). */
export const matchAllPendingAwards = (sql: SqlClient.SqlClient) =>
  sql`
    UPDATE procurement_awards AS p SET matched_company_id = w.id
    FROM (
      SELECT id, country, name_norm FROM companies
      UNION ALL
      SELECT a.company_id, c.country, a.name_norm FROM company_aliases a JOIN companies c ON c.id = a.company_id
    ) AS w
    WHERE p.matched_company_id IS NULL AND p.country = w.country AND p.supplier_norm = w.name_norm`

/** Columns of the initial load's COPY rows after their leading id, in the order loadBatch.ts writes them. */
export const companyCopyColumns: ReadonlyArray<keyof CompanyColumns> = [
  "registry_id", "country", "registration_no", "registration_key", "number_valid", "legal_name", "name_lower",
  "name_norm", "status", "entity_type", "entity_type_label", "incorporation_date", "registered_address", "tax_id",
  "tax_key", "listed_ticker", "source", "source_url", "source_kind", "registry_url", "last_verified_at", "provenance",
  "quality", "content_hash", "aliases_digest", "officers_digest", "identifiers", "registry_evidence"
]
export const aliasCopyColumns: ReadonlyArray<Exclude<keyof AliasColumns, "company_id">> = ["name", "name_norm", "kind", "source"]
export const officerCopyColumns: ReadonlyArray<Exclude<keyof OfficerColumns, "company_id">> = [
  "name", "role", "appointed_on", "resigned_on", "nationality", "source", "last_verified_at"
]

/** New companies (keys known to be absent, ids given; rows from loadBatch.ts with the ids in front). */
export const copyCompanies = (data: Uint8Array): CopyStatement =>
  ({ table: "companies", columns: ["id", ...companyCopyColumns], data })

/** Aliases of new companies (no duplicates: COPY has no ON CONFLICT). */
export const copyAliases = (data: Uint8Array): CopyStatement =>
  ({ table: "company_aliases", columns: ["company_id", ...aliasCopyColumns], data })

export const copyOfficers = (data: Uint8Array): CopyStatement =>
  ({ table: "officers", columns: ["company_id", ...officerCopyColumns], data })
