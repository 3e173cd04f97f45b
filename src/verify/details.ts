import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { companyColumns, type CompanyRow } from "../companies/companyRow.js"

/** What a verdict needs of a resolved company beyond its row: its names and the evidence beyond the registry. */
export interface CompanyDetails {
  /** Stated aliases (brand, trading, former, short, ticker; derived initialisms left out), screened with the name. */
  readonly aliases: ReadonlyArray<string>
  /** A matched procurement award. */
  readonly contracts: boolean
  /** A matched trademark. */
  readonly trademarks: boolean
}

/** Aliases and evidence in one round trip (each part index-backed: aliases by company, awards and marks by match). */
export const companyDetails = (sql: SqlClient.SqlClient, companyId: string) =>
  sql<{ aliases: ReadonlyArray<string> | null; contracts: boolean; trademarks: boolean }>`SELECT
      (SELECT array_agg(a.name ORDER BY a.kind, a.name) FROM company_aliases a
        WHERE a.company_id = ${companyId} AND a.kind <> 'initialism') AS aliases,
      EXISTS (SELECT 1 FROM procurement_awards p WHERE p.matched_company_id = ${companyId}) AS contracts,
      EXISTS (SELECT 1 FROM trademarks t WHERE t.matched_company_id = ${companyId}) AS trademarks`.pipe(
    Effect.map((rows): CompanyDetails => {
      const row = rows[0]
      return { aliases: row?.aliases ?? [], contracts: row?.contracts === true, trademarks: row?.trademarks === true }
    })
  )

/**
 * The row of `registry` whose canonical number key is `key`, with its details, in one round trip (the number path's
 * whole read).
 */
export const rowWithDetails = (sql: SqlClient.SqlClient, registry: string, key: string) =>
  sql<CompanyRow & { aliases: ReadonlyArray<string> | null; contracts: boolean; trademarks: boolean }>`SELECT
      ${sql.literal(companyColumns)},
      (SELECT array_agg(a.name ORDER BY a.kind, a.name) FROM company_aliases a
        WHERE a.company_id = c.id AND a.kind <> 'initialism') AS aliases,
      EXISTS (SELECT 1 FROM procurement_awards p WHERE p.matched_company_id = c.id) AS contracts,
      EXISTS (SELECT 1 FROM trademarks t WHERE t.matched_company_id = c.id) AS trademarks
    FROM companies c WHERE c.registry_id = ${registry} AND c.registration_key = ${key}`.pipe(
    Effect.map((rows) =>
      rows.slice(0, 1).map(({ aliases, contracts, trademarks, ...row }) => ({
        row: row as CompanyRow,
        details: { aliases: aliases ?? [], contracts: contracts === true, trademarks: trademarks === true } satisfies CompanyDetails
      }))
    )
  )
