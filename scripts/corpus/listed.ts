import { parse } from "csv-parse/sync"
import * as fs from "node:fs"
import * as path from "node:path"
import type { CanonicalAlias, CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { registrySpecs } from "./registries.js"

/**
 * The real listed-company files as canonical records: real legal names, tickers and aliases (aliases.tsv), the
 * exchange ticker and ISIN as identifiers, and the real registration numbers of known_registration_numbers.csv where
 * known (quoted public text, a secondary source). A listing publishes no registration number: a company without a
 * known one has none (`registration_no` null) and is named by its reference id, `ref-listed-<cc>-<legal name>`. Only
 * the 18 covered countries; status and entity type are not published by a listing, so they stay null.
 */

type Row = Readonly<Record<string, string>>

const readCsv = (file: string, delimiter = ","): ReadonlyArray<Row> =>
  parse(fs.readFileSync(file, "utf8"), { columns: true, delimiter, bom: true, relax_quotes: true }) as ReadonlyArray<Row>

const LISTINGS = [
  {
    file: "listed_companies_investpy.csv",
    source: "Investing.com listing via alvarobartt/investpy (stocks.csv)",
    source_url: "https://github.com/alvarobartt/investpy",
    verified: "2022-02-02T00:00:00Z"
  },
  {
    file: "brvm_listed_companies.csv",
    source: "BRVM official list via BaobabSenegal/brvm-api",
    source_url: "https://www.brvm.org",
    verified: "2026-08-21T00:00:00Z"
  }
] as const

/** Lower-case letters and digits, each run of anything else one hyphen (sql/0200 computes the same in SQL). */
export const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "")

/** The reference id of a listed company without a known registration number. */
export const listedReferenceId = (country: string, legalName: string) => `ref-listed-${country.toLowerCase()}-${slug(legalName)}`

/** The exchange's short name ("NGX (Nigerian Exchange)" -> "NGX"). */
const exchangeCode = (exchange: string) => exchange.replace(/\s*\(.*$/, "").trim().toUpperCase()

export interface ListedResult {
  readonly records: ReadonlyArray<CanonicalCompany>
  readonly realNumbers: number
  readonly skippedCountries: Readonly<Record<string, number>>
}

export const listedRecords = (sharedDir: string, _seed: number): ListedResult => {
  const dir = path.join(sharedDir, "data/companies")
  const knownRows = readCsv(path.join(dir, "known_registration_numbers.csv"))
  const known = new Map(knownRows.filter((r) => r["linked_record_id"] !== "").map((r) => [r["linked_record_id"]!, r]))
  const aliases = new Map<string, Array<CanonicalAlias>>()
  for (const a of readCsv(path.join(dir, "aliases.tsv"), "\t")) {
    const list = aliases.get(a["record_id"]!) ?? []
    const kind = a["alias_kind"] === "ticker" ? "ticker" : "short"
    if (a["alias"]!.trim() !== "" && a["alias"] !== a["legal_name"]) list.push({ name: a["alias"]!.trim(), kind })
    aliases.set(a["record_id"]!, list)
  }
  const specs = new Map(registrySpecs.map((s) => [s.country, s]))
  const seen = new Set<string>()
  const skippedCountries: Record<string, number> = {}
  const records: Array<CanonicalCompany> = []
  let realNumbers = 0
  for (const listing of LISTINGS) {
    for (const row of readCsv(path.join(dir, listing.file))) {
      const country = row["listing_country"]!
      const spec = specs.get(country)
      if (spec === undefined) {
        skippedCountries[country] = (skippedCountries[country] ?? 0) + 1
        continue
      }
      const legalName = row["legal_name"]!.trim()
      const identity = listedReferenceId(country, legalName)
      if (legalName === "" || seen.has(identity)) continue
      seen.add(identity)
      const real = known.get(row["record_id"]!)
      let registrationNo: string | null = null
      let source: string = listing.source
      let registeredName = legalName
      if (real !== undefined && real["country"] === country) {
        registrationNo = real["registration_no"]!
        registeredName = real["legal_name"]!.trim()
        source += "; registration number and name as printed in public text (unverified)"
        realNumbers++
      }
      const ticker = row["ticker"]?.trim() ?? ""
      const isin = row["isin"]?.trim() ?? ""
      const exchange = exchangeCode(row["exchange"] ?? "")
      const identifiers = [
        ...(ticker === "" || exchange === "" ? [] : [{ scheme: "ticker", value: `${exchange}:${ticker}` }]),
        ...(isin === "" ? [] : [{ scheme: "isin", value: isin }])
      ]
      const recordAliases = [...(aliases.get(row["record_id"]!) ?? [])]
      if (registeredName !== legalName) recordAliases.push({ name: legalName, kind: "short" })
      records.push({
        country,
        ...(registrationNo === null ? { reference_id: identity } : { registration_no: registrationNo }),
        identifiers,
        legal_name: registeredName,
        status: null,
        ...(ticker === "" ? {} : { listed_ticker: ticker }),
        source,
        source_url: listing.source_url,
        source_kind: "secondary",
        last_verified_at: listing.verified,
        aliases: recordAliases
      })
    }
  }
  for (const real of knownRows) {
    if (real["linked_record_id"] !== "" || !specs.has(real["country"]!)) continue
    records.push({
      country: real["country"]!,
      registration_no: real["registration_no"]!,
      legal_name: real["legal_name"]!.trim(),
      status: null,
      source: "Registration number as printed in public text (known_registration_numbers.csv; unverified)",
      source_url: null,
      source_kind: "secondary",
      last_verified_at: "2026-08-01T00:00:00Z",
      aliases: []
    })
    realNumbers++
  }
  return { records, realNumbers, skippedCountries }
}
