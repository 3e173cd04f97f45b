import { isRegistryId, type RegistryId, registryIds } from "../../domain/registrationNumbers.js"

/**
 * Which GLEIF registration-authority codes (RA + 6 digits, GLEIF's Registration Authorities List) are the 18
 * registries. A record GLEIF confirms counts as registered only when its `registeredAt` is one of these codes.
 *
 * Provenance: GLEIF's Registration Authorities List (https://www.gleif.org/en/about-lei/code-lists/gleif-registration-authorities-list,
 * CC0). The list itself was not reachable from the environment this table was built in, and no public copy of its
 * African rows was found; no code is written here that was not read from the list. Until a row's codes are filled in
 * from the list, an operator names them in KYB_GLEIF_RA_CODES ("RA000123=ke-brs,RA000456=gh-orc"): meanwhile every
 * GLEIF record of that country is a reference entity, never "registered".
 */
export const raListSource = {
  name: "GLEIF Registration Authorities List",
  url: "https://www.gleif.org/en/about-lei/code-lists/gleif-registration-authorities-list",
  terms: "CC0"
} as const

export interface AuthorityRow {
  readonly registry: RegistryId
  /** Codes read from the RA list; empty until confirmed there. */
  readonly codes: ReadonlyArray<string>
  /** Where and when the codes were read (null: not yet). */
  readonly confirmedFrom: string | null
}

export const registrationAuthorities: ReadonlyArray<AuthorityRow> = registryIds.map((registry) => ({
  registry,
  codes: [],
  confirmedFrom: null
}))

const RA_CODE = /^RA\d{6}$/

/** "RA000123=ke-brs,RA000456=gh-orc" -> pairs; an entry that is not a code and one of the 18 registries is an error. */
export const parseAuthorityCodes = (value: string): { readonly pairs: ReadonlyArray<readonly [string, RegistryId]>; readonly invalid: ReadonlyArray<string> } => {
  const pairs: Array<readonly [string, RegistryId]> = []
  const invalid: Array<string> = []
  for (const part of value.split(",").map((p) => p.trim()).filter((p) => p !== "")) {
    const [code, registry] = part.split("=").map((p) => p.trim())
    if (code !== undefined && registry !== undefined && RA_CODE.test(code.toUpperCase()) && isRegistryId(registry.toLowerCase())) {
      pairs.push([code.toUpperCase(), registry.toLowerCase() as RegistryId])
    } else {
      invalid.push(part)
    }
  }
  return { pairs, invalid }
}

/** The registry an RA code is (the table's codes and the operator's), or null. */
export const authorityLookup = (configured: ReadonlyArray<readonly [string, RegistryId]>) => {
  const byCode = new Map<string, RegistryId>()
  for (const row of registrationAuthorities) for (const code of row.codes) byCode.set(code, row.registry)
  for (const [code, registry] of configured) byCode.set(code, registry)
  return (code: string): RegistryId | null => byCode.get(code.trim().toUpperCase()) ?? null
}
