import { countryCodeOfName } from "../../domain/countryNames.js"
import { organisationInitials } from "../../domain/initialism.js"
import type { EntityType, SanctionsEntry } from "../model.js"
import { withoutAcronyms } from "../nameVariants.js"
import { screeningFold } from "./fold.js"
import { HashBucketsBuilder, hashString, type PackedLists, PackedListsBuilder } from "./hashBuckets.js"
import { nameWordsOf } from "./nameInitials.js"
import { isContent, type NameToken, tokensOfFolded, writtenTokensOfFolded } from "./tokens.js"

/** Entries, names or tokens handled between two yields of an incremental build. */
export const BUILD_STEP = 500

/** An entry together with the label of the list version it came from. */
export interface VersionedEntry {
  readonly entry: SanctionsEntry
  readonly listVersion: string
}

export const ENTITY_TYPE_CODE: Record<EntityType, number> = { entity: 0, individual: 1, vessel: 2, aircraft: 3 }

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
export class PackedName implements IndexedName {
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

/** Content tokens glued in order: "Good Will Company" and "Goodwill Co" share "goodwill". */
const compactKeyOf = (tokens: ReadonlyArray<NameToken>): string =>
  tokens.filter((t) => isContent(t.cls)).map((t) => t.text).join("")

/** Content tokens sorted, for word-order-free exact lookups. */
export const sortedKeyOfTexts = (texts: ReadonlyArray<string>): string => [...texts].sort().join(" ")

/** An indexed name as read, before its tokens are a view of the packed ones. */
type NameRead = Omit<IndexedName, "tokens">

/** What the entries' names are, read for an index: tokens interned by `intern` (token text -> id). */
export interface EntryNames {
  /** Per entry; entries with the same countries share one set. */
  readonly countries: ReadonlyArray<ReadonlySet<string>>
  readonly names: ReadonlyArray<NameRead>
  /** Per name: its token ids, in order. */
  readonly tokens: PackedLists
  /** Per name: `ENTITY_TYPE_CODE` of its entry's type. */
  readonly types: ReadonlyArray<number>
  /** Token id -> how many entries hold it. */
  readonly entryDf: ReadonlyMap<number, number>
  /** Initials an organisation's strong name may be known by (`organisationInitials`) -> name ids. */
  readonly initials: HashBucketsBuilder
}

/**
 * Every name of every entry (primary, aliases with and without acronyms, original script), once each per entry: a
 * weak alias that is also a strong name is strong. In steps between yields.
 */
export function* readEntryNames(
  entries: ReadonlyArray<VersionedEntry>,
  intern: (token: NameToken) => number
): Generator<void, EntryNames, void> {
  const countries: Array<ReadonlySet<string>> = []
  const names: Array<NameRead> = []
  const tokenIds = new PackedListsBuilder()
  const types: Array<number> = []
  const entryDf = new Map<number, number>()
  const countrySets = new Map<string, ReadonlySet<string>>()
  const initials = new HashBucketsBuilder()
  for (let entryIndex = 0; entryIndex < entries.length; entryIndex++) {
    if (entryIndex % BUILD_STEP === BUILD_STEP - 1) yield
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
      for (const t of tokens) {
        const id = intern(t)
        tokenIds.push(id)
        entryTokens.add(id)
      }
      tokenIds.end()
      seen.set(key, names.length)
      const compactKey = compactKeyOf(tokens)
      const fullKey = folded.replace(/ /g, "")
      if (read !== null) for (const key of organisationInitials(nameWordsOf(read))) initials.add(hashString(key), names.length)
      names.push({ entry: entryIndex, text: raw, kind, weak, compactKey, fullKey: fullKey === compactKey ? compactKey : fullKey })
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
  return { countries, names, tokens: tokenIds.build(), types, entryDf, initials }
}
