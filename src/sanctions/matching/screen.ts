import { type NameHit, screenOneName, type ScreenOptions } from "./candidates.js"
import { MatchIndex } from "./matchIndex.js"
import { createHash } from "node:crypto"
import { canonicalJson } from "../../domain/canonicalJson.js"
import { type HitExplanation, summariseExplanation } from "./explanation.js"
import { type Debarment, type EntityType, listDisplayName, type ListId, listOrder, type SanctionsEntry, sanctionsListIds } from "../model.js"
import { prepareQuery } from "./alignment.js"
import { round, type ScoreExplanation, scoreName, THRESHOLDS } from "./scoring.js"
import { screeningFold } from "./fold.js"
import { isContent, tokenize } from "./tokens.js"
import { explainInitials } from "./initials.js"
import { type EntryListing, entryListing } from "../listing.js"

/** Which of the business's names a screened name is. */
type ScreenedFrom = "input" | "legal_name" | "alias" | "former_name" | "officer" | "owner" | "declared_owner" | "declared_director"

/** A name to screen and where it comes from; a bare string is a name as given by the caller. */
export interface ScreenSubject {
  readonly name: string
  readonly from: ScreenedFrom
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
  /** The name that was screened and produced the hit, and which of the business's names it is. */
  readonly screened_name: string
  readonly screened_from: ScreenedFrom
  /** SHA-256 of the list entry's content: changes exactly when the entry changes. */
  readonly entry_hash: string
  /** What the list says of the entry (aliases, countries, identifiers) and its official page, if the list has one. */
  readonly listing: EntryListing
  readonly explanation: HitExplanation
  /** The other lists' entries that are the same entity (each also a hit of its own), and how they were linked. */
  readonly linked: ReadonlyArray<LinkedEntry>
  /** The per-token alignment, with `explain`. */
  readonly token_explanation?: ScoreExplanation
  /** The entry's debarment, for an entry of a debarment list. */
  readonly debarment?: Debarment
}

/** Another list's entry that is the same entity as a hit's entry. */
interface LinkedEntry {
  readonly list: ListId
  readonly entry_id: string
  readonly name: string
  readonly list_version: string
  readonly entry_hash: string
  /** How the two entries were linked, e.g. `same name "AL-QAIDA" (its name; the other entry's: ..., its aka)`. */
  readonly link: string
}

type ScreeningOutcome = "clear" | "potential_match" | "match" | "unavailable"

export interface ScreeningResult {
  readonly screened: boolean
  readonly result: ScreeningOutcome
  readonly hits: ReadonlyArray<SanctionsHit>
}

const UNAVAILABLE: ScreeningResult = { screened: false, result: "unavailable", hits: [] }

const entryHashes = new WeakMap<object, string>()

/**
 * The content hash of a list entry, computed once per loaded entry: over everything but `details` (addresses, remarks
 * and the like, display only), so that keeping more of what a list says never moves a hash, and with it the
 * decisions bound to it and the monitors that fire on a changed entry. An entry without details hashes as before.
 */
export const entryHash = (entry: SanctionsEntry): string => {
  let hash = entryHashes.get(entry)
  if (hash === undefined) {
    const { details: _displayOnly, ...hashed } = entry
    hash = createHash("sha256").update(canonicalJson(hashed)).digest("hex")
    entryHashes.set(entry, hash)
  }
  return hash
}

const toHit = (
  index: MatchIndex,
  nameId: number,
  score: number,
  subject: ScreenSubject,
  explanation: ScoreExplanation,
  withTokens: boolean,
  lists: ReadonlySet<ListId>
): SanctionsHit => {
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
    list_version: listVersion,
    screened_name: subject.name,
    screened_from: subject.from,
    entry_hash: entryHash(entry),
    listing: entryListing(entry),
    explanation: summariseExplanation(explanation, score),
    linked: linkedEntries(index, indexed.entry, lists),
    ...(entry.debarment === undefined ? {} : { debarment: entry.debarment })
  }
  return withTokens ? { ...hit, token_explanation: explanation } : hit
}

/** The entries linked to `entry` on the lists screened (an account that does not screen a list is not shown it). */
const linkedEntries = (index: MatchIndex, entry: number, lists: ReadonlySet<ListId>): ReadonlyArray<LinkedEntry> =>
  linksOn(index, entry, lists).map((link) => {
    const other = index.entries[link.entry]!
    return {
      list: other.entry.list,
      entry_id: other.entry.entry_id,
      name: other.entry.name,
      list_version: other.listVersion,
      entry_hash: entryHash(other.entry),
      link: link.how
    }
  })

/** The hit on another list's entry that a hit brings: the same entity, at the same score, saying how it was linked. */
const linksOn = (index: MatchIndex, entry: number, lists: ReadonlySet<ListId>) =>
  (index.links[entry] ?? []).filter((link) => lists.has(index.entries[link.entry]!.entry.list))

const linkedHit = (
  index: MatchIndex,
  entry: number,
  from: SanctionsHit,
  how: string,
  lists: ReadonlySet<ListId>
): SanctionsHit => {
  const { entry: listed, listVersion } = index.entries[entry]!
  const source = `${listDisplayName[from.list]} entry ${from.entry_id}`
  return {
    list: listed.list,
    entry_id: listed.entry_id,
    name: listed.name,
    matched_name: listed.name,
    score: from.score,
    programs: listed.programs,
    entity_type: listed.entity_type,
    listed_on: listed.listed_on,
    list_version: listVersion,
    screened_name: from.screened_name,
    screened_from: from.screened_from,
    entry_hash: entryHash(listed),
    listing: entryListing(listed),
    explanation: {
      summary: `the same entity as ${source}, which "${from.screened_name}" matched: ${how}; score ${from.score}`,
      factors: [{ factor: "linked_entry", effect: 0, detail: `${source}: ${how}` }]
    },
    linked: linkedEntries(index, entry, lists)
  }
}

/**
 * Order among hits of equal score: the entry matched by its name as the screened name writes it, then by its primary
 * name, then by the list order (`listOrder`), so that the same screening always leads with the same entry.
 */
const tieRank = (index: MatchIndex, hit: { readonly nameId: number; readonly subject: ScreenSubject }): number => {
  const name = index.names[hit.nameId]!
  const asWritten = written(hit.subject.name) === written(name.text) ? 0 : screeningFold(hit.subject.name).replace(/ /g, "") === name.fullKey ? 1 : 2
  const primary = name.kind === "primary" ? 0 : 1
  const list = listOrder.indexOf(index.entries[name.entry]!.entry.list)
  return asWritten * 1000 + primary * 100 + (list < 0 ? 99 : list)
}
const written = (name: string) => name.trim().replace(/\s+/g, " ").toUpperCase()

const subjectOf = (name: string | ScreenSubject): ScreenSubject => typeof name === "string" ? { name, from: "input" } : name

/**
 * Screens the names of one business (the name as given, the legal name, aliases ...) and keeps one hit per list
 * entry: the best of its names against that entry, saying which name it was. An entity two lists hold gives two hits.
 */
export const screenNames = (
  index: MatchIndex | null,
  names: ReadonlyArray<string | ScreenSubject>,
  options: ScreenOptions = {}
): ScreeningResult => {
  if (index === null || index.entries.length === 0) return UNAVAILABLE
  const best = new Map<number, NameHit & { readonly subject: ScreenSubject }>()
  for (const name of names) {
    const subject = subjectOf(name)
    for (const hit of screenOneName(index, subject.name, options)) {
      const entry = index.names[hit.nameId]!.entry
      const previous = best.get(entry)
      if (previous === undefined || hit.score > previous.score) best.set(entry, { ...hit, subject })
    }
  }
  const ties = new Map<number, number>()
  const tie = (hit: NameHit & { readonly subject: ScreenSubject }) => {
    let rank = ties.get(hit.nameId)
    if (rank === undefined) ties.set(hit.nameId, rank = tieRank(index, hit))
    return rank
  }
  const ranked = [...best.values()].sort((a, b) => b.score - a.score || tie(a) - tie(b)).slice(0, options.limit ?? 10)
  const lists = new Set<ListId>(options.lists ?? sanctionsListIds)
  const country = options.country === undefined ? null : options.country.toUpperCase()
  const found = ranked.map(({ initials, nameId, subject, score }) => {
    const query = subject.name
    const explained = initials !== undefined
      ? explainInitials(query, initials.initials, index.names[nameId]!.text, initials.corroborations, score)
      : scoreName(index, prepareQuery(index, query, tokenize(query)), index.names[nameId]!, country, true, options.established === true).explanation!
    return toHit(index, nameId, score, subject, explained, options.explain === true, lists)
  })
  // One entity, once: its best-matched entry leads (on a tie, the entry whose name was given as written, then a
  // primary name, then the list order), and brings the other lists' entries of the same entity right after it, each
  // saying which entry it is linked to; an entry also found on its own is not reported a second time.
  const entryOfHit = ranked.map((r) => index.names[r.nameId]!.entry)
  const reported = new Set<number>()
  const hits: Array<SanctionsHit> = []
  found.forEach((hit, i) => {
    if (reported.has(entryOfHit[i]!)) return
    reported.add(entryOfHit[i]!)
    hits.push(hit)
    for (const link of linksOn(index, entryOfHit[i]!, lists)) {
      if (reported.has(link.entry)) continue
      reported.add(link.entry)
      hits.push(linkedHit(index, link.entry, hit, link.how, lists))
    }
  })
  const result: ScreeningOutcome = hits.length === 0 ? "clear" : hits[0]!.score >= THRESHOLDS.match ? "match" : "potential_match"
  return { screened: true, result, hits }
}

const rank: Record<ScreeningOutcome, number> = { unavailable: 3, match: 2, potential_match: 1, clear: 0 }

/** One screening of several groups of names (a business's names, the people it names): hits best first. */
export const mergeScreenings = (results: ReadonlyArray<ScreeningResult>): ScreeningResult => {
  if (results.length === 0) return { screened: true, result: "clear", hits: [] }
  if (results.some((r) => !r.screened)) return UNAVAILABLE
  const result = results.map((r) => r.result).reduce((a, b) => (rank[b] > rank[a] ? b : a), "clear" as ScreeningOutcome)
  return { screened: true, result, hits: results.flatMap((r) => r.hits).sort((a, b) => b.score - a.score) }
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
