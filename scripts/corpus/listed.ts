import { parse } from "csv-parse/sync"
import * as fs from "node:fs"
import * as path from "node:path"
import type { CanonicalAlias, CanonicalCompany, CanonicalIdentifier } from "../../src/domain/CanonicalCompany.js"
import { registryForCountry } from "../../src/domain/registrationNumbers.js"
import { registrySpecs } from "./registries.js"

/**
 * The real listed-company files as canonical records: real legal names, tickers and aliases (aliases.tsv), the
 * exchange ticker and ISIN as identifiers, each record credited to its listing file and dated as that file states.
 * A listing publishes no registration number: its record has none (`registration_no` null) and is named by its
 * reference id, `ref-listed-<cc>-<legal name>`. Only the 18 covered countries; status and entity type are not
 * published by a listing, so they stay null.
 *
 * known_registration_numbers.csv (numbers as printed in public text, unverified) states no date. Each of its values is
 * credited to it and to no other file (`knownNumberIdentifier`): a number whose row names a listing row rides on that
 * listing's record as an identifier credited to the CSV (an identifier carries no date of its own); the listing's
 * name, date and source stay the listing's. A row that names no listing row has no dated record to ride on, and none
 * is made for it (a record needs a date, and this file gives none): it is counted in `undatedUnlinked`.
 */

type Row = Readonly<Record<string, string>>

const readCsv = (file: string, delimiter = ","): ReadonlyArray<Row> =>
  parse(fs.readFileSync(file, "utf8"), { columns: true, delimiter, bom: true, relax_quotes: true }) as ReadonlyArray<Row>

/** Each listing file with the date data/companies/README.md states for it (investpy's file last changed 2022-02-02). */
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

/** Where a known number is read from (the file in this repository). */
export const KNOWN_NUMBERS_FILE = "data/companies/known_registration_numbers.csv"

export interface ListedResult {
  readonly records: ReadonlyArray<CanonicalCompany>
  /** Listing records carrying a number from known_registration_numbers.csv (as an identifier credited to it). */
  readonly realNumbers: number
  /** Rows of known_registration_numbers.csv in a covered country that name no listing row: not loaded (no date). */
  readonly undatedUnlinked: number
  readonly skippedCountries: Readonly<Record<string, number>>
}

/**
 * A row of known_registration_numbers.csv as an identifier credited to that file: the registry's scheme, the number
 * as printed, and a source that says which file holds it, whose name it gives and that it is unverified. Null when the
 * row has no number or its country is none of the 18 registries'.
 */
export const knownNumberIdentifier = (row: Row): CanonicalIdentifier | null => {
  const registry = registryForCountry(row["country"]?.trim() ?? "")
  const number = row["registration_no"]?.trim() ?? ""
  if (registry === null || number === "") return null
  const authority = row["registration_authority"]?.trim() || registry
  const name = row["legal_name"]?.trim() ?? ""
  return {
    scheme: registry,
    value: number,
    source: `${KNOWN_NUMBERS_FILE}: ${authority} number${name === "" ? "" : ` of ${name}`} as printed in public text (unverified; the file states no date)`
  }
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
      const number = real !== undefined && real["country"] === country ? knownNumberIdentifier(real) : null
      if (number !== null) realNumbers++
      const ticker = row["ticker"]?.trim() ?? ""
      const isin = row["isin"]?.trim() ?? ""
      const exchange = exchangeCode(row["exchange"] ?? "")
      const identifiers = [
        ...(ticker === "" || exchange === "" ? [] : [{ scheme: "ticker", value: `${exchange}:${ticker}` }]),
        ...(isin === "" ? [] : [{ scheme: "isin", value: isin }]),
        ...(number === null ? [] : [number])
      ]
      records.push({
        country,
        reference_id: identity,
        identifiers,
        legal_name: legalName,
        status: null,
        ...(ticker === "" ? {} : { listed_ticker: ticker }),
        source: listing.source,
        source_url: listing.source_url,
        source_kind: "secondary",
        last_verified_at: listing.verified,
        aliases: [...(aliases.get(row["record_id"]!) ?? [])]
      })
    }
  }
  const undatedUnlinked = knownRows.filter((r) => r["linked_record_id"] === "" && specs.has(r["country"]!)).length
  return { records, realNumbers, undatedUnlinked, skippedCountries }
}
