import type { SqlClient } from "effect/sql"
import { Effect } from "effect"
import type { Award } from "./award.js"

export interface AwardCounts {
  readonly inserted: number
  readonly updated: number
  readonly unchanged: number
  readonly matched: number
}

/**
 * Upserts awards in one statement: each supplier is matched to a company of the award's country by normalised
 * legal name, else by alias (best quality first); a row whose fields and match are unchanged is not written.
 * Re-running after more companies landed matches what is now matchable.
 */
export const upsertAwards = (sql: SqlClient.SqlClient, awards: ReadonlyArray<Award>) =>
  Effect.gen(function*() {
    const unique = [...new Map(awards.map((a) => [a.award_key, a])).values()]
    const col = <K extends keyof Award>(k: K) => unique.map((a) => a[k])
    const rows = yield* sql<{ award_key: string; matched: boolean; fresh: boolean | null }>`
      WITH input AS (
        SELECT * FROM unnest(${col("award_key")}::text[], ${col("country")}::text[], ${col("ocid")}::text[],
          ${col("buyer")}::text[], ${col("title")}::text[], ${col("value")}::numeric[], ${col("currency")}::text[],
          ${col("award_date")}::date[], ${col("supplier")}::text[], ${col("supplier_norm")}::text[],
          ${col("source_url")}::text[])
          AS u(award_key, country, ocid, buyer, title, value, currency, award_date, supplier, supplier_norm, source_url)
      ),
      matched AS (
        SELECT i.*, coalesce(
          (SELECT c.id FROM companies c WHERE c.country = i.country AND c.name_norm = i.supplier_norm
            ORDER BY c.quality DESC, c.id LIMIT 1),
          (SELECT a.company_id FROM company_aliases a JOIN companies c ON c.id = a.company_id
            WHERE a.name_norm = i.supplier_norm AND c.country = i.country ORDER BY c.quality DESC, c.id LIMIT 1)
        ) AS matched_company_id
        FROM input i
      ),
      written AS (
        INSERT INTO procurement_awards AS p (award_key, country, ocid, buyer, title, value, currency, award_date,
          supplier, supplier_norm, source_url, matched_company_id)
        SELECT award_key, country, ocid, buyer, title, value, currency, award_date, supplier, supplier_norm,
          source_url, matched_company_id FROM matched
        ON CONFLICT (award_key) DO UPDATE SET country = excluded.country, ocid = excluded.ocid, buyer = excluded.buyer,
          title = excluded.title, value = excluded.value, currency = excluded.currency,
          award_date = excluded.award_date, supplier = excluded.supplier, supplier_norm = excluded.supplier_norm,
          source_url = excluded.source_url, matched_company_id = excluded.matched_company_id, ingested_at = now()
        WHERE (p.country, p.ocid, p.buyer, p.title, p.value, p.currency, p.award_date, p.supplier, p.supplier_norm,
          p.source_url, p.matched_company_id) IS DISTINCT FROM (excluded.country, excluded.ocid, excluded.buyer,
          excluded.title, excluded.value, excluded.currency, excluded.award_date, excluded.supplier,
          excluded.supplier_norm, excluded.source_url, excluded.matched_company_id)
        RETURNING award_key, (xmax = 0) AS fresh
      )
      SELECT m.award_key, m.matched_company_id IS NOT NULL AS matched, w.fresh
      FROM matched m LEFT JOIN written w ON w.award_key = m.award_key`
    const outcome = new Map(rows.map((r) => [r.award_key, r]))
    let inserted = 0
    let updated = 0
    let matched = 0
    const seen = new Set<string>()
    for (const award of awards) {
      const row = outcome.get(award.award_key)
      if (row?.matched === true) matched++
      if (seen.has(award.award_key)) continue
      seen.add(award.award_key)
      if (row?.fresh === true) inserted++
      else if (row?.fresh === false) updated++
    }
    return { inserted, updated, unchanged: awards.length - inserted - updated, matched } satisfies AwardCounts
  })
