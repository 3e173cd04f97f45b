import type { SqlError } from "effect/sql"
import { Effect } from "effect"
import { atOnce } from "../db/atOnce.js"
import { ReadSql } from "../db/ReadSql.js"
import { spellingsOf } from "../domain/searchKeys.js"
import { type CandidateMode, candidateClauses, correctedGroups, fuzzyScorer, type WordGroup, wordGroups } from "./fuzzy.js"
import { searchConfig } from "./searchConfig.js"
import type { SearchQuery } from "./searchQuery.js"
import { containsHints, MAX_QUERY_WORDS, vocabularyAsked } from "./containsWords.js"
import { type FuzzyInputs, makeFirstLook } from "./firstLook.js"
import { tierStatementsOf } from "./statements.js"
import { tierInputs } from "./tierInputs.js"
import { type CandidateRow, nearAndHeld, nearestAndSpelledWords, withSpellings, wordCandidates, type WordRow } from "./wordStatements.js"
import { hitOfTierRow, partOf } from "./tierHits.js"

type Hit = { readonly id: string; readonly primary?: string | null }

/** The hits with each linked record replaced by its business's primary (`primaryOf` for those read without it), each business once. */
const asBusinessesWith = <H extends Hit>(hits: ReadonlyArray<H>, primaryOf: ReadonlyMap<string, string>): ReadonlyArray<H> => {
  if (primaryOf.size === 0 && hits.every((h) => h.primary == null)) return hits
  const seen = new Set<string>()
  const out: Array<H> = []
  for (const hit of hits) {
    const id = hit.primary ?? primaryOf.get(hit.id) ?? hit.id
    if (seen.has(id)) continue
    seen.add(id)
    out.push(id === hit.id ? hit : { ...hit, id })
  }
  return out
}

const NEAR_WORDS_PER_TOKEN = 6
const FUZZY_KEEP = 100
/**
 * Names the word index hands to the scorer at most for suggestions and for the relaxed look-up (names sharing
 * only some of the query's words, where more of them cost time and seldom pass the threshold).
 */
const PARTIAL_SCAN = 200
/** Strict candidates (all words) above the threshold that make the relaxed look-up unnecessary. */
const ENOUGH_STRICT = 1

/**
 * The cascade's steps: the words held near the query's; the literal, normalised and alias tiers with the word
 * index's fuzzy candidates; hits folded into businesses. CompanySearch runs them in order.
 */
export const cascadeSteps = Effect.gen(function*() {
  const { sql } = yield* ReadSql
  const config = yield* searchConfig

  /**
   * The words held nearest to the query's words (empty for short queries), and the held words that are one of
   * their spellings (`spellingsOf`: a linguistic equivalent, two letters swapped), asked for alongside.
   */
  const nearWords = (q: SearchQuery): Effect.Effect<ReadonlyArray<WordRow>, SqlError.SqlError> => {
    const tokens = q.tokens.slice(0, vocabularyAsked(q))
    if (tokens.length === 0) return Effect.succeed([])
    const asked = tokens.flatMap((token, i) => spellingsOf(token).map((s) => ({ i: i + 1, ...s })))
    return Effect.map(nearestAndSpelledWords(sql, tokens, NEAR_WORDS_PER_TOKEN, asked), (rows) => {
      const { held, near } = nearAndHeld(rows)
      return withSpellings(near, held, asked)
    })
  }

  /** What the word index is asked for one mode's candidates (null when the mode asks for nothing). */
  const candidateInputs = (asked: ReadonlyArray<WordGroup>, mode: CandidateMode, keep: number): FuzzyInputs | null => {
    const clauses = candidateClauses(asked, mode)
    if (clauses === null) return null
    return { clauses, scan: mode === "all" ? config.fuzzyScan : Math.min(config.fuzzyScan, PARTIAL_SCAN), keep }
  }
  const firstLook = makeFirstLook(sql)

  /** Candidates with their fuzzy similarity to the query. */
  const scored = (q: SearchQuery, groups: ReadonlyArray<WordGroup>, rows: ReadonlyArray<CandidateRow>) => {
    const scorer = fuzzyScorer(groups, q.normalized, q.text)
    return rows.map((row) => ({
      row,
      similarity: Math.max(scorer.normalized(row.name_norm, Number(row.sim)), scorer.folded(row.legal_name))
    }))
  }

  /** Candidates the word index gives for one mode, with their fuzzy similarity. */
  const scoredCandidates = (
    q: SearchQuery,
    groups: ReadonlyArray<WordGroup>,
    mode: CandidateMode,
    keep: number
  ) => {
    const asked = candidateInputs(groups, mode, keep)
    return asked === null ? Effect.succeed([]) : Effect.map(wordCandidates(sql, q, asked.clauses, asked), (rows) => scored(q, groups, rows))
  }

  /**
   * The literal, normalised and alias tiers (at most `maxMatches + 1` rows of each) with the fuzzy candidates, in one
   * round trip for both (`firstLook`). Literal: every tier's hits when none has more than `maxMatches`; the tiers with
   * more (`truncated`) are left out of `hits`, for `matches` to rank and count in one scan. Fuzzy: first the names
   * holding all the query's words (or their near spellings); when fewer than a handful of those pass the threshold,
   * also names holding any two of them or a rare one alone. `eager` asks for those beside the first look (two
   * connections): the answer waits for one round trip instead of two in a row, and the second is wasted when the
   * first suffices (the verifier's latency, not search throughput).
   */
  const literalAndFuzzy = Effect.fnUntraced(function*(q: SearchQuery, words: ReadonlyArray<WordRow>, eager: boolean) {
    const inputs = tierInputs(q, config.maxMatches + 1, containsHints(q, words))
    const tokens = q.tokens.slice(0, MAX_QUERY_WORDS)
    const fuzzyAsked = !(q.short || q.numberLike || tokens.length === 0)
    const groups = fuzzyAsked ? wordGroups(tokens, words) : []
    const strictly = fuzzyAsked ? candidateInputs(correctedGroups(groups, q.country), "all", FUZZY_KEEP) : null
    const relaxedly = Effect.suspend(() => scoredCandidates(q, groups, "relaxed", FUZZY_KEEP))
    const look = firstLook(inputs, strictly)
    const [{ candidates, tiers, parts }, early] = eager && fuzzyAsked ? yield* atOnce(look, relaxedly) : [yield* look, null]
    const perPart = new Map<string, number>()
    for (const row of tiers) perPart.set(partOf(row), (perPart.get(partOf(row)) ?? 0) + 1)
    const cut = new Set(parts.map(partOf).filter((part) => (perPart.get(part) ?? 0) > config.maxMatches))
    const hits = tiers.filter((row) => !cut.has(partOf(row))).map((row) => hitOfTierRow(q, row))
    // The tiers' statements themselves only when one has more matches than it read: `matches` ranks and counts them.
    const statements = cut.size === 0 ? [] : tierStatementsOf(sql, inputs)
    const literal = { hits, truncated: statements.filter((s) => cut.has(partOf(s))), statements }
    if (!fuzzyAsked) return { literal, fuzzy: [] }
    const strict = scored(q, groups, candidates)
    if (strict.filter((c) => c.similarity >= config.fuzzyThreshold).length >= ENOUGH_STRICT) return { literal, fuzzy: strict }
    const relaxed = early ?? (yield* relaxedly)
    const seen = new Set(strict.map((c) => c.row.id))
    return { literal, fuzzy: [...strict, ...relaxed.filter((c) => !seen.has(c.row.id))] }
  })

  /**
   * Hits as businesses: a record linked to another (src/companies/link) answers as its business's primary record,
   * with the hit that found it (a listing's ticker finds the registry's record); each business once, at its best.
   * A hit read with its link (`primary`, see `primaryOf`) needs no look-up; the others' links are read in one.
   */
  const asBusinesses = <H extends Hit>(hits: ReadonlyArray<H>): Effect.Effect<ReadonlyArray<H>, SqlError.SqlError> => {
    const unread = hits.flatMap((h) => (h.primary === undefined ? [h.id] : []))
    if (unread.length === 0) return Effect.succeed(asBusinessesWith(hits, new Map()))
    return Effect.map(
      sql<{ readonly id: string; readonly primary_id: string }>`
        SELECT company_id::text AS id, primary_id::text AS primary_id FROM company_links
        WHERE company_id IN ${sql.in(unread)}`,
      (links) => asBusinessesWith(hits, new Map(links.map((l) => [l.id, l.primary_id])))
    )
  }
  return { literalAndFuzzy, nearWords, scoredCandidates, asBusinesses }
})
