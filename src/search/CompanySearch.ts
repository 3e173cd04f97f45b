import type { SqlError } from "effect/sql"
import { atOnce } from "../db/atOnce.js"
import { ReadSql, withOwnWrites } from "../db/ReadSql.js"
import { Clock, Effect, Layer, Option, Context } from "effect"
import type { SearchParams, SearchResponse, SearchResult, Suggestion } from "../domain/schemas/Search.js"
import { companyColumns, companyJson, type CompanyRow } from "../companies/companyRow.js"
import { LiveFallback, type LiveOutcome } from "../companies/live/LiveFallback.js"
import { cascadeSteps } from "./cascadeSteps.js"
import { wordGroups } from "./fuzzy.js"
import { normalizeName } from "../domain/normalize.js"
import { isShareClassListing, withoutIssuersShareClasses } from "../domain/searchKeys.js"
import { type Hit, rankHits, round, scores } from "./ranking.js"
import { searchConfig } from "./searchConfig.js"
import { analyseQuery, type SearchQuery } from "./searchQuery.js"
import { MAX_QUERY_WORDS } from "./containsWords.js"
import { literalTiers, rankedCompanies, tierStatements } from "./statements.js"
import type { CandidateRow, WordRow } from "./wordStatements.js"
import { hitOfTierRow } from "./tierHits.js"
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

/**
 * How the cascade runs: `label` relabels every hit before ranking (live); `words`, the words held near the query's
 * when already read; `eager`, every fuzzy look-up at once (see `literalAndFuzzy`).
 */
interface MatchOptions {
  readonly label?: "live"
  readonly words?: ReadonlyArray<WordRow>
  readonly eager?: boolean
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
    const { literalAndFuzzy, scoredCandidates, nearWords, asBusinesses } = yield* cascadeSteps
    const liveFallback = yield* Effect.serviceOption(LiveFallback)

    /**
     * The first `want` companies of the ranking (all of them when no tier is larger than `maxMatches`) and how
     * many companies match in all (`count`, exact either way).
     */
    const matches = Effect.fnUntraced(function*(q: SearchQuery, want: number, options: MatchOptions = {}) {
      const { eager = false, label } = options
      const words = options.words ?? (yield* nearWords(q))
      const { literal, fuzzy } = yield* literalAndFuzzy(q, words, eager)
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
          field: "legal_name",
          primary: row.primary_id
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

    const suggestionsFor = Effect.fnUntraced(function*(q: SearchQuery, words: ReadonlyArray<WordRow>, near: ReadonlyArray<{ readonly row: CandidateRow; readonly similarity: number }>) {
      const pool = near.length > 0 || q.short || q.numberLike || q.tokens.length === 0
        ? near
        : yield* scoredCandidates(q, wordGroups(q.tokens.slice(0, MAX_QUERY_WORDS), words, true), "any", config.suggestions * 4)
      return [...pool]
        .sort((a, b) => b.similarity - a.similarity || Number(b.row.quality) - Number(a.row.quality))
        .slice(0, config.suggestions)
        .map(({ row, similarity }) =>
          ({
            legal_name: row.legal_name,
            country: row.country.toUpperCase(),
            registration_no: row.registration_no,
            reference_id: row.reference_id,
            score: round(similarity)
          }) satisfies Suggestion
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
    const answer = Effect.fnUntraced(function*(q: SearchQuery, want: number) {
      const found = yield* matches(q, want)
      if (found.count > 0 || q.short || Option.isNone(liveFallback)) return { ...found, live: Option.none<LiveOutcome>() }
      const outcome = yield* liveFallback.value.byName(q)
      if (Option.isNone(outcome) || outcome.value.stored === 0) return { ...found, live: outcome }
      return { ...(yield* matches(q, want, { label: "live" })), live: outcome }
    })

    const search: (params: SearchParams) => Effect.Effect<SearchResponse, SqlError.SqlError> = Effect.fnUntraced(function*(params: SearchParams) {
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
        results.push({
          ...companyJson(row, now),
          match_type: hit.matchType,
          match_score: hit.score,
          matched_field: hit.field,
          ...(hit.alias === undefined ? {} : { matched_alias: hit.alias })
        })
      }
      const suggestions = count === 0 ? yield* suggestionsFor(q, words, fuzzy) : undefined
      // Plain values in the answer's types: checked once, when the answer is encoded (SearchResponse).
      return {
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
      } satisfies SearchResponse
    }, withOwnWrites)

    /** The cascade's best candidates, best first, at most five (the verifier: every look-up at once). */
    const cascadeCandidates = Effect.fnUntraced(function*(q: SearchQuery, words?: ReadonlyArray<WordRow>) {
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

    const resolveAll = Effect.fnUntraced(function*(q: SearchQuery) {
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
    const findByNumber = Effect.fnUntraced(function*(raw: string, country?: string) {
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
