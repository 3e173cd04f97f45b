import type { LeiRegistration, SourceKind } from "../../domain/CanonicalCompany.js"

/** Record fields that carry their own provenance; each is merged on its own (newest observation wins). */
export const trackedFields = [
  "registration_no",
  "legal_name",
  "status",
  "entity_type",
  "entity_type_label",
  "incorporation_date",
  "registered_address",
  "tax_id",
  "listed_ticker"
] as const
export type TrackedField = typeof trackedFields[number]

/** Lists that are replaced as a whole by a newer observation that carries them. */
export type TrackedList = "aliases" | "officers"

export interface FieldProvenance {
  readonly source: string
  readonly source_url: string | null
  readonly checked_at: string
  readonly confidence: number
  /** How that source was obtained: the field's confidence is weighed by it (absent in rows written before it was kept). */
  readonly source_kind?: SourceKind
}

export type Provenance = Readonly<Partial<Record<TrackedField | TrackedList, FieldProvenance>>>

export interface AliasRow {
  readonly name: string
  readonly name_norm: string
  readonly kind: string
  readonly source: string
}

export interface OfficerRow {
  readonly name: string
  readonly role: string | null
  readonly appointed_on: string | null
  readonly resigned_on: string | null
  readonly nationality: string | null
  readonly source: string
  readonly last_verified_at: string
}

/** An identifier a source gave for the company, with its scheme (NG-TIN, lei, isin, ticker, reference ...). */
export interface IdentifierRow {
  readonly scheme: string
  readonly value: string
  readonly source: string
}

/** A registry's word that the company is registered: a live answer or a registry's own published file. */
export interface RegistryEvidence {
  readonly source: string
  readonly source_url: string | null
  readonly checked_at: string
  readonly kind: "registry" | "live"
  /** When GLEIF confirmed the registration: its evidence (LEI, authority, number there, corroboration, dates). */
  readonly lei?: LeiRegistration
}

export interface RecordSource {
  readonly source: string
  readonly source_url: string | null
  readonly source_kind: SourceKind
  readonly last_verified_at: string
}

/**
 * Identity of a company: one row per (registry_id, registration_key). A record without a registration number (a
 * reference entity) is in the registry `reference`, keyed by its reference id.
 */
export interface CompanyIdentity {
  readonly registry_id: string
  readonly country: string
  readonly registration_key: string
  readonly number_valid: boolean
}

/** A company as CompanyWriter holds it between reading and writing (a companies row, lists aside). */
export interface CompanyState extends CompanyIdentity {
  readonly id: string | null
  readonly values: Readonly<Record<TrackedField, string | null>>
  readonly provenance: Provenance
  readonly record: RecordSource
  readonly registry_url: string | null
  readonly aliases_digest: string | null
  readonly officers_digest: string | null
  /** Given (non-derived) aliases to write, when this state replaced them. */
  readonly aliases: ReadonlyArray<AliasRow> | null
  /** Officers to write, when this state replaced them. */
  readonly officers: ReadonlyArray<OfficerRow> | null
  /** Every identifier its sources gave, sorted by scheme and value (kept when a source stops giving one). */
  readonly identifiers: ReadonlyArray<IdentifierRow>
  readonly registry_evidence: RegistryEvidence | null
  readonly content_hash: string
}

/** One incoming record, canonicalised: what a single source said at one instant. */
export interface Observation extends CompanyIdentity {
  readonly values: Readonly<Record<TrackedField, string | null>>
  readonly record: RecordSource
  readonly registry_url: string | null
  readonly aliases: ReadonlyArray<AliasRow> | null
  readonly aliases_digest: string | null
  readonly officers: ReadonlyArray<OfficerRow> | null
  readonly officers_digest: string | null
  readonly identifiers: ReadonlyArray<IdentifierRow>
  /** Set when the observation is a registry's (source kind registry or live) and carries a number. */
  readonly registry_evidence: RegistryEvidence | null
}
