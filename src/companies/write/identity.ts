import { recordConfidence } from "../../domain/confidence.js"
import { initialismOfNormalized } from "../../domain/initialism.js"
import { normalizeName } from "../../domain/normalize.js"
import { canonicalNumber, numberKey, registryForCountry } from "../../domain/registrationNumbers.js"
import { canonicalTaxId } from "../../domain/taxIds.js"
import type { SourceKind } from "../../domain/CanonicalCompany.js"

/** The domain rules CompanyWriter applies, gathered in one place. */

export interface NumberIdentity {
  readonly registry_id: string
  readonly display: string
  readonly key: string
  readonly valid: boolean
}

/** Registry and canonical number of a record; a country outside the 18 registries keeps `<cc>-other`. */
export const numberIdentity = (country: string, raw: string): NumberIdentity => {
  const registry = registryForCountry(country)
  if (registry === null) {
    return { registry_id: `${country.toLowerCase()}-other`, display: raw.trim(), key: numberKey(raw), valid: false }
  }
  const canonical = canonicalNumber(registry, raw)
  return { registry_id: registry, display: canonical.display, key: canonical.key, valid: canonical.valid }
}

/** The registry of records that publish no registration number (reference entities), keyed by their reference id. */
export const REFERENCE_REGISTRY = "reference"

export const referenceIdentity = (referenceId: string): NumberIdentity => ({
  registry_id: REFERENCE_REGISTRY,
  display: referenceId,
  key: referenceId.trim().toLowerCase(),
  valid: false
})

export const taxKey = (country: string, taxId: string | null): string | null => {
  if (taxId === null) return null
  return canonicalTaxId(country, taxId).key
}

export const nameNorm = (name: string, country: string) => normalizeName(name, country)

/** Initials of a company name, from its normalised form (`nameNorm(legalName, country)`). */
export const initialism = (normalizedName: string): string | null => initialismOfNormalized(normalizedName)

export const confidenceOf = (kind: SourceKind, checkedAt: string, now: Date) =>
  recordConfidence(kind, new Date(checkedAt), now)
