import type { SqlError } from "effect/sql"
import { atOnce } from "../db/atOnce.js"
import { ReadSql, withOwnWrites } from "../db/ReadSql.js"
import { Clock, Effect, Layer, Option, Context } from "effect"
import { type SearchParams, SearchResponse, SearchResult, Suggestion } from "../api/schemas/Search.js"
import { typedValues } from "../api/schemas/trusted.js"
import { companyColumns, companyJson, type CompanyRow } from "../companies/companyRow.js"
import { LiveFallback, type LiveOutcome } from "../companies/live/LiveFallback.js"
import {
  type CandidateMode,
  candidateClauses,
  correctedGroups,
  fuzzyScorer,
  type WordGroup,
  wordGroups
} from "./fuzzy.js"
import { normalizeName } from "../domain/normalize.js"
import { compactKey, isShareClassListing, spellingsOf, withoutIssuersShareClasses } from "../domain/searchKeys.js"
import { type Hit, rankHits, round, scores } from "./ranking.js"
import { searchConfig } from "./searchConfig.js"
import { analyseQuery, type SearchQuery } from "./searchQuery.js"
import {
  type CandidateRow,
  charLength,
  type ContainsHints,
  containsHints,
  literalTiers,
  MAX_QUERY_WORDS,
  nearAndHeld,
  nearestAndSpelledWords,
  rankedCompanies,
  type NamedStatement,
  type TierRow,
  tierStatements,
  vocabularyAsked,
  wordCandidates,
  type WordRow,
  withSpellings
} from "./statements.js"
import { WHOLE_NAME_SETTLES, wholeNameCandidates } from "./wholeName.js"

/** The Company fields of a stored row, as the record endpoint gives them. */
export type CompanyJson = ReturnType<typeof companyJson>

export interface ResolvedCandidate {
  readonly company: CompanyJson
  readonly companyId: string
  readonly match_type: Hit["matchType"]
  readonly match_score: number
  readonly listed: boolean
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
 * How the cascade runs: `label` relabels every hit before ranking (live); `words`, the words held near the query's
 * when already read; `eager`, every fuzzy look-up at once (see `fuzzyCandidates`).
 */
interface MatchOptions {
  readonly label?: "live"
  readonly words?: ReadonlyArray<WordRow>
  readonly eager?: boolean
}

/** The statement a row came from: its tier and matched field (the id tier has one statement per field). */
const partOf = (x: { readonly tier: string; readonly field: string }) => `${x.tier}/${x.field}`

const hitOfTierRow = (q: SearchQuery, row: TierRow): Hit => {
  const base = {
    id: row.id,
    quality: Number(row.quality),
    listed: row.listed,
    shareClass: row.share_class === true,
    field: row.field
  }
  switch (row.tier) {
    case "id":
      return { ...base, matchType: "id", score: scores.literal, exact: true }
    case "prefix":
    case "contains":
      return { ...base, matchType: row.tier, score: scores.literal, exact: row.target === q.lower || row.norm === q.normalized }
    case "normalized":
      return row.target === q.normalized
        ? { ...base, matchType: "normalized", score: scores.normalizedEqual, exact: true }
        : {
          ...base,
          matchType: "normalized",
          score: scores.normalizedPrefix(charLength(q.normalized) / charLength(row.target)),
          exact: false
        }
    case "compact":
      return row.target === q.compact
        ? { ...base, matchType: "normalized", score: scores.compactEqual, exact: true, respaced: true }
        : { ...base, matchType: "normalized", score: scores.compactPrefix, exact: false, respaced: true }
    case "alias":
      if (row.target !== q.normalized && compactKey(row.target) === q.compact) {
        return {
          ...base,
          matchType: "alias",
          score: row.kind === "initialism" ? scores.initialismCompactEqual : scores.aliasCompactEqual,
          exact: true,
          respaced: true,
          alias: row.target
        }
      }
      return row.target === q.normalized
        ? {
          ...base,
          matchType: "alias",
          score: row.kind === "initialism" ? scores.initialismEqual : scores.aliasEqual,
          exact: true,
          alias: row.target
        }
        : {
          ...base,
          matchType: "alias",
          score: scores.aliasPrefix(charLength(q.normalized) / charLength(row.target)),
          exact: false,
          alias: row.target
        }
  }
}

/**
 * Company search: the match cascade (id, prefix, contains, normalized, alias, fuzzy) in one ranked result
 * set, each company once with its best tier, every tier index-backed; `count` is exact and paging reaches the
 * last match (a query with a tier larger than `maxMatches` is counted and ranked by one scan of its matches). With
 * LiveFallback in its context (see `CompanySearchLive`), a query the store has nothing for is asked of the live
 * registries of its scope (`live`).
 */
export class CompanySearch extends Context.Service<CompanySearch>()("kyb/CompanySearch", {
  make: Effect.gen(function*() {
    const { sql } = yield* ReadSql
    const config = yield* searchConfig
    const liveFallback = yield* Effect.serviceOption(LiveFallback)

    /**
     * The first look at the literal, normalised and alias tiers (one round trip, at most `maxMatches + 1` rows of
     * each): every tier's hits when none has more than `maxMatches`; the tiers with more (`truncated`) are left out
     * of `hits`, for `matches` to rank and count in one scan.
     */
    const literalHits = (q: SearchQuery, hints: ContainsHints) =>
      Effect.gen(function*() {
        const statements = tierStatements(sql, q, config.maxMatches + 1, hints)
        if (statements.length === 0) return { hits: [], truncated: [] as ReadonlyArray<NamedStatement>, statements }
        const rows = yield* literalTiers(sql, statements)
        const perPart = new Map<string, number>()
        for (const row of rows) perPart.set(partOf(row), (perPart.get(partOf(row)) ?? 0) + 1)
        const truncated = statements.filter((s) => (perPart.get(partOf(s)) ?? 0) > config.maxMatches)
        const cut = new Set(truncated.map(partOf))
        const hits = rows.filter((row) => !cut.has(partOf(row))).map((row) => hitOfTierRow(q, row))
        return { hits, truncated, statements }
      })

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

    /** Candidates the word index gives for one mode, with their fuzzy similarity. */
    const scoredCandidates = (
      q: SearchQuery,
      groups: ReadonlyArray<WordGroup>,
      mode: CandidateMode,
      keep: number,
      asked: ReadonlyArray<WordGroup> = groups
    ) =>
      Effect.gen(function*() {
        const clauses = candidateClauses(asked, mode)
        if (clauses === null) return []
        const scan = mode === "all" ? config.fuzzyScan : Math.min(config.fuzzyScan, PARTIAL_SCAN)
        const rows = yield* wordCandidates(sql, q, clauses, { scan, keep })
        const scorer = fuzzyScorer(groups, q.normalized, q.text)
        return rows.map((row) => ({
          row,
          similarity: Math.max(scorer.normalized(row.name_norm, Number(row.sim)), scorer.folded(row.legal_name))
        }))
      })

    /**
     * Fuzzy candidates: first the names holding all the query's words (or their near spellings); when fewer
     * than a handful of those pass the threshold, also names holding any two of them or a rare one alone.
     * `eager` asks for both at once (two connections): the answer waits for one look-up instead of two in a row,
     * and the second is wasted when the first suffices (the verifier's latency, not search throughput).
     */
    const fuzzyCandidates = (q: SearchQuery, words: ReadonlyArray<WordRow>, eager: boolean) =>
      Effect.gen(function*() {
        const tokens = q.tokens.slice(0, MAX_QUERY_WORDS)
        if (q.short || q.numberLike || tokens.length === 0) return []
        const groups = wordGroups(tokens, words)
        const strictly = scoredCandidates(q, groups, "all", FUZZY_KEEP, correctedGroups(groups, q.country))
        const relaxedly = scoredCandidates(q, groups, "relaxed", FUZZY_KEEP)
        const [strict, early] = eager
          ? yield* atOnce(strictly, relaxedly)
          : [yield* strictly, null]
        if (strict.filter((c) => c.similarity >= config.fuzzyThreshold).length >= ENOUGH_STRICT) return strict
        const relaxed = early ?? (yield* relaxedly)
        const seen = new Set(strict.map((c) => c.row.id))
        return [...strict, ...relaxed.filter((c) => !seen.has(c.row.id))]
      })

    /**
     * Hits as businesses: a record linked to another (src/companies/link) answers as its business's primary record,
     * with the hit that found it (a listing's ticker finds the registry's record); each business once, at its best.
     */
    const asBusinesses = <H extends { readonly id: string }>(hits: ReadonlyArray<H>) =>
      Effect.gen(function*() {
        if (hits.length === 0) return hits
        const links = yield* sql<{ readonly id: string; readonly primary_id: string }>`
          SELECT company_id::text AS id, primary_id::text AS primary_id FROM company_links
          WHERE company_id IN ${sql.in(hits.map((h) => h.id))}`
        if (links.length === 0) return hits
        const primaryOf = new Map(links.map((l) => [l.id, l.primary_id]))
        const seen = new Set<string>()
        const out: Array<H> = []
        for (const hit of hits) {
          const id = primaryOf.get(hit.id) ?? hit.id
          if (seen.has(id)) continue
          seen.add(id)
          out.push(id === hit.id ? hit : { ...hit, id })
        }
        return out
      })

    /**
     * The first `want` companies of the ranking (all of them when no tier is larger than `maxMatches`) and how
     * many companies match in all (`count`, exact either way).
     */
    const matches = (q: SearchQuery, want: number, options: MatchOptions = {}) =>
      Effect.gen(function*() {
        const { eager = false, label } = options
        const words = options.words ?? (yield* nearWords(q))
        const [literal, fuzzy] = yield* atOnce(
          literalHits(q, containsHints(q, words)),
          fuzzyCandidates(q, words, eager)
        )
        const fuzzyHits: Array<Hit> = []
        for (const { row, similarity } of fuzzy) {
          if (similarity < config.fuzzyThreshold) continue
          fuzzyHits.push({
            id: row.id,
            matchType: "fuzzy",
            score: scores.fuzzy(similarity),
            exact: false,
            quality: Number(row.quality),
            listed: row.listed,
            shareClass: isShareClassListing(row.legal_name),
            field: "legal_name"
          })
        }
        const relabel = (hits: ReadonlyArray<Hit>) =>
          label === undefined ? hits : hits.map((hit) => ({ ...hit, matchType: label }))
        if (literal.truncated.length === 0) {
          const ranked = yield* asBusinesses(rankHits(relabel([...literal.hits, ...fuzzyHits])))
          return { ranked, count: ranked.length, fuzzy, words }
        }
        // A tier larger than maxMatches: the best `want` companies by the tiers on `companies` with the exact count
        // (one scan), and the alias tier's best `want` when it is the larger one. A company among the first `want`
        // overall is among the first `want` of the statement holding its best hit. (A live answer relabels after
        // a miss: only the few companies the registries just returned match, below any cap.)
        const aliasTruncated = literal.truncated.flatMap((s) => (s.best === undefined ? [] : [s.best(Math.max(want, 1))]))
        const [companies, aliases] = yield* atOnce(
          rankedCompanies(sql, q, literal.statements, Math.max(want, 1), fuzzyHits.map((hit) => hit.id)),
          aliasTruncated.length === 0 ? Effect.succeed([]) : aliasTruncated[0]!
        )
        const count = Number(companies[0]?.total ?? 0)
        const deep: Array<Hit> = literal.hits.filter((hit) => hit.matchType === "alias")
        for (const row of companies) if (row.tier !== null) deep.push(hitOfTierRow(q, { ...row, tier: row.tier }))
        for (const row of aliases) deep.push(hitOfTierRow(q, row))
        const ranked = yield* asBusinesses(rankHits(relabel([...deep, ...fuzzyHits])))
        return { ranked: ranked.slice(0, want), count, fuzzy, words }
      })

    const suggestionsFor = (
      q: SearchQuery,
      words: ReadonlyArray<WordRow>,
      near: ReadonlyArray<{ readonly row: CandidateRow; readonly similarity: number }>
    ) =>
      Effect.gen(function*() {
        const pool = near.length > 0 || q.short || q.numberLike || q.tokens.length === 0
          ? near
          : yield* scoredCandidates(q, wordGroups(q.tokens.slice(0, MAX_QUERY_WORDS), words, true), "any", config.suggestions * 4)
        return [...pool]
          .sort((a, b) => b.similarity - a.similarity || Number(b.row.quality) - Number(a.row.quality))
          .slice(0, config.suggestions)
          .map(({ row, similarity }) =>
            new Suggestion({
              legal_name: row.legal_name,
              country: row.country.toUpperCase(),
              registration_no: row.registration_no,
              reference_id: row.reference_id,
              score: round(similarity)
            }, typedValues)
          )
      })

    const rowsById = (ids: ReadonlyArray<string>) =>
      ids.length === 0
        ? Effect.succeed(new Map<string, CompanyRow>())
        : sql<CompanyRow>`SELECT ${sql.literal(companyColumns)} FROM companies c WHERE c.id IN ${sql.in(ids)}`.pipe(
          Effect.map((rows) => new Map(rows.map((row) => [row.id, row])))
        )

    /**
     * The store's answer; on a miss, the live registries' (stored first, then matched like any stored company and
     * labelled `live`).
     */
    const answer = (q: SearchQuery, want: number) =>
      Effect.gen(function*() {
        const found = yield* matches(q, want)
        if (found.count > 0 || q.short || Option.isNone(liveFallback)) return { ...found, live: Option.none<LiveOutcome>() }
        const outcome = yield* liveFallback.value.byName(q)
        if (Option.isNone(outcome) || outcome.value.stored === 0) return { ...found, live: outcome }
        return { ...(yield* matches(q, want, { label: "live" })), live: outcome }
      })

    const search = (params: SearchParams): Effect.Effect<SearchResponse, SqlError.SqlError> =>
      Effect.gen(function*() {
        const q = analyseQuery(params.q, params.country)
        const limit = params.limit ?? 25
        const offset = params.offset ?? 0
        const { count, fuzzy, live, ranked, words } = yield* answer(q, offset + limit)
        const page = ranked.slice(offset, offset + limit)
        const rows = yield* rowsById(page.map((hit) => hit.id))
        const now = new Date(yield* Clock.currentTimeMillis)
        const results: Array<SearchResult> = []
        for (const hit of page) {
          const row = rows.get(hit.id)
          if (row === undefined) continue
          results.push(
            new SearchResult({
              ...companyJson(row, now),
              match_type: hit.matchType,
              match_score: hit.score,
              matched_field: hit.field,
              ...(hit.alias === undefined ? {} : { matched_alias: hit.alias })
            }, typedValues)
          )
        }
        const suggestions = count === 0 ? yield* suggestionsFor(q, words, fuzzy) : undefined
        return new SearchResponse({
          query: params.q,
          query_normalized: q.normalized,
          country: q.country ?? null,
          count,
          limit,
          offset,
          source: Option.match(live, {
            onNone: () => "db" as const,
            onSome: (o) => (o.checked.length > o.unreachable.length ? "live" as const : "db" as const)
          }),
          checked_registries: Option.match(live, { onNone: () => [], onSome: (o) => o.checked }),
          unreachable_registries: Option.match(live, { onNone: () => [], onSome: (o) => o.unreachable }),
          results,
          ...(suggestions === undefined ? {} : { suggestions })
        }, typedValues)
      }).pipe(withOwnWrites)

    /** The cascade's best candidates, best first, at most five (the verifier: every look-up at once). */
    const cascadeCandidates = (q: SearchQuery, words?: ReadonlyArray<WordRow>) =>
      Effect.gen(function*() {
        const { ranked } = yield* matches(q, 5, words === undefined ? { eager: true } : { words, eager: true })
        const best = ranked.slice(0, 5)
        const rows = yield* rowsById(best.map((hit) => hit.id))
        const now = new Date(yield* Clock.currentTimeMillis)
        const out: Array<ResolvedCandidate> = []
        for (const hit of best) {
          const row = rows.get(hit.id)
          if (row === undefined) continue
          out.push({
            company: companyJson(row, now),
            companyId: row.id,
            match_type: hit.matchType,
            match_score: hit.score,
            listed: row.listed_ticker !== null
          })
        }
        return out as ReadonlyArray<ResolvedCandidate>
      })

    /**
     * The candidates for a name (the verifier), best first. `settled`: the whole name (or a whole alias) is held
     * with a score nothing else the cascade finds could come within the ambiguity margin of (one indexed round
     * trip, see `wholeNameCandidates`), so the cascade was not run; otherwise the cascade's best five. The words
     * held near the name's are read beside the whole name (two connections at once): a name not held whole goes
     * on to the cascade without waiting for them, at the cost of a vocabulary look-up unused when it is.
     */
    const resolve = (q: SearchQuery) =>
      resolveAll(q).pipe(
        Effect.map(({ candidates, settled }) => ({
          settled,
          candidates: withoutIssuersShareClasses(
            candidates,
            (c) => ({ legalName: c.company.legal_name, country: c.company.country }),
            normalizeName
          )
        }))
      )

    const resolveAll = (q: SearchQuery) =>
      Effect.gen(function*() {
        if (!q.short && q.normalized !== "") {
          const [whole, words] = yield* atOnce(wholeNameCandidates(sql, q), nearWords(q))
          if ((whole[0]?.score ?? 0) < WHOLE_NAME_SETTLES) return { settled: false, candidates: yield* cascadeCandidates(q, words) }
          const now = new Date(yield* Clock.currentTimeMillis)
          // Each business once, as its primary record (the links of src/companies/link).
          const hits = yield* asBusinesses(whole.map((w) => ({ id: w.row.id, w })))
          const held = new Map(whole.map((w) => [w.row.id, w.row]))
          const missing = yield* rowsById(hits.map((h) => h.id).filter((id) => !held.has(id)))
          const candidates = hits.flatMap((h): Array<ResolvedCandidate> => {
            const row = held.get(h.id) ?? missing.get(h.id)
            return row === undefined ? [] : [{
              company: companyJson(row, now),
              companyId: row.id,
              match_type: h.w.matchType,
              match_score: h.w.score,
              listed: row.listed_ticker !== null
            }]
          })
          return { settled: true, candidates }
        }
        return { settled: false, candidates: yield* cascadeCandidates(q) }
      })

    /** Companies whose registration number (any registry of the scope, any separator style) is `raw`. */
    const findByNumber = (raw: string, country?: string) =>
      Effect.gen(function*() {
        const q = analyseQuery(raw, country)
        const statements = tierStatements(sql, q, 5).filter((s) => s.tier === "id")
        if (statements.length === 0) return []
        const hits = rankHits((yield* literalTiers(sql, statements)).map((row) => hitOfTierRow(q, row)))
        const rows = yield* rowsById(hits.map((hit) => hit.id))
        const now = new Date(yield* Clock.currentTimeMillis)
        return hits.flatMap((hit) => {
          const row = rows.get(hit.id)
          return row === undefined ? [] : [{ company: companyJson(row, now), companyId: row.id, field: hit.field }]
        })
      })

    return { search, resolve, findByNumber } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide([ReadSql.Default]))
}

/** CompanySearch with search on a miss (the live registries, through LiveFallback). */
export const CompanySearchLive = CompanySearch.Default.pipe(Layer.provide(LiveFallback.Default))
