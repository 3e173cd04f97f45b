import type { Background } from "./background.js"
import { screeningFold } from "./fold.js"
import type { EntityType, SanctionsEntry } from "../model.js"
import { withoutAcronyms } from "../nameVariants.js"
import { skeleton } from "./phonetic.js"
import { editBudget, editDistance, spellingSimilarity } from "./similarity.js"
import { HashBuckets, HashBucketsBuilder, hashCodes, hashString, PackedLists } from "./hashBuckets.js"
import { isContent, type NameToken, TokenClass, tokensOfFolded, writtenTokensOfFolded } from "./tokens.js"
import { organisationInitials } from "../../domain/initialism.js"
import { initialsOfName, nameWordsOf } from "./initials.js"
import { countryCodeOfName } from "../../domain/countryNames.js"
import { type EntryLink, linkEntries } from "./links.js"
import { areTranslations, translationsOf } from "./translations.js"

/** An entry together with the label of the list version it came from. */
export interface VersionedEntry {
  readonly entry: SanctionsEntry
  readonly listVersion: string
}

export const ENTITY_TYPE_CODE: Record<EntityType, number> = { entity: 0, individual: 1, vessel: 2, aircraft: 3 }

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
/** Same consonant skeleton: supporting evidence, below the one-edit similarity needed to count as distinctive. */
const SKELETON_SIM = 0.8
/** A word of the other language (`translations.ts`): real evidence, below a same-language match of the word. */
export const TRANSLATION_SIM = 0.82
/** About 400 bytes a cached token (its matches as a Map): 10,000 bound the cache to about 4 MB. */
const LOOKUP_CACHE_LIMIT = 10_000
/** Entries, names or tokens handled between two yields of an incremental build. */
const STEP = 500

/** Folds the half-cost differences away (vowels and y -> a, c/q -> k, z -> s): only full edits remain. */
export const spellingKey = (text: string): string => text.replace(/[aeiouy]/g, "a").replace(/[cq]/g, "k").replace(/z/g, "s")

/**
 * Deletion neighbourhood (SymSpell): the key itself and every string one deletion away. Two tokens one full edit apart
 * (substitution, insertion, deletion or transposition, after half-cost differences are folded) share one of these keys.
 */
export const deletionKeys = (key: string): Set<string> => {
  const keys = new Set<string>([key])
  for (let i = 0; i < key.length; i++) keys.add(key.slice(0, i) + key.slice(i + 1))
  return keys
}

/** The code unit `spellingKey` turns a code unit into (it maps one to one, so keys keep the token's length). */
const spellingCode = (c: number): number => {
  switch (c) {
    case 97: case 101: case 105: case 111: case 117: case 121: return 97 // aeiouy -> a
    case 99: case 113: return 107 // c, q -> k
    case 122: return 115 // z -> s
    default: return c
  }
}

/** Whether `key` is one of `deletionKeys(spellingKey(text))`: the spelling key itself, or it with one letter deleted. */
export const isDeletionKeyOf = (key: string, text: string): boolean => {
  const m = key.length
  const n = text.length
  if (m === n) {
    for (let i = 0; i < n; i++) if (spellingCode(text.charCodeAt(i)) !== key.charCodeAt(i)) return false
    return true
  }
  if (m !== n - 1) return false
  let i = 0
  while (i < m && spellingCode(text.charCodeAt(i)) === key.charCodeAt(i)) i++
  for (; i < m; i++) if (spellingCode(text.charCodeAt(i + 1)) !== key.charCodeAt(i)) return false
  return true
}

const skeletonUsable = (text: string, key: string): boolean => key.length >= 3 && text.length >= 5

/** One indexed name (a primary, alias, acronym or original-script form of an entry). */
export interface IndexedName {
  readonly entry: number
  readonly text: string
  readonly kind: string
  readonly weak: boolean
  readonly tokens: Int32Array
  readonly compactKey: string
  /** Every letter and digit of the folded name, legal forms included ("SiemensAG" = "Siemens AG"). */
  readonly fullKey: string
}

/** An indexed name whose tokens are a view of one array shared by all names, made when read. */
class PackedName implements IndexedName {
  constructor(
    readonly entry: number,
    readonly text: string,
    readonly kind: string,
    readonly weak: boolean,
    readonly compactKey: string,
    readonly fullKey: string,
    private readonly lists: PackedLists,
    private readonly id: number
  ) {}

  get tokens(): Int32Array {
    return this.lists.at(this.id)
  }
}

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
  /**
   * The look-up tables below hold 32-bit hashes of their string keys, not the strings (134,000 deletion keys alone
   * took 15 MB as strings in Maps): every read checks the key itself against the token or name it finds, so a hash
   * collision never adds a value and each list keeps the order it had with string keys.
   */
  /** Deletion key -> token ids (ascending). */
  private deletions: HashBuckets = HashBuckets.empty
  /** Consonant skeleton -> token ids (ascending). */
  private skeletons: HashBuckets = HashBuckets.empty
  /** Sorted content tokens -> name ids (ascending). */
  private sortedKeys: HashBuckets = HashBuckets.empty
  /** Compact key, and full key where it differs -> name ids (ascending). */
  private compactKeys: HashBuckets = HashBuckets.empty
  /** Initials an organisation's strong name may be known by (`organisationInitials`) -> name ids (ascending). */
  private initials: HashBuckets = HashBuckets.empty
  private readonly documents: number
  private readonly background: Background
  private readonly lookupCache = new Map<string, ReadonlyMap<number, number>>()
  private stamp: Int32Array = new Int32Array(0)
  private stampNow = 0
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
    const countries: Array<ReadonlySet<string>> = []
    const names: Array<IndexedName> = []
    const types: Array<number> = []
    const entryDf = new Map<number, number>()
    const countrySets = new Map<string, ReadonlySet<string>>()
    const initials = new HashBucketsBuilder()
    for (let entryIndex = 0; entryIndex < entries.length; entryIndex++) {
      if (entryIndex % STEP === STEP - 1) yield
      const { entry } = entries[entryIndex]!
      const codes = new Set(entry.countries.map(countryCodeOfName).filter((c): c is string => c !== null))
      const codesKey = [...codes].join(" ")
      const shared = countrySets.get(codesKey)
      if (shared === undefined) countrySets.set(codesKey, codes)
      countries.push(shared ?? codes)
      const seen = new Map<string, number>()
      const entryTokens = new Set<number>()
      const organisation = entry.entity_type === "entity"
      const add = (raw: string, kind: string, weak: boolean) => {
        const folded = screeningFold(raw)
        const byInitials = organisation && !weak && kind !== "original_script" && kind !== "translation"
        const read = byInitials ? writtenTokensOfFolded(folded) : null
        const tokens = read === null ? tokensOfFolded(folded) : read.map((r) => r.token)
        if (!tokens.some((t) => isContent(t.cls))) return
        const key = tokens.map((t) => t.text).join(" ")
        const previous = seen.get(key)
        if (previous !== undefined) {
          if (names[previous]!.weak && !weak) names[previous] = { ...names[previous]!, weak: false, kind }
          return
        }
        const ids = Int32Array.from(tokens, (t) => this.intern(t))
        for (const id of ids) entryTokens.add(id)
        seen.set(key, names.length)
        const compactKey = compactKeyOf(tokens)
        const fullKey = folded.replace(/ /g, "")
        if (read !== null) for (const key of organisationInitials(nameWordsOf(read))) initials.add(hashString(key), names.length)
        names.push({ entry: entryIndex, text: raw, kind, weak, tokens: ids, compactKey, fullKey: fullKey === compactKey ? compactKey : fullKey })
        types.push(ENTITY_TYPE_CODE[entry.entity_type])
      }
      const addWithVariants = (raw: string, kind: string, weak: boolean) => {
        add(raw, kind, weak)
        const short = withoutAcronyms(raw)
        if (short !== raw && short !== "") add(short, kind, weak)
      }
      addWithVariants(entry.name, "primary", false)
      for (const alias of entry.aliases) addWithVariants(alias.name, alias.kind, alias.quality === "weak")
      for (const original of entry.original_script_names) add(original, "original_script", false)
      for (const id of entryTokens) entryDf.set(id, (entryDf.get(id) ?? 0) + 1)
    }
    this.entryCountries = countries
    this.initials = initials.build()
    // The names' tokens move to one array (one small Int32Array each took an ArrayBuffer of its own).
    const packed = PackedLists.from(names.map((n) => n.tokens))
    this.names = names.map((n, i) => new PackedName(n.entry, n.text, n.kind, n.weak, n.compactKey, n.fullKey, packed, i))
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
    const lists: Array<Array<number>> = this.tokenText.map(() => [])
    const sortedKeys = new HashBucketsBuilder()
    const compactKeys = new HashBucketsBuilder()
    // The last name each token was posted for: a name holding a token twice is posted once, names stay ascending.
    const postedFor = new Int32Array(this.tokenText.length).fill(-1)
    for (let nameId = 0; nameId < this.names.length; nameId++) {
      if (nameId % STEP === STEP - 1) yield
      const name = this.names[nameId]!
      const tokens = name.tokens
      for (let i = 0; i < tokens.length; i++) {
        const id = tokens[i]!
        if (postedFor[id] === nameId || !isContent(this.tokenClass[id]!)) continue
        postedFor[id] = nameId
        lists[id]!.push(nameId)
      }
      sortedKeys.add(hashString(sortedKeyOf(name.tokens, this)), nameId)
      if (name.compactKey !== "") compactKeys.add(hashString(name.compactKey), nameId)
      if (name.fullKey !== "" && name.fullKey !== name.compactKey) compactKeys.add(hashString(name.fullKey), nameId)
    }
    this.postings = PackedLists.from(lists)
    lists.length = 0
    this.sortedKeys = sortedKeys.build()
    this.compactKeys = compactKeys.build()
    yield
    const deletions = new HashBucketsBuilder()
    const skeletons = new HashBucketsBuilder()
    const codes: Array<number> = []
    for (let id = 0; id < this.tokenText.length; id++) {
      if (id % STEP === STEP - 1) yield
      const text = this.tokenText[id]!
      const cls = this.tokenClass[id]!
      if (!isContent(cls) || cls === TokenClass.numeric || text.length < 4 || this.postings.at(id).length === 0) continue
      // The hashes of deletionKeys(spellingKey(text)), without making the strings
      codes.length = text.length
      for (let i = 0; i < text.length; i++) codes[i] = spellingCode(text.charCodeAt(i))
      deletions.add(hashCodes(codes, -1), id)
      for (let i = 0; i < codes.length; i++) deletions.add(hashCodes(codes, i), id)
      if (cls !== TokenClass.location) {
        const key = skeleton(text)
        if (skeletonUsable(text, key)) skeletons.add(hashString(key), id)
      }
    }
    yield
    this.deletions = deletions.build()
    this.skeletons = skeletons.build()
    this.stamp = new Int32Array(this.tokenText.length)
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
    const fuzzy = isContent(token.cls) && token.cls !== TokenClass.numeric && token.text.length >= 4
    if (fuzzy) {
      const budget = Math.ceil(editBudget(token.text.length))
      const stamp = ++this.stampNow
      for (const key of deletionKeys(spellingKey(token.text))) {
        for (const id of this.deletions.bucket(hashString(key))) {
          if (this.stamp[id] === stamp || best.has(id)) continue
          const text = this.tokenText[id]!
          if (!isDeletionKeyOf(key, text)) continue
          this.stamp[id] = stamp
          if (Math.abs(text.length - token.text.length) > budget) continue
          const sim = spellingSimilarity(token.text, text)
          if (sim > 0 && this.compatible(token, id)) best.set(id, sim)
        }
      }
      if (token.cls !== TokenClass.location) {
        const key = skeleton(token.text)
        if (skeletonUsable(token.text, key)) {
          const limit = Math.max(2, 0.4 * token.text.length)
          for (const id of this.skeletons.bucket(hashString(key))) {
            if (skeleton(this.tokenText[id]!) !== key) continue
            if ((best.get(id) ?? 0) >= SKELETON_SIM || !this.compatible(token, id)) continue
            if (editDistance(token.text, this.tokenText[id]!, limit) <= limit) best.set(id, SKELETON_SIM)
          }
        }
      }
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

/** Content tokens glued in order: "Good Will Company" and "Goodwill Co" share "goodwill". */
export const compactKeyOf = (tokens: ReadonlyArray<NameToken>): string =>
  tokens.filter((t) => isContent(t.cls)).map((t) => t.text).join("")

/** Content tokens sorted, for word-order-free exact lookups. */
export const sortedKeyOfTexts = (texts: ReadonlyArray<string>): string => [...texts].sort().join(" ")

/** `sortedKeyOfTexts` of a name's content tokens, with one array made instead of four (it runs for every name built). */
const sortedKeyOf = (tokens: Int32Array, index: MatchIndex): string => {
  const texts: Array<string> = []
  for (let i = 0; i < tokens.length; i++) {
    const id = tokens[i]!
    if (isContent(index.tokenClass[id]!)) texts.push(index.tokenText[id]!)
  }
  return texts.sort().join(" ")
}
