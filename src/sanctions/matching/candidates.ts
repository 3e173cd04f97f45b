import { prepareQuery } from "./alignment.js"
import { ENTITY_TYPE_CODE } from "./indexedNames.js"
import type { MatchIndex } from "./matchIndex.js"
import { type EntityType, type ListId, sanctionsListIds } from "../model.js"
import { screeningFold } from "./fold.js"
import { type Corroboration, initialsQueryOf, scoreInitials } from "./initials.js"
import { scoreName, THRESHOLDS } from "./scoring.js"
import { isContent, tokensOfFolded } from "./tokens.js"

export interface ScreenOptions {
  /** ISO 3166 alpha-2 country of the screened business; a list entry located elsewhere scores slightly lower. */
  readonly country?: string | undefined
  /** Also screen individuals (directors, owners). Default: entities and vessels only. */
  readonly includeIndividuals?: boolean | undefined
  /** Overrides the entity types screened (e.g. ["aircraft"]). */
  readonly entityTypes?: ReadonlyArray<EntityType> | undefined
  /** Attach a per-token explanation to each hit. */
  readonly explain?: boolean | undefined
  /**
   * The business is a registered company of long standing or listed (`establishedCompany`): a name one letter away
   * from a listed name of another legal form is not reported.
   */
  readonly established?: boolean | undefined
  /** Maximum hits returned (default 10). */
  readonly limit?: number | undefined
  /** The lists screened (an account's choice). Default: every sanctions list; a debarment list only when named. */
  readonly lists?: ReadonlyArray<ListId> | undefined
}

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

export interface NameHit {
  readonly nameId: number
  readonly score: number
  /** Found by the listed name's initials (`initials.ts`), with what corroborated them. */
  readonly initials?: { readonly initials: string; readonly corroborations: ReadonlyArray<Corroboration> }
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
  const lists = new Set<ListId>(options.lists ?? sanctionsListIds)
  let candidates: Array<number> = []
  for (const nameId of touched) {
    if (acc[nameId]! >= minAcc && lists.has(index.entries[index.names[nameId]!.entry]!.entry.list)) candidates.push(nameId)
  }
  if (candidates.length > MAX_CANDIDATES) candidates = candidates.sort((a, b) => acc[b]! - acc[a]!).slice(0, MAX_CANDIDATES)
  for (const nameId of touched) acc[nameId] = 0
  touched.length = 0
  const country = options.country === undefined ? null : options.country.toUpperCase()
  const hits: Array<NameHit> = []
  for (const nameId of candidates) {
    const { score } = scoreName(index, query, index.names[nameId]!, country, false, options.established === true)
    if (score >= THRESHOLDS.review) hits.push({ nameId, score })
  }
  const asInitials = initialsQueryOf(name, tokens)
  if (asInitials !== null) {
    const others = asInitials.others.map((i) => query.tokens[i]!.matches)
    for (const nameId of index.namesWithInitials(asInitials.initials)) {
      if ((mask & (1 << types[nameId]!)) === 0 || !lists.has(index.entries[index.names[nameId]!.entry]!.entry.list)) continue
      const found = scoreInitials(index, nameId, others, country)
      if (found !== null && found.score >= THRESHOLDS.review) {
        hits.push({ nameId, score: found.score, initials: { initials: asInitials.initials, corroborations: found.corroborations } })
      }
    }
  }
  return hits
}
