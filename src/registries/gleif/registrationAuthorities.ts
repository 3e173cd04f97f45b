import { isRegistryId, type RegistryId, registryIds } from "../../domain/registrationNumbers.js"

/**
 * Which GLEIF registration-authority codes (RA + 6 digits, GLEIF's Registration Authorities List) are the 18
 * registries. A record GLEIF confirms counts as registered only when its `registeredAt` is one of these codes.
 *
 * Provenance: GLEIF's Registration Authorities List (https://www.gleif.org/en/about-lei/code-lists/gleif-registration-authorities-list,
 * CC0). A code is entered only when read from that list or a verbatim copy of it (cited with repository, path and
 * commit in `confirmedFrom`, with the list's version). None is entered yet. Searched on 2026-11-29 (public code):
 * - GLEIF-IT/lei-rdf (GLEIF's own RDF tooling, HEAD 325b09f0): code/latest-ra.py and ra-to-rdf.py fetch the list at
 *   build time; its committed RA data (ontology/sample/RegistrationAuthorityData.ttl) holds European samples only.
 * - a migration "052_gleif_registration_authorities" in public code: European registers only.
 * - m-muecke/gleifr's documentation prints the first 200 rows of GLEIF's API (codes RA000001-RA000204 with register
 *   names, no country column): a code cannot be tied to a country from it.
 * - ringgaard/sling data/org/bizreg.sling gives every code with its country, but it is a third party's transcription.
 * Searched again on 2026-11-29 (public code; the index's text search and file listings):
 * - NotAProfDev/gleif-rs tests/data/registration_authorities/ (commit 7953500197713b7740becb7cd6383949234902db): verbatim
 *   answers of GLEIF's API `/registration-authorities`, but only its first page (RA000001-RA000010, total 1071) and
 *   RA000044 (BR) and RA000097 (CO). Its one African row of the 18 countries, RA000005 (AO, "Central Registry of
 *   Business Names", Ficheiro Central de Denominações Sociais), is Angola's name register, not the GUE (ao-gue): not
 *   entered.
 * - code that reads the list's CSV (columns "Registration Authority Code", "Country Code", "International name of
 *   Register" ...; versions 1.5 of 2019-12-05 and 1.8.1 of 2024-11-20) fetches it at run time and commits either
 *   nothing or a bundle rebuilt from it (names merged and rewritten), not a verbatim copy; no committed CSV with the
 *   African rows, and no API answer with a Kenyan, Nigerian or South African jurisdiction, was found.
 * So every row is empty: the 18 registries' codes come only from a third party's transcription, never from GLEIF's
 * list or a verbatim copy. Until a row is filled in from the list, an operator names the codes in KYB_GLEIF_RA_CODES
 * ("RA000123=ke-brs,RA000456=gh-orc"): meanwhile every GLEIF record of that country is a reference entity, never
 * "registered".
 */
export interface AuthorityRow {
  readonly registry: RegistryId
  /** Codes read from the RA list; empty until confirmed there. */
  readonly codes: ReadonlyArray<string>
  /** Where and when the codes were read (null: not yet). */
  readonly confirmedFrom: string | null
  /** The country GLEIF's list gives for these codes (ISO alpha-2; null: no code read yet). */
  readonly listCountry: string | null
}

export const registrationAuthorities: ReadonlyArray<AuthorityRow> = registryIds.map((registry) => ({
  registry,
  codes: [],
  confirmedFrom: null,
  listCountry: null
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
