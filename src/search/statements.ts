import type { Statement } from "effect/sql"
import { SHARE_CLASS_HINTS, SHARE_CLASS_PATTERN } from "../domain/searchKeys.js"
import type { ContainsHints } from "./containsWords.js"
import type { SearchQuery } from "./searchQuery.js"
import { primaryOf, scopeOf, type Sql } from "./sqlText.js"
import { type TierInputs, tierInputs } from "./tierInputs.js"

/** What a literal, normalised or alias tier returns for one company. */
export interface TierRow {
  readonly id: string
  readonly tier: "id" | "prefix" | "contains" | "normalized" | "compact" | "alias"
  readonly quality: number
  /** The stored form compared with the query: number key, name_lower, name_norm or the alias name_norm. */
  readonly target: string
  readonly field: "legal_name" | "alias" | "registration_no" | "tax_id"
  /** The company's name_norm (exactness of literal matches). */
  readonly norm: string
  readonly listed: boolean
  /** The alias kind (alias tier only). */
  readonly kind: string | null
  /** The company is a listing of a share class (`isShareClassListing`): ranked after its issuer. */
  readonly share_class: boolean
  /** The business's primary record when the company is linked to one (src/companies/link), read with the row. */
  readonly primary_id: string | null
}

export interface NamedStatement {
  readonly tier: TierRow["tier"]
  /** Which statement of the tier (the id tier has two: registration number and tax id); rows carry it as `field`. */
  readonly field: TierRow["field"]
  /** At most `cap` of the tier's rows, in no particular order (the cheap first look). */
  readonly statement: Statement.Statement<TierRow>
  /** The tier's match condition on `companies c` (no scope, no bound): what `rankedCompanies` selects and counts. */
  readonly matches: Statement.Fragment
  /** A tier on `companies` alone: the column compared, whether a row's match is exact, its score in thousandths. */
  readonly company?: {
    readonly target: string
    readonly exact: Statement.Fragment
    readonly score: Statement.Fragment
  }
  /** The alias tier: its best `n` companies, each once with its best alias, in ranking order. */
  readonly best?: (n: number) => Statement.Statement<TierRow>
}

/** Alias kinds a prefix may match; initialisms and tickers must be typed in full. */
const PREFIX_ALIAS_KINDS = ["brand", "parent", "former", "trading", "short"]

/**
 * A prefix score as `ranking.ts` computes it (`round(base + 0.1 * min(covered, 0.99))`), in thousandths, in SQL:
 * the same IEEE double operations, and floor(x + 0.5) is Math.round for these magnitudes.
 */
const prefixScore = (sql: Sql, base: number, queryChars: number | string, target: Statement.Fragment) =>
  sql`floor((${base}::float8 + 0.1::float8 * least(${queryChars}::float8 / length(${target}), 0.99::float8))
    * 1000 + 0.5)`

const LISTED = "c.listed_ticker IS NOT NULL"

/**
 * Whether the company is a share-class listing, as `isShareClassListing` reads its name; the pattern only on names
 * holding one of its hints (a broad query's ranking evaluates this on every match).
 */
const shareClass = (sql: Sql) =>
  sql`(CASE WHEN ${sql.join(" OR ", false)(SHARE_CLASS_HINTS.map((h) => sql`strpos(c.name_lower, ${h}) > 0`))}
    THEN c.name_lower ~ ${SHARE_CLASS_PATTERN} ELSE false END)`

/** The spacing-insensitive key of the stored normalised name (`compactKey`), as migration 0190 indexes it. */
const COMPACT_NORM = "replace(c.name_norm, ' ', '')"
const COMPACT_ALIAS = "replace(a.name_norm, ' ', '')"

/**
 * `column` starts with `prefix`, as a range of its `text_pattern_ops` btree (`end`: `prefixEnd(prefix)`): exactly the
 * rows LIKE 'prefix%' finds, but the planner cannot take the trigram index for it (which hands over every row holding
 * the prefix anywhere, twice the rows to read for "bank").
 */
const startsWith = (sql: Sql, column: string, prefix: unknown, end: unknown | null) => {
  const col = sql.literal(column)
  return end === null ? sql`${col} ~>=~ ${prefix}` : sql`(${col} ~>=~ ${prefix} AND ${col} ~<~ ${end})`
}

/** The tiers' statements of `q` (`tierInputs`, `tierStatementsOf`). */
export const tierStatements = (sql: Sql, q: SearchQuery, cap: number, hints?: ContainsHints): ReadonlyArray<NamedStatement> =>
  tierStatementsOf(sql, tierInputs(q, cap, hints))

/**
 * One index-backed statement per applicable tier (id, prefix, contains, normalized, compact, alias), each bounded by
 * `cap` rows, with its bare condition (`matches`) and ranking keys. One- and two-character queries only get the
 * literal prefix and whole-alias look-ups, number-like ones the id and prefix tiers. The text depends on the shape
 * alone; every value comes from `values`.
 */
export const tierStatementsOf = (sql: Sql, { shape, values: v }: TierInputs): ReadonlyArray<NamedStatement> => {
  const scope = scopeOf(sql, shape.scoped ? v.country : undefined)
  const cap = shape.cap
  const out: Array<NamedStatement> = []
  const companyTier = (
    tier: TierRow["tier"],
    field: TierRow["field"],
    target: string,
    matches: Statement.Fragment,
    exact: Statement.Fragment,
    score: Statement.Fragment
  ) =>
    out.push({
      tier,
      field,
      statement: sql<TierRow>`SELECT c.id::text AS id, ${sql.literal(`'${tier}'`)} AS tier, c.quality,
        ${sql.literal(LISTED)} AS listed, c.name_norm AS norm, ${sql.literal(target)} AS target,
        ${sql.literal(`'${field}'`)} AS field, NULL::text AS kind, ${shareClass(sql)} AS share_class,
        ${sql.literal(primaryOf("c.id"))} AS primary_id
        FROM companies c WHERE ${matches}${scope} LIMIT ${cap}`,
      matches,
      company: { target, exact, score }
    })
  if (shape.numberKeys > 0) {
    const matches = sql`c.registration_key IN ${sql.in(v.numberKeys)}`
    companyTier("id", "registration_no", "c.registration_key", matches, sql`true`, sql`1000`)
  }
  if (shape.taxKeys > 0) {
    companyTier("id", "tax_id", "c.tax_key", sql`c.tax_key IN ${sql.in(v.taxKeys)}`, sql`true`, sql`1000`)
  }
  const literalExact = sql`(c.name_lower = ${v.lower} OR c.name_norm = ${v.normalized})`
  if (shape.prefix) {
    const matches = startsWith(sql, "c.name_lower", v.lower, shape.prefixBounded ? v.lowerEnd : null)
    companyTier("prefix", "legal_name", "c.name_lower", matches, literalExact, sql`1000`)
  }
  if (shape.numberLike) return out
  if (shape.contains) {
    companyTier(
      "contains",
      "legal_name",
      "c.name_lower",
      sql`(to_tsvector('simple'::regconfig, c.name_norm) @@ to_tsquery('simple'::regconfig, ${v.words})
        AND strpos(c.name_lower, ${v.lower}) > 0)`,
      literalExact,
      sql`1000`
    )
  }
  if (shape.normalized) {
    const exact = sql`(c.name_norm = ${v.normalized})`
    companyTier(
      "normalized",
      "legal_name",
      "c.name_norm",
      startsWith(sql, "c.name_norm", v.normalized, shape.normalizedBounded ? v.normalizedEnd : null),
      exact,
      sql`(CASE WHEN ${exact} THEN 980 ELSE ${prefixScore(sql, 0.85, v.queryChars, sql`c.name_norm`)} END)`
    )
  }
  if (shape.compact) {
    // The name written with other spacing or punctuation ("Eco Bank", "E.Co-Bank" for "Ecobank"): a one-word query
    // only as the whole key (its prefixes are the normalized tier's), a longer one as a prefix of the key too.
    const col = sql.literal(COMPACT_NORM)
    const exact = sql`(${col} = ${v.compact})`
    companyTier(
      "compact",
      "legal_name",
      COMPACT_NORM,
      shape.compactPrefix
        ? startsWith(sql, COMPACT_NORM, v.compact, shape.compactBounded ? v.compactEnd : null)
        : sql`(${col} ~>=~ ${v.compact} AND ${col} ~<=~ ${v.compact})`,
      exact,
      sql`(CASE WHEN ${exact} THEN 970 ELSE 850 END)`
    )
  }
  if (shape.alias) {
    const compactEqual = shape.compact ? sql`${sql.literal(COMPACT_ALIAS)} = ${v.compact}` : sql`false`
    const match = shape.short
      ? sql`a.name_norm = ${v.normalized} AND a.kind <> 'initialism'`
      : sql`(a.name_norm = ${v.normalized} OR ${compactEqual} OR (a.name_norm LIKE ${v.normalizedLike}
          AND a.kind IN ${sql.in(PREFIX_ALIAS_KINDS)}))`
    const columns = sql`c.id::text AS id, 'alias' AS tier, c.quality, ${sql.literal(LISTED)} AS listed, c.name_norm AS norm,
      a.name_norm AS target, 'alias' AS field, a.kind, ${shareClass(sql)} AS share_class`
    const primary = sql.literal(primaryOf("c.id"))
    out.push({
      tier: "alias",
      field: "alias",
      statement: sql<TierRow>`SELECT ${columns}, ${primary} AS primary_id FROM company_aliases a JOIN companies c ON c.id = a.company_id
        WHERE ${match}${scope} LIMIT ${cap}`,
      matches: sql`c.id = ANY(ARRAY(SELECT a.company_id FROM company_aliases a WHERE ${match}))`,
      // Each company once, with its best alias (ties: the alias name, as rankHits breaks them), then the best n.
      best: (n) => {
        const exact = sql`(a.name_norm = ${v.normalized} OR ${compactEqual})`
        const score = sql`CASE WHEN a.name_norm = ${v.normalized} THEN (CASE WHEN a.kind = 'initialism' THEN 920 ELSE 950 END)
          WHEN ${compactEqual} THEN (CASE WHEN a.kind = 'initialism' THEN 910 ELSE 940 END)
          ELSE ${prefixScore(sql, 0.8, v.queryChars, sql`a.name_norm`)} END`
        return sql<TierRow>`SELECT x.id, x.tier, x.quality, x.listed, x.norm, x.target, x.field, x.kind, x.share_class,
          ${sql.literal(primaryOf("x.n"))} AS primary_id FROM (
          SELECT DISTINCT ON (c.id) ${columns}, c.id AS n, ${exact} AS exact, ${score} AS score
          FROM company_aliases a JOIN companies c ON c.id = a.company_id
          WHERE ${match}${scope}
          ORDER BY c.id, ${exact} DESC, ${score} DESC, a.name_norm COLLATE "C", a.kind
        ) AS x ORDER BY x.exact DESC, x.share_class, x.score DESC, x.listed DESC, x.quality DESC, x.n LIMIT ${n}`
      }
    })
  }
  return out
}

/** A match through the spacing-insensitive key after the normalised one (whole matches: as `compareHits`). */
const TIER_ORDER: Record<TierRow["tier"], number> = { id: 0, prefix: 1, contains: 2, normalized: 3, compact: 3.5, alias: 4 }

/** A row of `rankedCompanies`: a company's best hit among the tiers on `companies` (none: alias or fuzzy only). */
export interface RankedRow extends Omit<TierRow, "tier"> {
  readonly tier: TierRow["tier"] | null
  /** How many companies match any tier or are among `also` (the same on every row). */
  readonly total: number | string
}

/**
 * One scan of `companies` over the tiers' indexes (a bitmap OR) for queries with a tier larger than the cap: the
 * number of distinct companies matching any tier or among `also` (the fuzzy tier's results), and the best `n` of
 * them by the tiers on `companies` (id, prefix, contains, normalized), each with its best such hit (a company's id
 * hit beats its prefix hit, which beats contains, which beats normalized: see `compareHits`), in ranking order.
 */
export const rankedCompanies = (
  sql: Sql,
  q: SearchQuery,
  statements: ReadonlyArray<NamedStatement>,
  n: number,
  also: ReadonlyArray<string>
) => {
  const parts = statements.flatMap((s) => (s.company === undefined ? [] : [{ ...s, company: s.company }]))
  const conditions = [...statements.map((s) => s.matches), sql`c.id = ANY(${also}::bigint[])`]
  const cases = (arms: ReadonlyArray<Statement.Fragment>) => sql.join(" ", false)(arms)
  const byPart = (value: (part: typeof parts[number]) => Statement.Fragment) =>
    parts.length === 0
      ? sql`NULL`
      : sql`(CASE c.part ${cases(parts.map((p, i) => sql`WHEN ${sql.literal(String(i))} THEN ${value(p)}`))} END)`
  const part = parts.length === 0
    ? sql`NULL::int`
    : sql`(CASE ${cases(parts.map((p, i) => sql`WHEN ${p.matches} THEN ${sql.literal(String(i))}`))} END)`
  const tierOrder = byPart((p) => sql.literal(String(TIER_ORDER[p.tier])))
  return sql<RankedRow>`SELECT c.id::text AS id, ${byPart((p) => sql.literal(`'${p.tier}'`))} AS tier, c.quality,
      ${sql.literal(LISTED)} AS listed, c.name_norm AS norm, ${byPart((p) => sql.literal(p.company.target))} AS target,
      ${byPart((p) => sql.literal(`'${p.field}'`))} AS field, NULL::text AS kind, ${shareClass(sql)} AS share_class, c.total,
      ${sql.literal(primaryOf("c.id"))} AS primary_id
    FROM (
      SELECT c.id, c.quality, c.listed_ticker, c.name_lower, c.name_norm, c.registration_key, c.tax_key,
        ${part} AS part, count(*) OVER () AS total
      FROM companies c
      WHERE (${sql.join(" OR ", false)(conditions.map((c) => sql`(${c})`))})${scopeOf(sql, q.country)}
    ) AS c
    ORDER BY c.part IS NULL, ${byPart((p) => p.company.exact)} DESC, ${tierOrder}, ${shareClass(sql)},
      ${byPart((p) => p.company.score)} DESC, ${sql.literal(LISTED)} DESC, c.quality DESC, c.id
    LIMIT ${n}`
}

/** The tiers above as one round trip. */
export const literalTiers = (sql: Sql, statements: ReadonlyArray<NamedStatement>) =>
  sql<TierRow>`${sql.join(" UNION ALL ", false)(statements.map((s) => sql`(${s.statement})`))}`

