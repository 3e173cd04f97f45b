import { SqlClient } from "@effect/sql"
import { Clock, Effect, Option } from "effect"
import { CompanyRecord, FieldProvenance, Officer } from "../api/schemas/Company.js"
import { recordConfidence } from "../domain/confidence.js"
import { canonicalNumber, registryForCountry } from "../domain/registrationNumbers.js"
import { companyColumns, companyJson, type CompanyRow } from "./companyRow.js"
import type { OfficerRow } from "./write/state.js"

interface StoredProvenance {
  readonly source: string
  readonly source_url?: string | null
  readonly checked_at: string
  readonly confidence?: number
}


const isStoredProvenance = (u: unknown): u is StoredProvenance =>
  typeof u === "object" && u !== null && "source" in u && "checked_at" in u &&
  typeof u.source === "string" && typeof u.checked_at === "string"

/** Reads of stored records: the record endpoint and whatever needs a company by its number. */
export class CompanyRepo extends Effect.Service<CompanyRepo>()("kyb/CompanyRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** The row of `country`'s registry whose canonical number equals `raw` in any separator style. */
    const findRow = (country: string, raw: string) =>
      Effect.gen(function*() {
        const registry = registryForCountry(country)
        if (registry === null) return Option.none<CompanyRow & { provenance: unknown }>()
        const key = canonicalNumber(registry, raw).key
        const rows = yield* sql<CompanyRow & { provenance: unknown }>`
          SELECT ${sql.literal(companyColumns)}, c.provenance FROM companies c
          WHERE c.registry_id = ${registry} AND c.registration_key = ${key}`
        return Option.fromNullable(rows[0])
      })

    // The record and its officers in one round trip.
    const findRowWithOfficers = (country: string, raw: string) =>
      Effect.gen(function*() {
        const registry = registryForCountry(country)
        if (registry === null) return Option.none<CompanyRow & { provenance: unknown; officers: ReadonlyArray<OfficerRow> }>()
        const key = canonicalNumber(registry, raw).key
        const rows = yield* sql<CompanyRow & { provenance: unknown; officers: ReadonlyArray<OfficerRow> | null }>`
          SELECT ${sql.literal(companyColumns)}, c.provenance,
            (SELECT json_agg(json_build_object(
                'name', o.name, 'role', o.role,
                'appointed_on', to_char(o.appointed_on, 'YYYY-MM-DD'),
                'resigned_on', to_char(o.resigned_on, 'YYYY-MM-DD'),
                'nationality', o.nationality, 'source', o.source,
                'last_verified_at', to_char(o.last_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
              ORDER BY o.resigned_on IS NOT NULL, o.appointed_on NULLS LAST, o.name)
             FROM officers o WHERE o.company_id = c.id) AS officers
          FROM companies c
          WHERE c.registry_id = ${registry} AND c.registration_key = ${key}`
        return Option.map(Option.fromNullable(rows[0]), (row) => ({ ...row, officers: row.officers ?? [] }))
      })

    const findRecord = (country: string, raw: string) =>
      Effect.gen(function*() {
        const found = yield* findRowWithOfficers(country, raw)
        if (Option.isNone(found)) return Option.none<CompanyRecord>()
        const row = found.value
        const now = new Date(yield* Clock.currentTimeMillis)
        const officers = row.officers
        const provenance: Record<string, FieldProvenance> = {}
        const stored = typeof row.provenance === "object" && row.provenance !== null ? row.provenance : {}
        for (const [field, value] of Object.entries(stored)) {
          if (!isStoredProvenance(value)) continue
          provenance[field] = new FieldProvenance({
            source: value.source,
            source_url: value.source_url ?? null,
            checked_at: new Date(value.checked_at).toISOString(),
            // Freshness decays, so the confidence of each value is computed at read time from its checked date.
            confidence: recordConfidence(row.source_kind, new Date(value.checked_at), now)
          })
        }
        return Option.some(new CompanyRecord({
          ...companyJson(row, now),
          officers: officers.map((o) => new Officer(o)),
          provenance
        }))
      }).pipe(Effect.withSpan("CompanyRepo.findRecord", { attributes: { country } }))

    /** Rows in any registry whose canonical number key equals `key` (a number given without a country). */
    const findRowsByKey = (key: string) =>
      sql<CompanyRow>`SELECT ${sql.literal(companyColumns)} FROM companies c
        WHERE c.registration_key = ${key} ORDER BY c.quality DESC, c.id LIMIT 5`

    const aliasesOf = (companyId: string) =>
      sql<{ name: string; kind: string }>`SELECT name, kind FROM company_aliases
        WHERE company_id = ${companyId} AND kind <> 'initialism' ORDER BY kind, name`

    /** Evidence beyond the registry: a matched procurement award, a matched trademark. */
    const evidenceOf = (companyId: string) =>
      sql<{ contracts: boolean; trademarks: boolean }>`SELECT
          EXISTS (SELECT 1 FROM procurement_awards WHERE matched_company_id = ${companyId}) AS contracts,
          EXISTS (SELECT 1 FROM trademarks WHERE matched_company_id = ${companyId}) AS trademarks`.pipe(
        Effect.map((rows) => rows[0] ?? { contracts: false, trademarks: false })
      )

    return { findRow, findRowsByKey, findRecord, aliasesOf, evidenceOf } as const
  })
}) {}
