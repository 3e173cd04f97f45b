import type { SqlClient } from "effect/sql"
import { Effect } from "effect"
import { numberIdentity, referenceIdentity } from "../../companies/write/identity.js"
import type { GleifParent } from "./GleifSource.js"

/** A stored company: by its row id (already found), or as CompanyWriter keyed it (a reference entity by its reference id). */
export type ParentsTarget =
  | { readonly id: string }
  | { readonly country: string; readonly registration_no?: string | null | undefined; readonly reference_id?: string | null | undefined }

const targetOf = (sql: SqlClient.SqlClient, company: ParentsTarget) => {
  if ("id" in company) return sql`SELECT id FROM companies WHERE id = ${company.id}::bigint`
  const identity = company.registration_no != null
    ? numberIdentity(company.country, company.registration_no)
    : referenceIdentity(company.reference_id ?? "")
  return sql`SELECT id FROM companies WHERE registry_id = ${identity.registry_id} AND registration_key = ${identity.key}`
}

/**
 * GLEIF's parents of a stored company from one source (the live API, or a golden-copy file), replaced as a whole
 * (other sources' owners stay), in one statement: each a legal entity with its LEI and relationship. Yields how many
 * owners were stored (0: no such company).
 */
export const replaceGleifParents = (
  sql: SqlClient.SqlClient,
  company: ParentsTarget,
  source: string,
  checkedAt: string,
  parents: ReadonlyArray<GleifParent>
) =>
  Effect.map(
    sql<{ company_id: string }>`WITH target AS (${targetOf(sql, company)}), gone AS (
        DELETE FROM company_owners w USING target WHERE w.company_id = target.id AND w.source = ${source}
      )
      INSERT INTO company_owners (company_id, name, kind, nationality, lei, relationship, source, last_verified_at)
      SELECT target.id, p.name, 'entity', p.country, p.lei, p.relationship, ${source}, ${checkedAt}::timestamptz
      FROM target, unnest(${parents.map((p) => p.name)}::text[], ${parents.map((p) => p.country)}::text[],
        ${parents.map((p) => p.lei)}::text[], ${parents.map((p) => p.relationship)}::text[]) AS p(name, country, lei, relationship)
      RETURNING company_id::text AS company_id`,
    (rows) => rows.length
  )
