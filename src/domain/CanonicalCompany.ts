import { Schema } from "effect"

/**
 * The canonical company record (DESIGN section 10): what ingestion files, the corpus generator and the
 * live registry adapters produce, and what CompanyWriter stores. Unknown values are absent or null, never "".
 */
const AliasKind = Schema.Literals(["brand", "parent", "former", "trading", "short", "ticker"])
export type AliasKind = typeof AliasKind.Type

export const CompanyStatus = Schema.Literals(["active", "dissolved", "dormant", "unknown"])
export type CompanyStatus = typeof CompanyStatus.Type

/** How a record was obtained; drives the source weight of its confidence (DESIGN section 8). */
export const SourceKind = Schema.Literals(["live", "registry", "secondary", "synthetic"])
export type SourceKind = typeof SourceKind.Type

const NonBlank = Schema.String.check(Schema.makeFilter((s) => s.trim().length > 0, { message: "must not be blank" }))
const IsoDate = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/, { message: "must be an ISO date (YYYY-MM-DD)" }))
const Optional = <S extends Schema.Top>(s: S) => Schema.optional(Schema.NullOr(s))

export const CanonicalAlias = Schema.Struct({ name: NonBlank, kind: AliasKind })
export type CanonicalAlias = typeof CanonicalAlias.Type

export const CanonicalOfficer = Schema.Struct({
  name: NonBlank,
  role: Optional(NonBlank),
  appointed_on: Optional(IsoDate),
  resigned_on: Optional(IsoDate),
  nationality: Optional(NonBlank)
})
export type CanonicalOfficer = typeof CanonicalOfficer.Type

/** The longest reference id a source may make; the record route takes ids (and numbers) up to this length. */
export const MAX_REFERENCE_ID_LENGTH = 160

/**
 * Our stable id for a business known only from a secondary source, which publishes no registration number:
 * `ref-<source>-<country>-<words>` (lower-case letters, digits and hyphens), e.g. `ref-listed-ke-safaricom-ltd`.
 */
const ReferenceId = Schema.String.check(
  Schema.isPattern(/^ref-[a-z0-9]+(?:-[a-z0-9]+)+$/, { message: "must be ref-<source>-<words> (a-z, 0-9, hyphens)" }),
  Schema.isMaxLength(MAX_REFERENCE_ID_LENGTH)
)

/**
 * An identifier the record's source gives (tax number, LEI, ISIN, exchange ticker ...), with its scheme. `source`
 * names the file that holds it when that is not the record's own source (a value is credited to the file that holds
 * it); an identifier carries no date of its own.
 */
export const CanonicalIdentifier = Schema.Struct({
  scheme: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,39}$/, { message: "must be a scheme code such as NG-TIN, lei, isin" })),
  value: NonBlank,
  source: Schema.optionalKey(NonBlank)
})
export type CanonicalIdentifier = typeof CanonicalIdentifier.Type

/**
 * What GLEIF says of a registration it confirmed (its evidence): the LEI, the registration authority (GLEIF's RA code
 * and the registry it is), the number there, the corroboration level and GLEIF's dates, as GLEIF gives them.
 */
export const LeiRegistration = Schema.Struct({
  lei: NonBlank,
  registration_authority_id: NonBlank,
  registration_authority: Schema.optionalKey(Schema.NullOr(NonBlank)),
  registered_as: NonBlank,
  corroboration_level: NonBlank,
  registration_status: NonBlank,
  entity_status: NonBlank,
  initial_registration_date: Schema.optionalKey(Schema.NullOr(NonBlank)),
  last_update_date: Schema.optionalKey(Schema.NullOr(NonBlank)),
  next_renewal_date: Schema.optionalKey(Schema.NullOr(NonBlank))
})
export type LeiRegistration = typeof LeiRegistration.Type

export const CanonicalCompany = Schema.Struct({
  country: Schema.String.check(Schema.isPattern(/^[A-Za-z]{2}$/, { message: "must be an ISO-3166 alpha-2 code" })),
  /** Only as a registry publishes it; null when the source publishes none (then `reference_id` names the record). */
  registration_no: Optional(NonBlank),
  reference_id: Optional(ReferenceId),
  identifiers: Schema.optional(Schema.Array(CanonicalIdentifier)),
  legal_name: NonBlank,
  status: Optional(CompanyStatus),
  entity_type: Optional(NonBlank),
  entity_type_label: Optional(NonBlank),
  incorporation_date: Optional(IsoDate),
  registered_address: Optional(NonBlank),
  tax_id: Optional(NonBlank),
  listed_ticker: Optional(NonBlank),
  source: NonBlank,
  source_url: Optional(NonBlank),
  /** Defaults to "registry" when absent; "synthetic" for generated corpora. */
  source_kind: Schema.optional(SourceKind),
  last_verified_at: Schema.String.check(Schema.makeFilter((s) => !Number.isNaN(Date.parse(s)), { message: "must be an ISO date-time" })),
  aliases: Schema.optional(Schema.Array(CanonicalAlias)),
  officers: Schema.optional(Schema.Array(CanonicalOfficer)),
  /** Set on a record GLEIF confirmed against the registry (fully corroborated, entity active): its evidence. */
  lei_registration: Schema.optional(LeiRegistration)
})
export type CanonicalCompany = typeof CanonicalCompany.Type

/** A record with a registration number: what a registry (live or its published file) or a generated corpus gives. */
export type RegistryRecord = CanonicalCompany & { readonly registration_no: string }
