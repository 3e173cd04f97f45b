import type { CompanyRow } from "../companyRow.js"
import { decodeProvenance } from "./provenanceFormat.js"
import type { CompanyState, TrackedField } from "./state.js"
import type { AliasRow } from "./state.js"
import { initialism, nameNorm, taxKey } from "./identity.js"
import { trackedFields } from "./state.js"
import type { SourceKind } from "../../domain/CanonicalCompany.js"
import { identifiersOfStored, registryEvidenceOfStored } from "./storedColumns.js"

/** A companies row as read back for merging: the read columns plus identity, provenance and digests. */
export interface HeldRow extends Omit<CompanyRow, "identifiers" | "registry_evidence"> {
  readonly identifiers: unknown
  readonly registry_evidence: unknown
  readonly registration_key: string
  readonly number_valid: boolean
  readonly provenance: string
  readonly content_hash: string | null
  readonly aliases_digest: string | null
  readonly officers_digest: string | null
}

const sourceKinds: ReadonlyArray<string> = ["live", "registry", "secondary", "synthetic"]


export const stateOfRow = (row: HeldRow): CompanyState => {
  const values = {} as Record<TrackedField, string | null>
  for (const field of trackedFields) values[field] = row[field]
  return {
    id: row.id,
    registry_id: row.registry_id,
    country: row.country,
    registration_key: row.registration_key,
    number_valid: row.number_valid,
    values,
    provenance: decodeProvenance(row.provenance),
    record: {
      source: row.source,
      source_url: row.source_url,
      source_kind: (sourceKinds.includes(row.source_kind) ? row.source_kind : "registry") as SourceKind,
      last_verified_at: new Date(row.last_verified_at).toISOString()
    },
    registry_url: row.registry_url,
    aliases_digest: row.aliases_digest,
    officers_digest: row.officers_digest,
    aliases: null,
    officers: null,
    identifiers: identifiersOfStored(row.identifiers),
    registry_evidence: registryEvidenceOfStored(row.registry_evidence),
    content_hash: row.content_hash ?? ""
  }
}

const MONTH_MS = 30 * 24 * 3600 * 1000

/** Ranking tie-breaker in 0..1: listed (0.4), completeness of the optional fields (0.4), freshness (0.2). */
export const qualityOf = (state: CompanyState, now: Date) => {
  const optional = [
    state.values.status,
    state.values.entity_type,
    state.values.incorporation_date,
    state.values.registered_address,
    state.values.tax_id
  ]
  const completeness = optional.filter((v) => v !== null).length / optional.length
  const ageMonths = Math.max(0, (now.getTime() - Date.parse(state.record.last_verified_at)) / MONTH_MS)
  const freshness = ageMonths <= 1 ? 1 : Math.max(0.4, 1 - 0.05 * (ageMonths - 1))
  const listed = state.values.listed_ticker === null ? 0 : 1
  return Math.round((0.4 * listed + 0.4 * completeness + 0.2 * freshness) * 1000) / 1000
}

/** The initialism and ticker aliases of a company; `norm` is its normalised legal name (nameNorm). */
export const derivedAliases = (state: CompanyState, norm: string): ReadonlyArray<AliasRow> => {
  const rows: Array<AliasRow> = []
  const initials = initialism(norm)
  if (initials !== null) {
    const initialsNorm = nameNorm(initials, state.country)
    if (initialsNorm !== "") {
      rows.push({ name: initials.toUpperCase(), name_norm: initialsNorm, kind: "initialism", source: "derived" })
    }
  }
  const ticker = state.values.listed_ticker
  if (ticker !== null) {
    const tickerNorm = nameNorm(ticker, state.country)
    if (tickerNorm !== "") rows.push({ name: ticker, name_norm: tickerNorm, kind: "ticker", source: "derived" })
  }
  return rows
}

export const nameLower = (legalName: string) => legalName.trim().toLowerCase()

export const taxKeyOf = (state: CompanyState) => taxKey(state.country, state.values.tax_id)
