import type { SqlClient, Statement } from "@effect/sql"
import type { SearchQuery } from "./searchQuery.js"

type Sql = SqlClient.SqlClient

/** What a literal, normalised or alias tier returns for one company. */
export interface TierRow {
  readonly id: string
  readonly tier: "id" | "prefix" | "contains" | "normalized" | "alias"
  readonly quality: number
  /** The stored form compared with the query: number key, name_lower, name_norm or the alias name_norm. */
  readonly target: string
  readonly field: "legal_name" | "alias" | "registration_no" | "tax_id"
  /** The company's name_norm (exactness of literal matches). */
  readonly norm: string
  readonly listed: boolean
  /** The alias kind (alias tier only). */
  readonly kind: string | null
}

export interface NamedStatement {
  readonly tier: TierRow["tier"]
  readonly statement: Statement.Statement<TierRow>
}

const LIKE_SPECIAL = /[\\%_]/g
export const escapeLike = (s: string) => s.replace(LIKE_SPECIAL, "\\$&")


/**
 * The word-index query of the `contains` tier; the literal substring is then checked on the rows it gives
 * (at most CONTAINS_SCAN of them). Words held (`held`: the vocabulary's words among the query's, with how many
 * companies use each) are asked for
 * whole; the last word, unless held, may be unfinished and is left to the literal check; a single word not
 * held is asked as a prefix ('banq':*). So `contains` finds the query where it starts at a word of the name
 * ("bank" in "Access Bank", not "ation" in "Nation"): a substring starting mid-word needs the trigram index,
 * whose look-up for a common fragment reads tens of thousands of rows on millions of companies (as would the
 * prefix of a common word). Null when the query has no word, or only common words to ask for.
 */
export const containsWords = (q: SearchQuery, hints: ContainsHints): string | null => {
  const { held } = hints
  const tokens = [...new Set(q.tokens)]
  if (tokens.length === 0) return null
  const quote = (t: string) => `'${t.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`
  const last = tokens[tokens.length - 1]!
  const whole = held.has(last) ? tokens : tokens.slice(0, -1)
  // Only common words to ask for: the word index would hand over tens of thousands of rows to check.
  if (whole.length > 0 && whole.every((t) => (held.get(t) ?? 0) > COMMON_WORD)) return null
  if (tokens.length === 1) return held.has(last) ? quote(last) : `${quote(last)}:*`
  const asked = whole.map(quote)
  if (!held.has(last) && hints.rarePrefix) asked.push(`${quote(last)}:*`)
  return asked.join(" & ")
}

/** What the vocabulary says about the query's words, for the `contains` tier. */
export interface ContainsHints {
  /** The query's words held, with how many companies use each. */
  readonly held: ReadonlyMap<string, number>
  /**
   * The unfinished last word begins none of the words held nearest to it: as a prefix it costs the word index
   * little and narrows the rows to check (a typo: "dangote cemnt").
   */
  readonly rarePrefix: boolean
}

/** Hints from the words held nearest to the query's words (`nearestWords`). */
export const containsHints = (q: SearchQuery, words: ReadonlyArray<WordRow>): ContainsHints => {
  const last = q.tokens.length
  const lastToken = q.tokens[last - 1]
  return {
    held: new Map(words.filter((w) => w.word === q.tokens[w.i - 1]).map((w) => [w.word, Number(w.companies)])),
    rarePrefix: lastToken !== undefined && !words.some((w) => w.i === last && w.word.startsWith(lastToken))
  }
}

/** A word used by more companies than this is not worth a `contains` look-up on its own. */
export const COMMON_WORD = 20_000

/** Candidate rows the `contains` tier checks the literal substring on, at most. */
export const CONTAINS_SCAN = 2000

/** Alias kinds a prefix may match; initialisms and tickers must be typed in full. */
const PREFIX_ALIAS_KINDS = ["brand", "parent", "former", "trading", "short"]

const scopeOf = (sql: Sql, country: string | undefined) =>
  country === undefined ? sql`` : sql` AND c.country = ${country}`

/**
 * One index-backed statement per applicable tier (id, prefix, contains, normalized, alias), each bounded by
 * `cap` rows. One- and two-character queries only get the literal prefix and whole-alias look-ups, number-like
 * ones the id and prefix tiers.
 */
export const tierStatements = (
  sql: Sql,
  q: SearchQuery,
  cap: number,
  hints: ContainsHints = { held: new Map(), rarePrefix: false }
): ReadonlyArray<NamedStatement> => {
  const scope = scopeOf(sql, q.country)
  const out: Array<NamedStatement> = []
  if (q.numberKeys.length > 0) {
    out.push({
      tier: "id",
      statement: sql<TierRow>`SELECT c.id::text AS id, 'id' AS tier, c.quality, c.listed_ticker IS NOT NULL AS listed, c.name_norm AS norm, c.registration_key AS target,
        'registration_no' AS field, NULL::text AS kind FROM companies c
        WHERE c.registration_key IN ${sql.in(q.numberKeys)}${scope} LIMIT ${cap}`
    })
  }
  if (q.taxKeys.length > 0) {
    out.push({
      tier: "id",
      statement: sql<TierRow>`SELECT c.id::text AS id, 'id' AS tier, c.quality, c.listed_ticker IS NOT NULL AS listed, c.name_norm AS norm, c.tax_key AS target,
        'tax_id' AS field, NULL::text AS kind FROM companies c
        WHERE c.tax_key IN ${sql.in(q.taxKeys)}${scope} LIMIT ${cap}`
    })
  }
  if (q.lower.length > 0) {
    out.push({
      tier: "prefix",
      statement: sql<TierRow>`SELECT c.id::text AS id, 'prefix' AS tier, c.quality, c.listed_ticker IS NOT NULL AS listed, c.name_norm AS norm, c.name_lower AS target,
        'legal_name' AS field, NULL::text AS kind FROM companies c
        WHERE c.name_lower LIKE ${escapeLike(q.lower) + "%"}${scope} LIMIT ${cap}`
    })
  }
  if (q.numberLike) return out
  const words = q.short ? null : containsWords(q, hints)
  if (words !== null) {
    out.push({
      tier: "contains",
      statement: sql<TierRow>`SELECT x.id, 'contains' AS tier, x.quality, x.listed, x.norm, x.target,
        'legal_name' AS field, NULL::text AS kind FROM (
          SELECT c.id::text AS id, c.quality, c.listed_ticker IS NOT NULL AS listed, c.name_norm AS norm,
            c.name_lower AS target FROM companies c
          WHERE to_tsvector('simple'::regconfig, c.name_norm) @@ to_tsquery('simple'::regconfig, ${words})${scope}
          LIMIT ${CONTAINS_SCAN}
        ) AS x
        WHERE strpos(x.target, ${q.lower}) > 0 LIMIT ${cap}`
    })
  }
  if (!q.short && q.normalized.length > 0) {
    out.push({
      tier: "normalized",
      statement: sql<TierRow>`SELECT c.id::text AS id, 'normalized' AS tier, c.quality, c.listed_ticker IS NOT NULL AS listed, c.name_norm AS norm, c.name_norm AS target,
        'legal_name' AS field, NULL::text AS kind FROM companies c
        WHERE c.name_norm LIKE ${escapeLike(q.normalized) + "%"}${scope} LIMIT ${cap}`
    })
  }
  if (q.normalized.length > 0) {
    const match = q.short
      ? sql`a.name_norm = ${q.normalized} AND a.kind <> 'initialism'`
      : sql`(a.name_norm = ${q.normalized} OR (a.name_norm LIKE ${escapeLike(q.normalized) + " %"}
          AND a.kind IN ${sql.in(PREFIX_ALIAS_KINDS)}))`
    out.push({
      tier: "alias",
      statement: sql<TierRow>`SELECT c.id::text AS id, 'alias' AS tier, c.quality, c.listed_ticker IS NOT NULL AS listed, c.name_norm AS norm, a.name_norm AS target,
        'alias' AS field, a.kind FROM company_aliases a JOIN companies c ON c.id = a.company_id
        WHERE ${match}${scope} LIMIT ${cap}`
    })
  }
  return out
}

/** The tiers above as one round trip. */
export const literalTiers = (sql: Sql, statements: ReadonlyArray<NamedStatement>) =>
  sql<TierRow>`${sql.join(" UNION ALL ", false)(statements.map((s) => sql`(${s.statement})`))}`

export interface WordRow {
  readonly i: number
  readonly word: string
  readonly companies: number
  readonly sim: number
}

/**
 * The `perToken` words held most similar to each query word (pg_trgm `%` on the vocabulary's trigram GIN, in
 * the SQL function `search_near_words`), the word itself first when held.
 */
export const nearestWords = (sql: Sql, tokens: ReadonlyArray<string>, perToken: number) =>
  sql<WordRow>`SELECT i, word, companies, sim FROM search_near_words(${tokens}::text[], ${perToken})`

export interface CandidateRow {
  readonly id: string
  readonly quality: number
  readonly legal_name: string
  readonly country: string
  readonly registration_no: string
  readonly name_norm: string
  readonly listed: boolean
  readonly sim: number
}

/**
 * Companies whose words satisfy `tsquery` (word index), at most `scan` of them looked at, the `keep` most
 * similar to the normalised query (trigram similarity) returned.
 */
export const wordCandidates = (
  sql: Sql,
  q: SearchQuery,
  tsquery: string,
  limits: { readonly scan: number; readonly keep: number }
) =>
  sql<CandidateRow>`SELECT x.id, x.quality, x.listed, x.legal_name, x.country, x.registration_no, x.name_norm,
      similarity(x.name_norm, ${q.normalized}) AS sim
    FROM (
      SELECT c.id::text AS id, c.quality, c.listed_ticker IS NOT NULL AS listed, c.legal_name, c.country::text AS country, c.registration_no, c.name_norm
      FROM companies c
      WHERE to_tsvector('simple'::regconfig, c.name_norm) @@ to_tsquery('simple'::regconfig, ${tsquery})${
    scopeOf(sql, q.country)
  }
      LIMIT ${limits.scan}
    ) AS x
    ORDER BY sim DESC, x.quality DESC, x.id LIMIT ${limits.keep}`
