import { parse } from "csv-parse/sync"
import { readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { foldName, normalizeName } from "../../src/domain/normalize.js"
import { canonicalNumber, registryForCountry } from "../../src/domain/registrationNumbers.js"

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
const companies = path.resolve(repoRoot, "data", "companies")
const csv = (file: string): Array<Record<string, string>> =>
  parse(readFileSync(path.join(companies, file)), { columns: true, skip_empty_lines: true })
const tsv = (file: string): Array<Record<string, string>> =>
  parse(readFileSync(path.join(companies, file)), { columns: true, delimiter: "\t", quote: false, relax_column_count: true })

const listed = [...csv("listed_companies_investpy.csv"), ...csv("brvm_listed_companies.csv")]
const entityNames = tsv("african_entity_names.tsv")

describe("normaliser on the real name corpora", () => {
  const names: Array<[string, string]> = [
    ...listed.map((r) => [r.legal_name!, r.listing_country!] as [string, string]),
    ...entityNames.map((r) => [r.name!, r.country!] as [string, string])
  ]

  it("reads thousands of names", () => {
    expect(names.length).toBeGreaterThan(4500)
  })

  it("never empties a name and is idempotent on every one", () => {
    const failures: Array<string> = []
    for (const [name, country] of names) {
      const n = normalizeName(name, country)
      if (n === "" || normalizeName(n, country) !== n || normalizeName(foldName(name), country) !== n) failures.push(name)
    }
    expect(failures).toEqual([])
  })

  it("folds the BRVM names, curly and straight apostrophes alike", () => {
    const brvm = csv("brvm_listed_companies.csv").map((r) => foldName(r.legal_name!))
    expect(brvm.filter((n) => /[^a-z0-9 ]/.test(n))).toEqual([])
    expect(brvm).toContain("erium cote d ivoire")
    expect(brvm).toContain("banque internationale pour l industrie et le commerce du benin")
  })

  it("makes most investpy short names a prefix of the normalised legal name", () => {
    const pairs = csv("listed_companies_investpy.csv").filter((r) => r.short_name && r.legal_name)
    const prefix = pairs.filter((r) =>
      normalizeName(r.legal_name!, r.listing_country).startsWith(normalizeName(r.short_name!, r.listing_country))
    )
    // 982 of 1111 when written; the rest are tickers and abbreviations the alias tier covers.
    expect(prefix.length / pairs.length).toBeGreaterThan(0.85)
  })
})

describe("known registration numbers", () => {
  it("validates every number in known_registration_numbers.csv under its country's registry", () => {
    const rows = csv("known_registration_numbers.csv")
    expect(rows.length).toBeGreaterThanOrEqual(10)
    for (const row of rows) {
      const registry = registryForCountry(row.country!)
      expect(registry, row.country).not.toBeNull()
      const n = canonicalNumber(registry!, row.registration_no!)
      expect(n.valid, row.registration_no).toBe(true)
      expect(n.display).toBe(row.registration_no!.trim())
    }
  })
})
