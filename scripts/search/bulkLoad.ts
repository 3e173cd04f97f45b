import { SqlClient } from "effect/sql"
import { Effect } from "effect"
import { initialism, nameNorm, numberIdentity, referenceIdentity, taxKey } from "../../src/companies/write/identity.js"
import { nameLower } from "../../src/companies/write/rows.js"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"

/**
 * A fast bulk path for benchmark corpora: the derived columns CompanyWriter computes (registry and number key,
 * name_lower, name_norm, tax key, initialism and ticker aliases, quality), without its merge, provenance and
 * officers. Used for generated distractors only; real records go through CompanyWriter.
 */
const MONTH_MS = 30 * 24 * 3600 * 1000

const qualityOf = (r: CanonicalCompany, now: number) => {
  const optional = [r.status, r.entity_type, r.incorporation_date, r.registered_address, r.tax_id]
  const completeness = optional.filter((v) => v !== undefined && v !== null).length / optional.length
  const ageMonths = Math.max(0, (now - Date.parse(r.last_verified_at)) / MONTH_MS)
  const freshness = ageMonths <= 1 ? 1 : Math.max(0.4, 1 - 0.05 * (ageMonths - 1))
  const listed = r.listed_ticker === undefined || r.listed_ticker === null ? 0 : 1
  return Math.round((0.4 * listed + 0.4 * completeness + 0.2 * freshness) * 1000) / 1000
}

export const bulkInsert = (records: ReadonlyArray<CanonicalCompany>, now = Date.now()) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const cols = {
      registry_id: [] as Array<string>, country: [] as Array<string>, registration_no: [] as Array<string | null>,
      registration_key: [] as Array<string>, number_valid: [] as Array<boolean>, legal_name: [] as Array<string>,
      name_lower: [] as Array<string>, name_norm: [] as Array<string>, status: [] as Array<string | null>,
      entity_type: [] as Array<string | null>, incorporation_date: [] as Array<string | null>,
      registered_address: [] as Array<string | null>, tax_id: [] as Array<string | null>,
      tax_key: [] as Array<string | null>, listed_ticker: [] as Array<string | null>, source: [] as Array<string>,
      source_kind: [] as Array<string>, last_verified_at: [] as Array<string>, quality: [] as Array<number>
    }
    for (const r of records) {
      const number = r.registration_no == null
        ? referenceIdentity(r.reference_id ?? "")
        : numberIdentity(r.country.toUpperCase(), r.registration_no)
      cols.registry_id.push(number.registry_id)
      cols.country.push(r.country.toUpperCase())
      cols.registration_no.push(r.registration_no == null ? null : number.display)
      cols.registration_key.push(number.key)
      cols.number_valid.push(number.valid)
      cols.legal_name.push(r.legal_name)
      cols.name_lower.push(nameLower(r.legal_name))
      cols.name_norm.push(nameNorm(r.legal_name, r.country.toUpperCase()))
      cols.status.push(r.status ?? null)
      cols.entity_type.push(r.entity_type ?? null)
      cols.incorporation_date.push(r.incorporation_date ?? null)
      cols.registered_address.push(r.registered_address ?? null)
      cols.tax_id.push(r.tax_id ?? null)
      cols.tax_key.push(taxKey(r.country.toUpperCase(), r.tax_id ?? null))
      cols.listed_ticker.push(r.listed_ticker ?? null)
      cols.source.push(r.source)
      cols.source_kind.push(r.source_kind ?? "registry")
      cols.last_verified_at.push(r.last_verified_at)
      cols.quality.push(qualityOf(r, now))
    }
    const ids = yield* sql<{ id: string; registry_id: string; registration_key: string }>`
      INSERT INTO companies (registry_id, country, registration_no, registration_key, number_valid, legal_name,
        name_lower, name_norm, status, entity_type, incorporation_date, registered_address, tax_id, tax_key,
        listed_ticker, source, source_kind, last_verified_at, quality)
      SELECT * FROM unnest(${cols.registry_id}::text[], ${cols.country}::text[], ${cols.registration_no}::text[],
        ${cols.registration_key}::text[], ${cols.number_valid}::boolean[], ${cols.legal_name}::text[],
        ${cols.name_lower}::text[], ${cols.name_norm}::text[], ${cols.status}::text[], ${cols.entity_type}::text[],
        ${cols.incorporation_date}::date[], ${cols.registered_address}::text[], ${cols.tax_id}::text[],
        ${cols.tax_key}::text[], ${cols.listed_ticker}::text[], ${cols.source}::text[], ${cols.source_kind}::text[],
        ${cols.last_verified_at}::timestamptz[], ${cols.quality}::real[])
      ON CONFLICT (registry_id, registration_key) DO NOTHING
      RETURNING id::text AS id, registry_id, registration_key`
    const idOf = new Map(ids.map((r) => [`${r.registry_id}|${r.registration_key}`, r.id]))
    const alias = { company_id: [] as Array<string>, name: [] as Array<string>, name_norm: [] as Array<string>, kind: [] as Array<string> }
    records.forEach((r, i) => {
      const id = idOf.get(`${cols.registry_id[i]}|${cols.registration_key[i]}`)
      if (id === undefined) return
      const country = r.country.toUpperCase()
      const initials = initialism(cols.name_norm[i]!)
      const all = [
        ...(r.aliases ?? []),
        ...(initials === null ? [] : [{ name: initials, kind: "initialism" }]),
        ...(r.listed_ticker === undefined || r.listed_ticker === null ? [] : [{ name: r.listed_ticker, kind: "ticker" }])
      ]
      const seen = new Set<string>()
      for (const a of all) {
        const norm = nameNorm(a.name, country)
        if (norm === "" || seen.has(`${a.kind}|${norm}`)) continue
        seen.add(`${a.kind}|${norm}`)
        alias.company_id.push(id)
        alias.name.push(a.name)
        alias.name_norm.push(norm)
        alias.kind.push(a.kind)
      }
    })
    if (alias.name.length > 0) {
      yield* sql`INSERT INTO company_aliases (company_id, name, name_norm, kind)
        SELECT * FROM unnest(${alias.company_id}::bigint[], ${alias.name}::text[], ${alias.name_norm}::text[],
          ${alias.kind}::text[]) ON CONFLICT DO NOTHING`
    }
    return ids.length
  })
