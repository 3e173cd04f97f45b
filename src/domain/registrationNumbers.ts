import { bwCipa, ghOrc, keBrs, muCbrd, ngCac, rwRdb, tzBrela, ugUrsb, zaCipc, zmPacra } from "./numbers/anglophone.js"
import type { CanonicalNumber } from "./numbers/common.js"
import { aoGue, egCr, maOmpic, mgRcs, tnRne } from "./numbers/courts.js"
import { ohadaRccm } from "./numbers/ohada.js"

export type { CanonicalNumber } from "./numbers/common.js"
export { numberKey } from "./numbers/common.js"
export { cacNumberFromSearch } from "./numbers/anglophone.js"

export const registryIds = [
  "ng-cac", "gh-orc", "ke-brs", "za-cipc", "tz-brela", "ug-ursb", "zm-pacra", "mu-cbrd", "sn-rccm",
  "ci-rccm", "cm-rccm", "ma-ompic", "eg-cr", "mg-rcs", "ao-gue", "rw-rdb", "bw-cipa", "tn-rne"
] as const

export type RegistryId = typeof registryIds[number]

const registryIdSet: ReadonlySet<string> = new Set(registryIds)
export const isRegistryId = (id: string): id is RegistryId => registryIdSet.has(id)

const byCountry: ReadonlyMap<string, RegistryId> = new Map(
  registryIds.map((id) => [id.slice(0, 2).toUpperCase(), id] as const)
)

/** The registry that covers a country (ISO alpha-2, any case), or null for a country not covered. */
export const registryForCountry = (country: string): RegistryId | null => byCountry.get(country.trim().toUpperCase()) ?? null

/** The country (upper-case ISO alpha-2) a registry covers. */
export const countryOfRegistry = (registry: RegistryId): string => registry.slice(0, 2).toUpperCase()

const schemes: Readonly<Record<RegistryId, (raw: string) => CanonicalNumber>> = {
  "ng-cac": ngCac,
  "gh-orc": ghOrc,
  "ke-brs": keBrs,
  "za-cipc": zaCipc,
  "tz-brela": tzBrela,
  "ug-ursb": ugUrsb,
  "zm-pacra": zmPacra,
  "mu-cbrd": muCbrd,
  "sn-rccm": ohadaRccm("SN"),
  "ci-rccm": ohadaRccm("CI"),
  "cm-rccm": ohadaRccm("CM"),
  "ma-ompic": maOmpic,
  "eg-cr": egCr,
  "mg-rcs": mgRcs,
  "ao-gue": aoGue,
  "rw-rdb": rwRdb,
  "bw-cipa": bwCipa,
  "tn-rne": tnRne
}

/**
 * Canonical form of a registration number for one registry: `key` for storage and lookup, `display`
 * for output, `valid` for the format check, `details` for the decoded structure. Never throws; a number
 * that does not parse comes back `valid: false` with the generic `numberKey` as its key.
 */
export const canonicalNumber = (registry: RegistryId, raw: string): CanonicalNumber => schemes[registry](raw)
