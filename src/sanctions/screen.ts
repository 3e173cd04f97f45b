import { ENTITY_TYPE_CODE, MatchIndex } from "./matchIndex.js"
import type { EntityType, ListId } from "./model.js"
import { prepareQuery, round, type ScoreExplanation, scoreName, THRESHOLDS } from "./scoring.js"
import { screeningFold } from "./fold.js"
import { isContent, tokenize, tokensOfFolded } from "./tokens.js"

export interface ScreenOptions {
  /** ISO 3166 alpha-2 country of the screened business; a list entry located elsewhere scores slightly lower. */
  readonly country?: string | undefined
  /** Also screen individuals (directors, owners). Default: entities and vessels only. */
  readonly includeIndividuals?: boolean | undefined
  /** Overrides the entity types screened (e.g. ["aircraft"]). */
  readonly entityTypes?: ReadonlyArray<EntityType> | undefined
  /** Attach a per-token explanation to each hit. */
  readonly explain?: boolean | undefined
  /** Maximum hits returned (default 10). */
  readonly limit?: number | undefined
}

export interface SanctionsHit {
  readonly list: ListId
  readonly entry_id: string
  readonly name: string
  readonly matched_name: string
  readonly score: number
  readonly programs: ReadonlyArray<string>
  readonly entity_type: EntityType
  readonly listed_on: string | null
  readonly list_version: string
  readonly explanation?: ScoreExplanation
}

export type ScreeningOutcome = "clear" | "potential_match" | "match" | "unavailable"

export interface ScreeningResult {
  readonly screened: boolean
  readonly result: ScreeningOutcome
  readonly hits: ReadonlyArray<SanctionsHit>
}

export const UNAVAILABLE: ScreeningResult = { screened: false, result: "unavailable", hits: [] }

const MAX_CANDIDATES = 40
const MIN_CANDIDATE_SHARE = 0.45

interface Scratch {
  readonly acc: Float32Array
  readonly touched: Array<number>
}
const scratches = new WeakMap<MatchIndex, Scratch>()
const scratchOf = (index: MatchIndex): Scratch => {
  let s = scratches.get(index)
  if (s === undefined) {
    s = { acc: new Float32Array(index.names.length), touched: [] }
    scratches.set(index, s)
  }
  return s
}

const typeMask = (options: ScreenOptions): number => {
  const types = options.entityTypes ?? (options.includeIndividuals ? ["entity", "vessel", "individual"] : ["entity", "vessel"])
  return types.reduce((mask, t) => mask | (1 << ENTITY_TYPE_CODE[t]), 0)
}

interface NameHit {
  readonly nameId: number
  readonly score: number
}

/**
 * Candidate generation from the in-memory indexes (token postings reached through exact, deletion-neighbourhood and
 * skeleton token matches, plus exact sorted-token and glued keys), then full scoring of at most MAX_CANDIDATES names.
 * Never a fuzzy scan of the whole list.
 */
export const screenOneName = (index: MatchIndex, name: string, options: ScreenOptions = {}): ReadonlyArray<NameHit> => {
  const folded = screeningFold(name)
  const tokens = tokensOfFolded(folded)
  if (!tokens.some((t) => isContent(t.cls))) return []
  const query = prepareQuery(index, name, tokens, folded)
  const mask = typeMask(options)
  const { acc, touched } = scratchOf(index)
  const types = index.nameType
  const bump = (nameId: number, amount: number) => {
    if ((mask & (1 << types[nameId]!)) === 0) return
    if (acc[nameId] === 0) touched.push(nameId)
    acc[nameId]! += amount
  }
  for (const q of query.tokens) {
    if (!isContent(q.token.cls)) continue
    for (const [id, sim] of q.matches) {
      const postings = index.postingsOf(id)
      const amount = sim * q.weight + 1e-6
      for (let k = 0; k < postings.length; k++) {
        const nameId = postings[k]!
        if ((mask & (1 << types[nameId]!)) === 0) continue
        if (acc[nameId] === 0) touched.push(nameId)
        acc[nameId]! += amount
      }
    }
  }
  const contentTexts = tokens.filter((t) => isContent(t.cls)).map((t) => t.text)
  for (const nameId of index.namesWithSortedKey([...contentTexts].sort().join(" "))) bump(nameId, query.contentMass + 1)
  for (const nameId of index.namesWithCompactKey(query.compactKey)) bump(nameId, query.contentMass + 1)
  if (query.fullKey !== query.compactKey) for (const nameId of index.namesWithCompactKey(query.fullKey)) bump(nameId, query.contentMass + 1)
  const minAcc = MIN_CANDIDATE_SHARE * query.contentMass
  let candidates: Array<number> = []
  for (const nameId of touched) if (acc[nameId]! >= minAcc) candidates.push(nameId)
  if (candidates.length > MAX_CANDIDATES) candidates = candidates.sort((a, b) => acc[b]! - acc[a]!).slice(0, MAX_CANDIDATES)
  for (const nameId of touched) acc[nameId] = 0
  touched.length = 0
  const country = options.country === undefined ? null : options.country.toUpperCase()
  const hits: Array<NameHit> = []
  for (const nameId of candidates) {
    const { score } = scoreName(index, query, index.names[nameId]!, country, false)
    if (score >= THRESHOLDS.review) hits.push({ nameId, score })
  }
  return hits
}

const toHit = (index: MatchIndex, nameId: number, score: number, explanation: ScoreExplanation | undefined): SanctionsHit => {
  const indexed = index.names[nameId]!
  const { entry, listVersion } = index.entries[indexed.entry]!
  const hit: SanctionsHit = {
    list: entry.list,
    entry_id: entry.entry_id,
    name: entry.name,
    matched_name: indexed.text,
    score: round(score),
    programs: entry.programs,
    entity_type: entry.entity_type,
    listed_on: entry.listed_on,
    list_version: listVersion
  }
  return explanation === undefined ? hit : { ...hit, explanation }
}

/** Screens the names of one business (legal name, trading names ...) and merges hits per list entry. */
export const screenNames = (
  index: MatchIndex | null,
  names: ReadonlyArray<string>,
  options: ScreenOptions = {}
): ScreeningResult => {
  if (index === null || index.entries.length === 0) return UNAVAILABLE
  const best = new Map<number, { nameId: number; score: number; query: string }>()
  for (const name of names) {
    for (const hit of screenOneName(index, name, options)) {
      const entry = index.names[hit.nameId]!.entry
      const previous = best.get(entry)
      if (previous === undefined || hit.score > previous.score) best.set(entry, { ...hit, query: name })
    }
  }
  const ranked = [...best.values()].sort((a, b) => b.score - a.score).slice(0, options.limit ?? 10)
  const country = options.country === undefined ? null : options.country.toUpperCase()
  const hits = ranked.map(({ nameId, query, score }) => {
    const explanation = options.explain
      ? scoreName(index, prepareQuery(index, query, tokenize(query)), index.names[nameId]!, country, true).explanation
      : undefined
    return toHit(index, nameId, score, explanation)
  })
  const result: ScreeningOutcome = hits.length === 0 ? "clear" : hits[0]!.score >= THRESHOLDS.match ? "match" : "potential_match"
  return { screened: true, result, hits }
}

/** Scores two free names against each other with the index's IDF weights (used for labelled pair evaluation). */
export const scorePair = (index: MatchIndex, query: string, listName: string): number => {
  const probe = new MatchIndex(
    [{
      entry: {
        list: "un_sc",
        entry_id: "probe",
        name: listName,
        entity_type: "entity",
        programs: [],
        listed_on: null,
        countries: [],
        aliases: [],
        original_script_names: []
      },
      listVersion: "probe"
    }],
    index.asBackground()
  )
  const indexed = probe.names[0]
  if (indexed === undefined) return 0
  const tokens = tokenize(query)
  if (!tokens.some((t) => isContent(t.cls))) return 0
  return scoreName(probe, prepareQuery(probe, query, tokens), indexed, null, false).score
}
