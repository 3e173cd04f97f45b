import type { SqlClient } from "effect/sql"
import { Effect } from "effect"
import type { Trademark } from "./trademark.js"

/** Upserts trademarks in one statement, owners matched to companies of the office's countries (name, then alias). */
export const upsertTrademarks = (sql: SqlClient.SqlClient, marks: ReadonlyArray<Trademark>) =>
  Effect.gen(function*() {
    const unique = [...new Map(marks.map((m) => [m.trademark_key, m])).values()]
    const col = <K extends keyof Trademark>(k: K) => unique.map((m) => m[k])
    const rows = yield* sql<{ trademark_key: string; matched: boolean; fresh: boolean | null }>`
      WITH input AS (
        SELECT * FROM unnest(${col("trademark_key")}::text[], ${col("office")}::text[], ${col("mark")}::text[],
          ${col("owner")}::text[], ${col("owner_norm")}::text[], ${col("countries")}::text[], ${col("status")}::text[],
          ${col("nice_classes")}::text[], ${col("filing_date")}::date[], ${col("source_url")}::text[])
          AS u(trademark_key, office, mark, owner, owner_norm, countries, status, nice_classes, filing_date, source_url)
      ),
      matched AS (
        SELECT i.*, coalesce(
          (SELECT c.id FROM companies c WHERE c.country = ANY(string_to_array(i.countries, ','))
            AND c.name_norm = i.owner_norm ORDER BY c.quality DESC, c.id LIMIT 1),
          (SELECT a.company_id FROM company_aliases a JOIN companies c ON c.id = a.company_id
            WHERE a.name_norm = i.owner_norm AND c.country = ANY(string_to_array(i.countries, ','))
            ORDER BY c.quality DESC, c.id LIMIT 1)
        ) AS matched_company_id
        FROM input i
      ),
      written AS (
        INSERT INTO trademarks AS t (trademark_key, office, mark, owner, owner_norm, status, nice_classes, filing_date,
          source_url, matched_company_id)
        SELECT trademark_key, office, mark, owner, owner_norm, status, nice_classes::integer[], filing_date, source_url,
          matched_company_id FROM matched
        ON CONFLICT (trademark_key) DO UPDATE SET office = excluded.office, mark = excluded.mark, owner = excluded.owner,
          owner_norm = excluded.owner_norm, status = excluded.status, nice_classes = excluded.nice_classes,
          filing_date = excluded.filing_date, source_url = excluded.source_url,
          matched_company_id = excluded.matched_company_id, ingested_at = now()
        WHERE (t.office, t.mark, t.owner, t.owner_norm, t.status, t.nice_classes, t.filing_date, t.source_url,
          t.matched_company_id) IS DISTINCT FROM (excluded.office, excluded.mark, excluded.owner, excluded.owner_norm,
          excluded.status, excluded.nice_classes, excluded.filing_date, excluded.source_url, excluded.matched_company_id)
        RETURNING trademark_key, (xmax = 0) AS fresh
      )
      SELECT m.trademark_key, m.matched_company_id IS NOT NULL AS matched, w.fresh
      FROM matched m LEFT JOIN written w ON w.trademark_key = m.trademark_key`
    const outcome = new Map(rows.map((r) => [r.trademark_key, r]))
    let inserted = 0
    let updated = 0
    let matched = 0
    const seen = new Set<string>()
    for (const mark of marks) {
      const row = outcome.get(mark.trademark_key)
      if (row?.matched === true) matched++
      if (seen.has(mark.trademark_key)) continue
      seen.add(mark.trademark_key)
      if (row?.fresh === true) inserted++
      else if (row?.fresh === false) updated++
    }
    return { inserted, updated, unchanged: marks.length - inserted - updated, matched }
  })
