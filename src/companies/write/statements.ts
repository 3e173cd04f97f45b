import type { SqlClient } from "effect/sql"
import { companyColumns } from "../companyRow.js"
import type { HeldRow } from "./rows.js"

/** Batched, parameterised SQL of CompanyWriter: each statement takes one array per column (unnest). */

export interface CompanyColumns {
  readonly registry_id: Array<string>
  readonly country: Array<string>
  readonly registration_no: Array<string | null>
  readonly registration_key: Array<string>
  readonly number_valid: Array<boolean>
  readonly legal_name: Array<string>
  readonly name_lower: Array<string>
  readonly name_norm: Array<string>
  readonly status: Array<string | null>
  readonly entity_type: Array<string | null>
  readonly entity_type_label: Array<string | null>
  readonly incorporation_date: Array<string | null>
  readonly registered_address: Array<string | null>
  readonly tax_id: Array<string | null>
  readonly tax_key: Array<string | null>
  readonly listed_ticker: Array<string | null>
  readonly source: Array<string>
  readonly source_url: Array<string | null>
  readonly source_kind: Array<string>
  readonly registry_url: Array<string | null>
  readonly last_verified_at: Array<string>
  readonly provenance: Array<string>
  readonly quality: Array<number>
  readonly content_hash: Array<string>
  readonly aliases_digest: Array<string | null>
  readonly officers_digest: Array<string | null>
  /** JSON text: [{scheme, value, source}]. */
  readonly identifiers: Array<string>
  /** JSON text or null: {source, source_url, checked_at, kind}. */
  readonly registry_evidence: Array<string | null>
}

export const emptyCompanyColumns = (): CompanyColumns => ({
  registry_id: [], country: [], registration_no: [], registration_key: [], number_valid: [], legal_name: [],
  name_lower: [], name_norm: [], status: [], entity_type: [], entity_type_label: [], incorporation_date: [],
  registered_address: [], tax_id: [], tax_key: [], listed_ticker: [], source: [], source_url: [], source_kind: [],
  registry_url: [], last_verified_at: [], provenance: [], quality: [], content_hash: [], aliases_digest: [],
  officers_digest: [], identifiers: [], registry_evidence: []
})

export const selectHeld = (sql: SqlClient.SqlClient, registries: ReadonlyArray<string>, keys: ReadonlyArray<string>) =>
  sql<HeldRow>`
    SELECT ${sql.literal(companyColumns)}, c.registration_key, c.number_valid, c.provenance::text AS provenance,
      c.content_hash, c.aliases_digest, c.officers_digest
    FROM companies c
    JOIN unnest(${registries}::text[], ${keys}::text[]) AS k(registry_id, registration_key)
      ON c.registry_id = k.registry_id AND c.registration_key = k.registration_key
    ORDER BY c.registry_id, c.registration_key
    FOR UPDATE OF c`

export const insertCompanies = (sql: SqlClient.SqlClient, c: CompanyColumns) =>
  sql<{ readonly id: string; readonly registry_id: string; readonly registration_key: string }>`
    INSERT INTO companies (registry_id, country, registration_no, registration_key, number_valid, legal_name,
      name_lower, name_norm, status, entity_type, entity_type_label, incorporation_date, registered_address, tax_id,
      tax_key, listed_ticker, source, source_url, source_kind, registry_url, last_verified_at, provenance, quality,
      content_hash, aliases_digest, officers_digest, identifiers, registry_evidence)
    SELECT registry_id, country, registration_no, registration_key, number_valid, legal_name, name_lower, name_norm,
      status, entity_type, entity_type_label, incorporation_date::date, registered_address, tax_id, tax_key,
      listed_ticker, source, source_url, source_kind, registry_url, last_verified_at::timestamptz, provenance::json,
      quality, content_hash, aliases_digest, officers_digest, identifiers::jsonb, registry_evidence::jsonb
    FROM unnest(${c.registry_id}::text[], ${c.country}::text[], ${c.registration_no}::text[],
      ${c.registration_key}::text[], ${c.number_valid}::boolean[], ${c.legal_name}::text[], ${c.name_lower}::text[],
      ${c.name_norm}::text[], ${c.status}::text[], ${c.entity_type}::text[], ${c.entity_type_label}::text[],
      ${c.incorporation_date}::text[], ${c.registered_address}::text[], ${c.tax_id}::text[], ${c.tax_key}::text[],
      ${c.listed_ticker}::text[], ${c.source}::text[], ${c.source_url}::text[], ${c.source_kind}::text[],
      ${c.registry_url}::text[], ${c.last_verified_at}::text[], ${c.provenance}::text[], ${c.quality}::real[],
      ${c.content_hash}::text[], ${c.aliases_digest}::text[], ${c.officers_digest}::text[], ${c.identifiers}::text[],
      ${c.registry_evidence}::text[])
      AS u(registry_id, country, registration_no, registration_key, number_valid, legal_name, name_lower, name_norm,
        status, entity_type, entity_type_label, incorporation_date, registered_address, tax_id, tax_key,
        listed_ticker, source, source_url, source_kind, registry_url, last_verified_at, provenance, quality,
        content_hash, aliases_digest, officers_digest, identifiers, registry_evidence)
    ON CONFLICT (registry_id, registration_key) DO NOTHING
    RETURNING id::text AS id, registry_id, registration_key`

export const updateCompanies = (sql: SqlClient.SqlClient, ids: ReadonlyArray<string>, c: CompanyColumns) =>
  sql`
    UPDATE companies AS c SET registration_no = u.registration_no, number_valid = u.number_valid,
      legal_name = u.legal_name, name_lower = u.name_lower, name_norm = u.name_norm, status = u.status,
      entity_type = u.entity_type, entity_type_label = u.entity_type_label,
      incorporation_date = u.incorporation_date::date, registered_address = u.registered_address, tax_id = u.tax_id,
      tax_key = u.tax_key, listed_ticker = u.listed_ticker, source = u.source, source_url = u.source_url,
      source_kind = u.source_kind, registry_url = u.registry_url, last_verified_at = u.last_verified_at::timestamptz,
      provenance = u.provenance::json, quality = u.quality, content_hash = u.content_hash,
      aliases_digest = u.aliases_digest, officers_digest = u.officers_digest, identifiers = u.identifiers::jsonb,
      registry_evidence = u.registry_evidence::jsonb, updated_at = now()
    FROM unnest(${ids}::bigint[], ${c.registration_no}::text[], ${c.number_valid}::boolean[], ${c.legal_name}::text[],
      ${c.name_lower}::text[], ${c.name_norm}::text[], ${c.status}::text[], ${c.entity_type}::text[],
      ${c.entity_type_label}::text[], ${c.incorporation_date}::text[], ${c.registered_address}::text[],
      ${c.tax_id}::text[], ${c.tax_key}::text[], ${c.listed_ticker}::text[], ${c.source}::text[],
      ${c.source_url}::text[], ${c.source_kind}::text[], ${c.registry_url}::text[], ${c.last_verified_at}::text[],
      ${c.provenance}::text[], ${c.quality}::real[], ${c.content_hash}::text[], ${c.aliases_digest}::text[],
      ${c.officers_digest}::text[], ${c.identifiers}::text[], ${c.registry_evidence}::text[])
      AS u(id, registration_no, number_valid, legal_name, name_lower, name_norm, status, entity_type,
        entity_type_label, incorporation_date, registered_address, tax_id, tax_key, listed_ticker, source, source_url,
        source_kind, registry_url, last_verified_at, provenance, quality, content_hash, aliases_digest,
        officers_digest, identifiers, registry_evidence)
    WHERE c.id = u.id`

export interface AliasColumns {
  readonly company_id: Array<string>
  readonly name: Array<string>
  readonly name_norm: Array<string>
  readonly kind: Array<string>
  readonly source: Array<string>
}

export const deleteAliases = (sql: SqlClient.SqlClient, all: ReadonlyArray<string>, derivedOnly: ReadonlyArray<string>) =>
  sql`
    DELETE FROM company_aliases
    WHERE company_id = ANY(${all}::bigint[]) OR (company_id = ANY(${derivedOnly}::bigint[]) AND source = 'derived')`

export const insertAliases = (sql: SqlClient.SqlClient, a: AliasColumns) =>
  sql`
    INSERT INTO company_aliases (company_id, name, name_norm, kind, source)
    SELECT * FROM unnest(${a.company_id}::bigint[], ${a.name}::text[], ${a.name_norm}::text[], ${a.kind}::text[],
      ${a.source}::text[])
    ON CONFLICT DO NOTHING`

export interface OfficerColumns {
  readonly company_id: Array<string>
  readonly name: Array<string>
  readonly role: Array<string | null>
  readonly appointed_on: Array<string | null>
  readonly resigned_on: Array<string | null>
  readonly nationality: Array<string | null>
  readonly source: Array<string>
  readonly last_verified_at: Array<string>
}

export const deleteOfficers = (sql: SqlClient.SqlClient, ids: ReadonlyArray<string>) =>
  sql`DELETE FROM officers WHERE company_id = ANY(${ids}::bigint[])`

export const insertOfficers = (sql: SqlClient.SqlClient, o: OfficerColumns) =>
  sql`
    INSERT INTO officers (company_id, name, role, appointed_on, resigned_on, nationality, source, last_verified_at)
    SELECT company_id, name, role, appointed_on::date, resigned_on::date, nationality, source, last_verified_at::timestamptz
    FROM unnest(${o.company_id}::bigint[], ${o.name}::text[], ${o.role}::text[], ${o.appointed_on}::text[],
      ${o.resigned_on}::text[], ${o.nationality}::text[], ${o.source}::text[], ${o.last_verified_at}::text[])
      AS u(company_id, name, role, appointed_on, resigned_on, nationality, source, last_verified_at)`

/** Awards held unmatched whose supplier is (now) the name or an alias of a written company of their country. */
export const matchPendingAwards = (
  sql: SqlClient.SqlClient,
  ids: ReadonlyArray<string>,
  countries: ReadonlyArray<string>,
  norms: ReadonlyArray<string>
) =>
  sql`
    UPDATE procurement_awards AS p SET matched_company_id = w.id
    FROM unnest(${ids}::bigint[], ${countries}::text[], ${norms}::text[]) AS w(id, country, name_norm)
    WHERE p.matched_company_id IS NULL AND p.country = w.country AND p.supplier_norm = w.name_norm`

/** Status changes of companies just updated (old -> new), for monitoring; same transaction as the update. */
export const recordStatusChanges = (
  sql: SqlClient.SqlClient,
  changes: ReadonlyArray<{ readonly id: string; readonly from: string | null; readonly to: string | null }>
) =>
  sql`INSERT INTO company_status_changes (company_id, country, registration_key, old_status, new_status)
    SELECT c.id, c.country, c.registration_key, ch.old_status, ch.new_status
    FROM unnest(${changes.map((c) => c.id)}::bigint[], ${changes.map((c) => c.from)}::text[], ${changes.map((c) => c.to)}::text[])
      AS ch(id, old_status, new_status)
    JOIN companies c ON c.id = ch.id`
