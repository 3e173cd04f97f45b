import type { SqlClient } from "effect/sql"
import { Effect } from "effect"
import { numberIdentity } from "../../write/identity.js"
import type { Owner } from "./cacPsc.js"

/**
 * One source's owners of the company `country`/`registrationNo` replaced as a whole (other sources' owners stay), in
 * one statement; the number is keyed as CompanyWriter stored it. Yields how many owners were stored (0: no such company).
 */
export const replaceOwners = (
  sql: SqlClient.SqlClient,
  company: { readonly country: string; readonly registrationNo: string },
  source: string,
  checkedAt: string,
  owners: ReadonlyArray<Owner>
) => {
  const { registry_id, key } = numberIdentity(company.country, company.registrationNo)
  return Effect.map(
    sql<{ company_id: string }>`WITH target AS (
        SELECT id FROM companies WHERE registry_id = ${registry_id} AND registration_key = ${key}
      ), gone AS (
        DELETE FROM company_owners w USING target WHERE w.company_id = target.id AND w.source = ${source}
      )
      INSERT INTO company_owners (company_id, name, name_as_registered, kind, nationality, share_pct, voting_pct, notified_on, source, last_verified_at)
      SELECT target.id, o.name, o.name_as_registered, o.kind, o.nationality, o.share_pct, o.voting_pct, o.notified_on::date, ${source}, ${checkedAt}::timestamptz
      FROM target, unnest(${owners.map((o) => o.name)}::text[], ${owners.map((o) => o.name_as_registered)}::text[], ${owners.map((o) => o.kind)}::text[],
        ${owners.map((o) => o.nationality)}::text[], ${owners.map((o) => o.share_pct)}::numeric[],
        ${owners.map((o) => o.voting_pct)}::numeric[], ${owners.map((o) => o.notified_on)}::text[])
        AS o(name, name_as_registered, kind, nationality, share_pct, voting_pct, notified_on)
      RETURNING company_id::text AS company_id`,
    (rows) => rows.length
  )
}
