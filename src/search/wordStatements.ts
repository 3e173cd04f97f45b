import { REFERENCE_REGISTRY } from "../companies/write/identity.js"
import type { SpellingKind } from "../domain/searchKeys.js"
import type { SearchQuery } from "./searchQuery.js"
import { primaryOf, scopeOf, type Sql } from "./sqlText.js"

/** The vocabulary's statements: the words held nearest to the query's, their spellings, and the fuzzy tier's candidates. */

export interface WordRow {
  readonly i: number
  readonly word: string
  readonly companies: number
  readonly sim: number
  /** Set when the word was asked for as a spelling of the query word (`spellingsOf`), not found by trigrams. */
  readonly spelling?: SpellingKind
}

export interface SpellingRow {
  readonly i: number
  readonly word: string
  readonly companies: number
}

/**
 * The near words with the held spellings added (as words of their query word, `spelling` set, similarity 1: they
 * are the query word in another spelling), each word once per query word.
 */
export const withSpellings = (
  near: ReadonlyArray<WordRow>,
  held: ReadonlyArray<SpellingRow>,
  asked: ReadonlyArray<{ readonly i: number; readonly word: string; readonly kind: SpellingKind }>
): ReadonlyArray<WordRow> => {
  if (held.length === 0) return near
  const found = new Map(held.map((h) => [`${h.i} ${h.word}`, h]))
  const spelled: Array<WordRow> = []
  for (const a of asked) {
    const h = found.get(`${a.i} ${a.word}`)
    if (h !== undefined) spelled.push({ i: a.i, word: a.word, companies: Number(h.companies), sim: 1, spelling: a.kind })
  }
  const taken = new Set(spelled.map((w) => `${w.i} ${w.word}`))
  return [...spelled, ...near.filter((w) => !taken.has(`${w.i} ${w.word}`))]
}

/**
 * In one statement: the `perToken` words held most similar to each query word (pg_trgm `%` on the vocabulary's
 * trigram GIN, in the SQL function `search_near_words`, the word itself first when held), and which of the asked
 * spellings the vocabulary holds (equality on its primary key), each with the position `i` (from 1) of the query
 * word it stands for. One round trip: the spellings' look-up is a few index probes.
 */
export const nearestAndSpelledWords = (
  sql: Sql,
  tokens: ReadonlyArray<string>,
  perToken: number,
  asked: ReadonlyArray<{ readonly i: number; readonly word: string }>
) =>
  sql<NearOrSpelledRow>`SELECT i, word, companies, sim, false AS spelled
    FROM search_near_words(${tokens}::text[], ${perToken})
    UNION ALL
    SELECT a.i::integer, s.word, s.companies, 1::real, true
    FROM unnest(${asked.map((a) => a.i)}::int[], ${asked.map((a) => a.word)}::text[]) AS a(i, word)
    JOIN search_words s ON s.word = a.word
    WHERE s.companies > 0`

export interface NearOrSpelledRow extends SpellingRow {
  readonly sim: number
  /** A held spelling asked for, not a near word. */
  readonly spelled: boolean
}

/** `nearestAndSpelledWords`' rows apart: the near words (in their order) and the held spellings. */
export const nearAndHeld = (rows: ReadonlyArray<NearOrSpelledRow>): {
  readonly near: ReadonlyArray<WordRow>
  readonly held: ReadonlyArray<SpellingRow>
} => ({ near: rows.filter((row) => !row.spelled), held: rows.filter((row) => row.spelled) })

export interface CandidateRow {
  readonly id: string
  readonly quality: number
  readonly legal_name: string
  readonly country: string
  /** Null for a reference entity (known only from a source that publishes no number): it has `reference_id`. */
  readonly registration_no: string | null
  readonly reference_id: string | null
  readonly name_norm: string
  readonly listed: boolean
  readonly sim: number
  /** The business's primary record when the company is linked to one (`primaryOf`). */
  readonly primary_id: string | null
}

/**
 * Companies whose words satisfy any of `clauses` (tsquery texts, each its own condition on the word index), at
 * most `scan` of them looked at, the `keep` most similar to the normalised query (trigram similarity) returned.
 */
export const wordCandidates = (
  sql: Sql,
  q: Pick<SearchQuery, "normalized" | "country">,
  clauses: ReadonlyArray<string>,
  limits: { readonly scan: number; readonly keep: number }
) =>
  sql<CandidateRow>`SELECT x.id, x.quality, x.listed, x.legal_name, x.country, x.registration_no, x.reference_id, x.name_norm,
      similarity(x.name_norm, ${q.normalized}) AS sim, ${sql.literal(primaryOf("x.id::bigint"))} AS primary_id
    FROM (
      SELECT c.id::text AS id, c.quality, c.listed_ticker IS NOT NULL AS listed, c.legal_name, c.country::text AS country, c.registration_no,
        CASE WHEN c.registry_id = ${REFERENCE_REGISTRY} THEN c.registration_key END AS reference_id, c.name_norm
      FROM companies c
      WHERE (${
    sql.join(" OR ", false)(
      clauses.map((clause) => sql`to_tsvector('simple'::regconfig, c.name_norm) @@ to_tsquery('simple'::regconfig, ${clause})`)
    )
  })${scopeOf(sql, q.country)}
      LIMIT ${limits.scan}
    ) AS x
    ORDER BY sim DESC, x.quality DESC, x.id LIMIT ${limits.keep}`
