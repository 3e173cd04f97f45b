import type { CompanyFields } from "../domain/schemas/Company.js"
import type { Schema } from "effect"
import { registryById } from "../registries/catalog.js"
import { recordConfidence } from "../domain/confidence.js"
import type { SourceKind } from "../domain/CanonicalCompany.js"
import { REFERENCE_REGISTRY } from "./write/identity.js"
import { identifiersOfStored, registryEvidenceOfStored } from "./write/storedColumns.js"

type CompanyJson = { -readonly [K in keyof typeof CompanyFields]: Schema.Schema.Type<(typeof CompanyFields)[K]> }

/** The columns every company read selects; `companyColumns` is the matching select list. */
export interface CompanyRow {
  readonly id: string
  readonly registry_id: string
  readonly country: string
  readonly registration_no: string | null
  /** For a reference entity (registry `reference`): its reference id. */
  readonly registration_key: string
  readonly legal_name: string
  readonly status: "active" | "dissolved" | "dormant" | "unknown" | null
  readonly entity_type: string | null
  readonly entity_type_label: string | null
  readonly incorporation_date: string | null
  readonly registered_address: string | null
  readonly tax_id: string | null
  readonly listed_ticker: string | null
  readonly source: string
  readonly source_url: string | null
  readonly source_kind: SourceKind
  readonly registry_url: string | null
  readonly last_verified_at: string
  /** jsonb, as text. */
  readonly identifiers: string | null
  readonly registry_evidence: string | null
}

/** Select list for CompanyRow (alias `c`); dates come out as ISO strings whatever the driver's type parsers. */
export const companyColumns = `c.id::text AS id, c.registry_id, c.country::text AS country, c.registration_no, c.registration_key,
  c.legal_name, c.status, c.entity_type, c.entity_type_label,
  to_char(c.incorporation_date, 'YYYY-MM-DD') AS incorporation_date, c.registered_address, c.tax_id,
  c.listed_ticker, c.source, c.source_url, c.source_kind, c.registry_url,
  to_char(c.last_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_verified_at,
  c.identifiers::text AS identifiers, c.registry_evidence::text AS registry_evidence`

/** The spec's Company object for a stored row; confidence is computed now (it decays with age). */
export const companyJson = (row: CompanyRow, now: Date): CompanyJson => ({
  country: row.country.toUpperCase(),
  registration_no: row.registration_no,
  reference_id: row.registry_id === REFERENCE_REGISTRY ? row.registration_key : null,
  legal_name: row.legal_name,
  status: row.status,
  entity_type: row.entity_type,
  entity_type_label: row.entity_type_label,
  incorporation_date: row.incorporation_date,
  registered_address: row.registered_address,
  tax_id: row.tax_id,
  listed_ticker: row.listed_ticker,
  source: row.source,
  source_url: row.source_url,
  source_kind: row.source_kind,
  registry_url: row.registry_url ?? registryById(row.registry_id)?.publicUrl ?? null,
  last_verified_at: row.last_verified_at,
  confidence: recordConfidence(row.source_kind, new Date(row.last_verified_at), now),
  identifiers: identifiersOfStored(row.identifiers).map((i) => ({ ...i })),
  registry_evidence: registryEvidenceOfStored(row.registry_evidence)
})
