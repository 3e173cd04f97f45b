import { type Award, awardOf } from "./award.js"

/**
 * Awards of OCDS data: a release package ({releases}), a record package ({records} with compiledRelease or
 * releases), a bare release, or an array of releases. One award row per (award, supplier); the supplier's
 * legal name is taken from its party entry when published (the Nigerian samples print `name` in lower case and
 * the proper legal name in `additionalIdentifiers`), else the award's own supplier name.
 */

type Json = Readonly<Record<string, unknown>>

const isObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)
const arrayOf = (u: unknown): ReadonlyArray<Json> => (Array.isArray(u) ? u.filter(isObject) : [])
const str = (u: unknown): string | null => (typeof u === "string" && u.trim() !== "" ? u.trim() : typeof u === "number" ? String(u) : null)

const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  nigeria: "NG", ghana: "GH", kenya: "KE", "south africa": "ZA", tanzania: "TZ", "united republic of tanzania": "TZ",
  uganda: "UG", zambia: "ZM", mauritius: "MU", senegal: "SN", "côte d'ivoire": "CI", "cote d'ivoire": "CI",
  "ivory coast": "CI", cameroon: "CM", cameroun: "CM", morocco: "MA", maroc: "MA", egypt: "EG", madagascar: "MG",
  angola: "AO", rwanda: "RW", botswana: "BW", tunisia: "TN", tunisie: "TN", malawi: "MW", liberia: "LR"
}

/** Publishers' ocid prefixes (org-id registered) for data that names no country. */
const OCID_PREFIXES: Readonly<Record<string, string>> = { "ocds-gyl66f": "NG", "ocids-gyl66f": "NG", "ocds-rdvc92": "UG" }

export const releasesOf = (document: unknown): ReadonlyArray<Json> => {
  if (Array.isArray(document)) return arrayOf(document)
  if (!isObject(document)) return []
  if (Array.isArray(document["releases"])) return arrayOf(document["releases"])
  if (Array.isArray(document["records"])) {
    return arrayOf(document["records"]).flatMap((record) =>
      isObject(record["compiledRelease"]) ? [record["compiledRelease"]] : arrayOf(record["releases"])
    )
  }
  return "ocid" in document ? [document] : []
}

const countryOf = (release: Json, parties: ReadonlyArray<Json>, fallback: string | null): string | null => {
  if (fallback !== null) return fallback
  for (const party of parties) {
    const address = party["address"]
    const name = isObject(address) ? str(address["countryName"]) : null
    const code = name === null ? undefined : COUNTRY_NAMES[name.toLowerCase()]
    if (code !== undefined) return code
  }
  const ocid = str(release["ocid"]) ?? ""
  const prefix = Object.keys(OCID_PREFIXES).find((p) => ocid.startsWith(`${p}-`))
  return prefix === undefined ? null : OCID_PREFIXES[prefix]!
}

const legalNameOf = (party: Json | undefined): string | null => {
  if (party === undefined) return null
  for (const extra of arrayOf(party["additionalIdentifiers"])) {
    const legal = str(extra["legalName"])
    if (legal !== null) return legal
  }
  const identifier = party["identifier"]
  return isObject(identifier) ? str(identifier["legalName"]) : null
}

const partyName = (party: Json | undefined): string | null => legalNameOf(party) ?? str(party?.["name"])

export interface ReleaseAwards {
  readonly awards: ReadonlyArray<Award>
  readonly rejected: ReadonlyArray<string>
}

export const awardsOfRelease = (release: Json, line: number, country: string | null, sourceUrl: string | null): ReleaseAwards => {
  const parties = arrayOf(release["parties"])
  const byId = new Map(parties.map((p) => [str(p["id"]) ?? "", p]))
  const buyerRef = isObject(release["buyer"]) ? release["buyer"] : undefined
  const buyer = str(buyerRef?.["name"]) ?? partyName(parties.find((p) => Array.isArray(p["roles"]) && p["roles"].includes("buyer")))
  const tender = isObject(release["tender"]) ? release["tender"] : undefined
  const awardsIn = arrayOf(release["awards"])
  if (awardsIn.length === 0) return { awards: [], rejected: [] }
  const resolvedCountry = countryOf(release, parties, country)
  if (resolvedCountry === null) return { awards: [], rejected: ["country unknown (give --country)"] }
  const awards: Array<Award> = []
  const rejected: Array<string> = []
  for (const award of awardsIn) {
    const value = isObject(award["value"]) ? award["value"] : undefined
    const amount = typeof value?.["amount"] === "number" ? value["amount"] : null
    for (const supplier of arrayOf(award["suppliers"])) {
      const party = byId.get(str(supplier["id"]) ?? "\u0000")
      const name = legalNameOf(party) ?? str(supplier["name"]) ?? str(party?.["name"])
      const result = awardOf(line, {
        country: resolvedCountry,
        ocid: str(release["ocid"]),
        buyer,
        title: str(award["title"]) ?? str(award["description"]) ?? str(tender?.["title"]),
        value: amount,
        currency: str(value?.["currency"]),
        date: str(award["date"]) ?? str(release["date"]),
        supplier: name ?? "",
        source_url: sourceUrl
      })
      if (typeof result === "string") rejected.push(`award ${str(award["id"]) ?? "?"}: ${result}`)
      else awards.push(result)
    }
  }
  return { awards, rejected }
}
