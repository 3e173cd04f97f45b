import { bwCipa, ghOrc, keBrs, muCbrd, ngCac, rwRdb, tzBrela, ugUrsb, zaCipc, zmPacra } from "./numbers/anglophone.js"
import { type CanonicalNumber, numberKey as numberKeyOf } from "./numbers/common.js"
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

const CAC_CLASSES = ["RC", "BN", "IT", "LP", "LLP"] as const

/**
 * Every stored key a raw number may denote in a registry, best first: the canonical key, then the
 * alternatives an ambiguous input leaves open. For CAC bare digits ("208767") that is each class
 * (RC first); for a Moroccan number without its court, or an Egyptian one without its office, only the
 * digits can be offered (the stored key carries the court/office, so a search also needs a suffix match).
 */
export const candidateKeys = (registry: RegistryId, raw: string): ReadonlyArray<string> => {
  const canonical = canonicalNumber(registry, raw)
  const keys = [canonical.key]
  if (registry === "ng-cac" && canonical.details.class_assumed === "true") {
    for (const cls of CAC_CLASSES) if (cls !== "RC") keys.push(`${cls}${canonical.details.number}`)
  }
  const generic = numberKeyOf(raw)
  if (generic.length > 0 && !keys.includes(generic)) keys.push(generic)
  return keys.filter((k) => k.length > 0)
}
