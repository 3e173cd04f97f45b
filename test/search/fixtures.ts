import { SqlClient } from "effect/sql"
import { Effect } from "effect"
import { initialismOf } from "../../src/domain/initialism.js"
import { normalizeName } from "../../src/domain/normalize.js"
import { canonicalNumber, numberKey, registryForCountry } from "../../src/domain/registrationNumbers.js"
import { canonicalTaxId } from "../../src/domain/taxIds.js"

/** A company row for search tests, with the derived columns computed as CompanyWriter computes them. */
export interface FixtureCompany {
  readonly country: string
  readonly registration_no: string
  readonly legal_name: string
  readonly tax_id?: string
  readonly listed_ticker?: string
  readonly quality?: number
  readonly aliases?: ReadonlyArray<{ readonly name: string; readonly kind: string }>
}

const columnsOf = (companies: ReadonlyArray<FixtureCompany>) => {
  const c = {
    registry_id: [] as Array<string>, country: [] as Array<string>, registration_no: [] as Array<string>,
    registration_key: [] as Array<string>, legal_name: [] as Array<string>, name_lower: [] as Array<string>,
    name_norm: [] as Array<string>, tax_id: [] as Array<string | null>, tax_key: [] as Array<string | null>,
    listed_ticker: [] as Array<string | null>, quality: [] as Array<number>
  }
  for (const f of companies) {
    const registry = registryForCountry(f.country)
    const number = registry === null ? null : canonicalNumber(registry, f.registration_no)
    c.registry_id.push(registry ?? `${f.country.toLowerCase()}-other`)
    c.country.push(f.country.toUpperCase())
    c.registration_no.push(number?.display ?? f.registration_no)
    c.registration_key.push(number?.key ?? numberKey(f.registration_no))
    c.legal_name.push(f.legal_name)
    c.name_lower.push(f.legal_name.trim().toLowerCase())
    c.name_norm.push(normalizeName(f.legal_name, f.country))
    c.tax_id.push(f.tax_id ?? null)
    c.tax_key.push(f.tax_id === undefined ? null : canonicalTaxId(f.country, f.tax_id).key)
    c.listed_ticker.push(f.listed_ticker ?? null)
    c.quality.push(f.quality ?? (f.listed_ticker === undefined ? 0.3 : 0.7))
  }
  return c
}

/** Inserts companies (one statement) and their aliases: given ones, the initialism and the ticker. */
export const insertCompanies = (companies: ReadonlyArray<FixtureCompany>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const c = columnsOf(companies)
    const ids = yield* sql<{ id: string }>`
      INSERT INTO companies (registry_id, country, registration_no, registration_key, legal_name, name_lower, name_norm,
        tax_id, tax_key, listed_ticker, quality, source, source_kind, last_verified_at)
      SELECT r.*, 'Test registry', 'synthetic', now() FROM unnest(
        ${c.registry_id}::text[], ${c.country}::text[], ${c.registration_no}::text[], ${c.registration_key}::text[],
        ${c.legal_name}::text[], ${c.name_lower}::text[], ${c.name_norm}::text[], ${c.tax_id}::text[],
        ${c.tax_key}::text[], ${c.listed_ticker}::text[], ${c.quality}::real[]) AS r
      RETURNING id::text AS id`
    const alias = { company_id: [] as Array<string>, name: [] as Array<string>, name_norm: [] as Array<string>, kind: [] as Array<string> }
    const seen = new Set<string>()
    companies.forEach((f, i) => {
      const id = ids[i]!.id
      const initials = initialismOf(f.legal_name, f.country)
      const all = [
        ...(f.aliases ?? []),
        ...(initials === null ? [] : [{ name: initials, kind: "initialism" }]),
        ...(f.listed_ticker === undefined ? [] : [{ name: f.listed_ticker, kind: "ticker" }])
      ]
      for (const a of all) {
        const norm = normalizeName(a.name, f.country)
        const key = `${id}|${a.kind}|${norm}`
        if (norm === "" || seen.has(key)) continue
        seen.add(key)
        alias.company_id.push(id)
        alias.name.push(a.name)
        alias.name_norm.push(norm)
        alias.kind.push(a.kind)
      }
    })
    if (alias.name.length > 0) {
      yield* sql`INSERT INTO company_aliases (company_id, name, name_norm, kind)
        SELECT * FROM unnest(${alias.company_id}::bigint[], ${alias.name}::text[], ${alias.name_norm}::text[], ${alias.kind}::text[])`
    }
    return ids.map((r) => r.id)
  })
