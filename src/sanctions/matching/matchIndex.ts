import type { Background } from "./background.js"
import { HashBuckets, HashBucketsBuilder, hashString, PackedLists } from "./hashBuckets.js"
import { BUILD_STEP, type IndexedName, PackedName, readEntryNames, type VersionedEntry } from "./indexedNames.js"
import { initialsOfName } from "./nameInitials.js"
import { SpellingNeighbours } from "./spellingNeighbours.js"
import { isContent, type NameToken, TokenClass } from "./tokens.js"
import { type EntryLink, linkEntries } from "./links.js"
import { areTranslations, translationsOf } from "./translations.js"


/** A token of the vocabulary matched by a query token, with its similarity. */
export interface TokenMatch {
  readonly id: number
  readonly sim: number
}

const MIN_DISTINCTIVE_IDF = 0.4
const CLASS_WEIGHT: Record<TokenClass, number> = {
  [TokenClass.word]: 1,
  [TokenClass.generic]: 0.5,
  [TokenClass.location]: 0.6,
  [TokenClass.numeric]: 0.5,
  [TokenClass.legalForm]: 0.1,
  [TokenClass.stopword]: 0.05
}
/** A word of the other language (`translations.ts`): real evidence, below a same-language match of the word. */
export const TRANSLATION_SIM = 0.82
/** About 400 bytes a cached token (its matches as a Map): 10,000 bound the cache to about 4 MB. */
const LOOKUP_CACHE_LIMIT = 10_000

/**
 * In-memory screening index: a token vocabulary with IDF weights (list names plus a background of legitimate company
 * names), token postings, a deletion-neighbourhood index and a consonant-skeleton index over the vocabulary, and exact keys
 * (sorted content tokens, and content tokens glued together). Built once per set of active list versions.
 */
export class MatchIndex {
  readonly entries: ReadonlyArray<VersionedEntry>
  /** Per entry; entries with the same countries share one set. */
  entryCountries: ReadonlyArray<ReadonlySet<string>> = []
  names: ReadonlyArray<IndexedName> = []
  nameType: Uint8Array = new Uint8Array(0)
  private readonly tokenIds = new Map<string, number>()
  readonly tokenText: Array<string> = []
  readonly tokenClass: Array<TokenClass> = []
  readonly tokenPlace: Array<string | null> = []
  tokenWeight: Float32Array = new Float32Array(0)
  tokenDistinctive: Uint8Array = new Uint8Array(0)
  /** Per entry: the other lists' entries that are the same entity (`links.ts`). */
  links: ReadonlyArray<ReadonlyArray<EntryLink>> = []
  /** Token id -> names (ids, ascending) holding it as a content token. */
  private postings: PackedLists = PackedLists.from([])
  /** Tokens one spelling edit apart, or of one consonant skeleton (`spellingNeighbours.ts`). */
  private neighbours: SpellingNeighbours = SpellingNeighbours.empty
  /**
   * The name look-up tables below hold 32-bit hashes of their keys, not the strings: every read checks the key
   * itself against the name it finds, so a hash collision never adds a value.
   */
  /** Sorted content tokens -> name ids (ascending). */
  private sortedKeys: HashBuckets = HashBuckets.empty
  /** Compact key, and full key where it differs -> name ids (ascending). */
  private compactKeys: HashBuckets = HashBuckets.empty
  /** Initials an organisation's strong name may be known by (`organisationInitials`) -> name ids (ascending). */
  private initials: HashBuckets = HashBuckets.empty
  private readonly documents: number
  private readonly background: Background
  private readonly lookupCache = new Map<string, ReadonlyMap<number, number>>()
  private entryDf: ReadonlyMap<number, number> = new Map()
  private statistics: Background | null = null

  /** Builds the index at once; with `deferred`, the caller runs `buildSteps()` (see `buildMatchIndexEffect`). */
  constructor(entries: ReadonlyArray<VersionedEntry>, background: Background, deferred = false) {
    this.entries = entries
    this.background = background
    this.documents = entries.length + background.documents
    if (!deferred) for (const _ of this.buildSteps()) continue
  }

  /** The build in small synchronous steps, so that a server can keep answering between them. */
  *buildSteps(): Generator<void, void, void> {
    const entries = this.entries
    const { countries, names, tokens, types, entryDf, initials } = yield* readEntryNames(entries, (token) => this.intern(token))
    this.entryCountries = countries
    this.initials = initials.build()
    this.names = names.map((n, i) => new PackedName(n.entry, n.text, n.kind, n.weak, n.compactKey, n.fullKey, tokens, i))
    this.nameType = Uint8Array.from(types)
    this.entryDf = entryDf
    yield
    this.computeWeights(entryDf)
    yield* this.buildPostings()
    yield
    this.links = linkEntries({
      names: this.names,
      entryList: (e) => entries[e]!.entry.list,
      entryType: (e) => entries[e]!.entry.entity_type,
      entryCountries: (e) => countries[e]!,
      keyOf: (nameId) => this.identifyingKey(this.names[nameId]!.tokens)
    }, entries.length)
  }

  /** A name's content words in order, when one of them is distinctive; else null (it identifies too little to link). */
  private identifyingKey(tokens: Int32Array): string | null {
    const words: Array<string> = []
    let distinctive = false
    for (const id of tokens) {
      if (!isContent(this.tokenClass[id]!)) continue
      words.push(this.tokenText[id]!)
      if (this.tokenDistinctive[id]) distinctive = true
    }
    return distinctive ? words.join(" ") : null
  }

  private intern(token: NameToken): number {
    const existing = this.tokenIds.get(token.text)
    if (existing !== undefined) return existing
    const id = this.tokenText.length
    this.tokenIds.set(token.text, id)
    this.tokenText.push(token.text)
    this.tokenClass.push(token.cls)
    this.tokenPlace.push(token.place)
    return id
  }

  /** Normalised IDF in [0, 1] from list entries plus background documents. */
  idf(text: string, listDf: number): number {
    const df = listDf + (this.background.df.get(text) ?? 0)
    return Math.log((this.documents + 1) / (df + 1)) / Math.log(this.documents + 1)
  }

  /** Weight of a token in scoring: IDF for words (halved for generic words), fixed for tags. */
  weightOf(token: NameToken, listDf: number): number {
    const cls = token.cls
    if (cls === TokenClass.word || cls === TokenClass.generic) return (0.1 + 0.9 * this.idf(token.text, listDf)) * CLASS_WEIGHT[cls]
    return CLASS_WEIGHT[cls]
  }

  private computeWeights(entryDf: ReadonlyMap<number, number>) {
    const n = this.tokenText.length
    this.tokenWeight = new Float32Array(n)
    this.tokenDistinctive = new Uint8Array(n)
    for (let id = 0; id < n; id++) {
      const token: NameToken = { text: this.tokenText[id]!, cls: this.tokenClass[id]!, place: this.tokenPlace[id]! }
      const df = entryDf.get(id) ?? 0
      this.tokenWeight[id] = this.weightOf(token, df)
      this.tokenDistinctive[id] =
        (token.cls === TokenClass.word && this.idf(token.text, df) >= MIN_DISTINCTIVE_IDF) || token.cls === TokenClass.numeric ? 1 : 0
    }
  }

  private *buildPostings(): Generator<void, void, void> {
    const sortedKeys = new HashBucketsBuilder()
    const compactKeys = new HashBucketsBuilder()
    // Two passes over the names, counting each token's names then writing them in place: no array per token (tens of
    // thousands, each kept to the build's end). The last name each token was posted for: a name holding a token twice
    // is posted once, names stay ascending.
    const postedFor = new Int32Array(this.tokenText.length)
    const starts = new Int32Array(this.tokenText.length + 1)
    let data = new Int32Array(0)
    for (const pass of [0, 1]) {
      postedFor.fill(-1)
      const next = pass === 0 ? starts : starts.slice(0, this.tokenText.length)
      if (pass === 1) data = new Int32Array(starts[this.tokenText.length]!)
      for (let nameId = 0; nameId < this.names.length; nameId++) {
        if (nameId % BUILD_STEP === BUILD_STEP - 1) yield
        const name = this.names[nameId]!
        const tokens = name.tokens
        for (let i = 0; i < tokens.length; i++) {
          const id = tokens[i]!
          if (postedFor[id] === nameId || !isContent(this.tokenClass[id]!)) continue
          postedFor[id] = nameId
          if (pass === 0) starts[id + 1]!++
          else data[next[id]!++] = nameId
        }
        if (pass === 1) continue
        sortedKeys.add(hashString(sortedKeyOf(name.tokens, this)), nameId)
        if (name.compactKey !== "") compactKeys.add(hashString(name.compactKey), nameId)
        if (name.fullKey !== "" && name.fullKey !== name.compactKey) compactKeys.add(hashString(name.fullKey), nameId)
      }
      if (pass === 0) for (let id = 0; id < this.tokenText.length; id++) starts[id + 1]! += starts[id]!
    }
    this.postings = PackedLists.fromParts(starts, data)
    this.sortedKeys = sortedKeys.build()
    this.compactKeys = compactKeys.build()
    yield
    this.neighbours = yield* SpellingNeighbours.build(this.tokenText, this.tokenClass, (id) => this.postings.at(id).length > 0)
  }

  tokenId(text: string): number | undefined {
    return this.tokenIds.get(text)
  }

  postingsOf(id: number): Int32Array {
    return this.postings.at(id)
  }

  namesWithSortedKey(key: string): ReadonlyArray<number> {
    const found: Array<number> = []
    for (const nameId of this.sortedKeys.bucket(hashString(key))) {
      if (sortedKeyOf(this.names[nameId]!.tokens, this) === key) found.push(nameId)
    }
    return found
  }

  namesWithCompactKey(key: string): ReadonlyArray<number> {
    const found: Array<number> = []
    if (key === "") return found
    for (const nameId of this.compactKeys.bucket(hashString(key))) {
      const name = this.names[nameId]!
      if (name.compactKey === key || name.fullKey === key) found.push(nameId)
    }
    return found
  }

  /** Names whose initials (`organisationInitials`) are `key`. */
  namesWithInitials(key: string): ReadonlyArray<number> {
    const found: Array<number> = []
    for (const nameId of this.initials.bucket(hashString(key))) {
      if (initialsOfName(this.names[nameId]!.text).includes(key)) found.push(nameId)
    }
    return found
  }

  /** Vocabulary tokens similar to a query token (id -> similarity): exact, spelling (deletion keys) and skeleton matches. */
  lookup(token: NameToken): ReadonlyMap<number, number> {
    const cacheKey = token.cls === TokenClass.word ? token.text : `${token.cls}:${token.text}`
    const cached = this.lookupCache.get(cacheKey)
    if (cached !== undefined) return cached
    const found = new Map(this.computeLookup(token).map((m) => [m.id, m.sim] as const))
    if (this.lookupCache.size >= LOOKUP_CACHE_LIMIT) this.lookupCache.clear()
    this.lookupCache.set(cacheKey, found)
    return found
  }

  private computeLookup(token: NameToken): ReadonlyArray<TokenMatch> {
    const exact = this.tokenIds.get(token.text)
    const best = new Map<number, number>()
    if (exact !== undefined) best.set(exact, 1)
    if (isContent(token.cls) && token.cls !== TokenClass.numeric && token.text.length >= 4) {
      this.neighbours.addNear(token, this.tokenText, best, (id) => this.compatible(token, id))
    }
    if (isContent(token.cls)) {
      for (const word of translationsOf(token.text)) {
        const id = this.tokenIds.get(word)
        if (id !== undefined && !best.has(id) && this.compatible(token, id)) best.set(id, TRANSLATION_SIM)
      }
    }
    return [...best].map(([id, sim]) => ({ id, sim }))
  }

  /** Whether a query word and a vocabulary token were matched as one word in two languages. */
  isTranslation(queryText: string, id: number): boolean {
    return areTranslations(queryText, this.tokenText[id]!)
  }

  /** A place matches only the same place, never another word by spelling ("chad" / "china", "chad" / "cham"). */
  private compatible(token: NameToken, id: number): boolean {
    if (token.place !== null && this.tokenPlace[id] !== token.place) return false
    return this.tokenClass[id] !== TokenClass.legalForm && this.tokenClass[id] !== TokenClass.stopword
  }

  /** List and background document frequencies together, to weigh names outside the index the same way. */
  asBackground(): Background {
    if (this.statistics === null) {
      const df = new Map(this.background.df)
      for (const [id, n] of this.entryDf) df.set(this.tokenText[id]!, (df.get(this.tokenText[id]!) ?? 0) + n)
      this.statistics = { documents: this.documents, df }
    }
    return this.statistics
  }

  tokenCount(): number {
    return this.tokenText.length
  }
}

/** `sortedKeyOfTexts` of a name's content tokens, with one array made instead of four (it runs for every name built). */
const sortedKeyOf = (tokens: Int32Array, index: MatchIndex): string => {
  const texts: Array<string> = []
  for (let i = 0; i < tokens.length; i++) {
    const id = tokens[i]!
    if (isContent(index.tokenClass[id]!)) texts.push(index.tokenText[id]!)
  }
  return texts.sort().join(" ")
}
