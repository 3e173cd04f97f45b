import { parse } from "csv-parse/sync"
import * as fs from "node:fs"
import * as path from "node:path"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { registrySpecs } from "./registries.js"

/**
 * The EITI entities (companies named in extractive-industry reports) as canonical records: the 18 covered countries,
 * rows whose report gave an identifier (kept as given: a registry or a tax number, see the data's README), the newest
 * spelling per identifier. Status is not published by a report, so it stays null.
 */
export const eitiRecords = (sharedDir: string): ReadonlyArray<CanonicalCompany> => {
  const file = path.join(sharedDir, "data", "companies", "eiti_african_entities.tsv")
  const rows = parse(fs.readFileSync(file, "utf8"), { columns: true, delimiter: "\t", bom: true, relax_quotes: true }) as ReadonlyArray<Readonly<Record<string, string>>>
  const covered = new Set(registrySpecs.map((s) => s.country))
  const newest = new Map<string, CanonicalCompany & { readonly year: number }>()
  for (const row of rows) {
    const country = row["country"]?.trim() ?? ""
    const identifier = row["identifier"]?.trim() ?? ""
    const name = row["name"]?.trim() ?? ""
    const year = Number(row["last_year"])
    if (!covered.has(country) || identifier === "" || name === "" || !Number.isInteger(year)) continue
    const key = `${country}\u0000${identifier.toUpperCase()}`
    if ((newest.get(key)?.year ?? 0) > year) continue
    newest.set(key, {
      year,
      country,
      registration_no: identifier,
      legal_name: name,
      status: null,
      source: `EITI report ${row["first_year"]}-${year} (identifier as filed with the report)`,
      source_url: "https://eiti.org/api/v2.0",
      source_kind: "secondary",
      last_verified_at: `${year}-12-31T00:00:00Z`
    })
  }
  return [...newest.values()].map(({ year: _, ...record }) => record)
}
