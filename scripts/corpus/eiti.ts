import { parse } from "csv-parse/sync"
import * as fs from "node:fs"
import * as path from "node:path"
import type { CanonicalCompany, CanonicalIdentifier } from "../../src/domain/CanonicalCompany.js"
import { canonicalTaxId, taxSchemeOf } from "../../src/domain/taxIds.js"
import { slug } from "./listed.js"
import { registrySpecs } from "./registries.js"

/**
 * What an EITI report's identifier is, per country (the data's README: "whatever the company filed: a tax number
 * (TIN/NIF/NINEA), a registry number, or nothing"), read from its format and org-id.guide's schemes:
 * - NG: `04059106-0001` is a FIRS TIN (NG-TIN); `208767` / `RC208767` is kept as filed (`NG-EITI`): the report does
 *   not say it is a CAC number, so it is never read as one (nor links records as one); anything else ("Mining") is no
 *   identifier.
 * - SN NINEA (SN-NINEA), MG NIF (MG-NIF), TZ TRA TIN (TZ-TRA), ZM ZRA TPIN (ZM-TPIN), CM NIU (CM-NIU), CI compte
 *   contribuable (CI-NCC), GH GRA TIN (GH-TIN): tax numbers when they have the tax authority's format
 *   (src/domain/taxIds.ts); otherwise kept as `<CC>-EITI`, the identifier as filed, scheme not stated.
 * An identifier's scheme is what its source states: a report is not a registry, and a number it gives is never taken as
 * a registration number (of the record, or to link records).
 */
export const eitiIdentifier = (country: string, raw: string): CanonicalIdentifier & { readonly tax: boolean } | null => {
  const value = raw.trim()
  if (country === "NG") {
    if (/^\d{8}\s*[-–]\s*\d{4}$/.test(value)) return { scheme: "NG-TIN", value: value.replace(/\s*[-–]\s*/, "-"), tax: true }
    if (/^(?:RC)?\s*\d{3,8}$/i.test(value)) return { scheme: "NG-EITI", value, tax: false }
    return null
  }
  if (!/[0-9]/.test(value)) return null
  if (canonicalTaxId(country, value).valid) return { scheme: taxSchemeOf(country), value, tax: true }
  return { scheme: `${country}-EITI`, value, tax: false }
}

/** The reference id of an EITI entity: its country and the identifier its report gave. */
export const eitiReferenceId = (country: string, identifier: string) => `ref-eiti-${country.toLowerCase()}-${slug(identifier)}`

/**
 * The EITI entities (companies named in extractive-industry reports) as canonical records without a registration
 * number (a report is no registry): the 18 covered countries, rows whose report gave an identifier, the newest
 * spelling per identifier, named by their reference id; the identifier kept as what it is (`eitiIdentifier`), a tax
 * number also as `tax_id`. Status is not published by a report, so it stays null.
 */
/** The date data/companies/README.md gives the EITI file ("EITI API generated 2026-07-07"); the reports' years stay in `source`. */
export const EITI_FILE_DATE = "2026-07-07T00:00:00Z"

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
    const referenceId = eitiReferenceId(country, identifier)
    if (referenceId.length <= `ref-eiti-${country}-`.length || (newest.get(referenceId)?.year ?? 0) > year) continue
    const id = eitiIdentifier(country, identifier)
    newest.set(referenceId, {
      year,
      country,
      reference_id: referenceId,
      identifiers: id === null ? [] : [{ scheme: id.scheme, value: id.value }],
      ...(id?.tax === true ? { tax_id: id.value } : {}),
      legal_name: name,
      status: null,
      source: `EITI report ${row["first_year"]}-${year} (identifier as filed with the report: ${identifier})`,
      source_url: "https://eiti.org/api/v2.0",
      source_kind: "secondary",
      // when the file was read from EITI's API, as data/companies/README.md states it: no date the file does not give
      last_verified_at: EITI_FILE_DATE
    })
  }
  return [...newest.values()].map(({ year: _, ...record }) => record)
}
