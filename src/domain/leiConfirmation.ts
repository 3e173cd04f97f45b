import type { CanonicalCompany, CompanyStatus, LeiRegistration } from "./CanonicalCompany.js"
import { countryOfRegistry, registryIds, type RegistryId } from "./registrationNumbers.js"

/**
 * When a GLEIF record says a business is registered, and what record it makes. Pure: the same rule for GLEIF's live
 * API and its golden-copy files.
 *
 * Registered only when the LEI issuer corroborated the registration fully against the registry of the business's own
 * country (GLEIF's `registeredAt` is an authority mapped to one of the 18 registries, the record's jurisdiction is that
 * registry's country, and any `validatedAt` is the same authority with the same number), the entity is ACTIVE and the
 * LEI registration is current. Anything less is a reference entity: the business GLEIF knows, never "registered".
 */
export interface LeiEntry {
  readonly lei: string
  readonly legalName: string
  /** GLEIF's other names with their type (TRADING_OR_OPERATING_NAME, PREVIOUS_LEGAL_NAME, ...). */
  readonly otherNames: ReadonlyArray<{ readonly name: string; readonly type: string | null }>
  readonly legalAddress: {
    readonly lines: ReadonlyArray<string>
    readonly city: string | null
    readonly region: string | null
    readonly country: string | null
    readonly postalCode: string | null
  }
  readonly jurisdiction: string | null
  readonly registeredAt: string | null
  readonly registeredAs: string | null
  readonly entityStatus: string
  readonly creationDate: string | null
  readonly registration: {
    readonly initialRegistrationDate: string | null
    readonly lastUpdateDate: string | null
    readonly status: string
    readonly nextRenewalDate: string | null
    readonly corroborationLevel: string
    readonly validatedAt: string | null
    readonly validatedAs: string | null
  }
}

export type LeiVerdict =
  | { readonly registered: true; readonly registry: RegistryId }
  | { readonly registered: false; readonly reason: string }

/** LEI registration statuses under which the record is maintained (not lapsed, retired, annulled, merged ...). */
const CURRENT_REGISTRATION = new Set(["ISSUED", "PENDING_TRANSFER", "PENDING_ARCHIVAL"])

const trimmed = (value: string | null | undefined): string | null => {
  const t = value?.trim()
  return t === undefined || t === "" ? null : t
}

/** The record's country: its jurisdiction's (US-DE -> US), else its legal address's. */
const leiCountry = (entry: LeiEntry): string | null =>
  (trimmed(entry.jurisdiction)?.slice(0, 2) ?? trimmed(entry.legalAddress.country))?.toUpperCase() ?? null

export const leiVerdict = (entry: LeiEntry, registryOfAuthority: (code: string) => RegistryId | null): LeiVerdict => {
  const authority = trimmed(entry.registeredAt)
  const number = trimmed(entry.registeredAs)
  const registry = authority === null ? null : registryOfAuthority(authority)
  const r = entry.registration
  if (r.corroborationLevel !== "FULLY_CORROBORATED") return { registered: false, reason: `corroboration ${r.corroborationLevel}` }
  if (entry.entityStatus !== "ACTIVE") return { registered: false, reason: `entity ${entry.entityStatus}` }
  if (!CURRENT_REGISTRATION.has(r.status)) return { registered: false, reason: `LEI registration ${r.status}` }
  if (authority === null || number === null) return { registered: false, reason: "no registration authority or number" }
  if (registry === null) return { registered: false, reason: `authority ${authority} is not one of the 18 registries` }
  if (leiCountry(entry) !== countryOfRegistry(registry)) return { registered: false, reason: `authority ${authority} is not the registry of ${leiCountry(entry) ?? "its country"}` }
  if (trimmed(r.validatedAt) !== null && trimmed(r.validatedAt) !== authority) return { registered: false, reason: `validated at ${r.validatedAt}, not ${authority}` }
  if (trimmed(r.validatedAs) !== null && trimmed(r.validatedAs) !== number) return { registered: false, reason: "validated under another number" }
  return { registered: true, registry }
}

const STATUS: Readonly<Record<string, CompanyStatus>> = { ACTIVE: "active", INACTIVE: "dissolved" }

const isoDay = (value: string | null): string | null => {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value ?? "")
  return m === null ? null : m[1]!
}

const address = (entry: LeiEntry): string | null => {
  const a = entry.legalAddress
  const parts = [...a.lines, a.city, a.postalCode, a.country].map(trimmed).filter((p): p is string => p !== null)
  return parts.length === 0 ? null : parts.join(", ")
}

export interface LeiSource {
  readonly source: string
  readonly sourceUrl: string | null
  /** live: GLEIF's API; registry: a golden-copy file GLEIF published. */
  readonly kind: "live" | "registry"
  readonly checkedAt: string
  /** Names of the registries (for the evidence's registration authority). */
  readonly registryName: (registry: RegistryId) => string
}

/** The reference id of a business GLEIF knows but does not confirm: ref-gleif-<country>-<lei>. */
export const leiReferenceId = (country: string, lei: string): string => `ref-gleif-${country.toLowerCase()}-${lei.toLowerCase()}`

/**
 * The canonical record of a GLEIF entry: with its registry number and GLEIF's evidence when registered; else a
 * reference entity (no registration number, source kind secondary). Null when the entry is outside the 18 countries.
 */
export const leiRecord = (entry: LeiEntry, verdict: LeiVerdict, from: LeiSource): CanonicalCompany | null => {
  const country = verdict.registered ? countryOfRegistry(verdict.registry) : leiCountry(entry)
  if (country === null || !registryIds.some((id) => countryOfRegistry(id) === country)) return null
  const lei = entry.lei.trim().toUpperCase()
  const common = {
    country,
    legal_name: entry.legalName.trim(),
    status: STATUS[entry.entityStatus] ?? "unknown",
    incorporation_date: isoDay(entry.creationDate),
    registered_address: address(entry),
    identifiers: [{ scheme: "lei", value: lei }],
    aliases: entry.otherNames.flatMap((n) => {
      const name = trimmed(n.name)
      return name === null ? [] : [{ name, kind: n.type === "PREVIOUS_LEGAL_NAME" ? "former" as const : "trading" as const }]
    }),
    source: from.source,
    source_url: from.sourceUrl,
    last_verified_at: from.checkedAt
  }
  if (!verdict.registered) return { ...common, registration_no: null, reference_id: leiReferenceId(country, lei), source_kind: "secondary" }
  const evidence: LeiRegistration = {
    lei,
    registration_authority_id: entry.registeredAt!.trim(),
    registration_authority: from.registryName(verdict.registry),
    registered_as: entry.registeredAs!.trim(),
    corroboration_level: entry.registration.corroborationLevel,
    registration_status: entry.registration.status,
    entity_status: entry.entityStatus,
    initial_registration_date: trimmed(entry.registration.initialRegistrationDate),
    last_update_date: trimmed(entry.registration.lastUpdateDate),
    next_renewal_date: trimmed(entry.registration.nextRenewalDate)
  }
  return { ...common, registration_no: entry.registeredAs!.trim(), source_kind: from.kind, lei_registration: evidence }
}
