import type { IndexedName } from "./indexedNames.js"

/** Another list's entry that is the same entity, and how the two were linked. */
export interface EntryLink {
  readonly entry: number
  /** e.g. `same name "AL-QAIDA" (its alias; the other entry's original-script name)` */
  readonly how: string
}

/** What linking reads of an index; generic over the lists (any list's entries, whatever their source format). */
export interface LinkSource {
  readonly names: ReadonlyArray<IndexedName>
  readonly entryList: (entry: number) => string
  readonly entryType: (entry: number) => string
  readonly entryCountries: (entry: number) => ReadonlySet<string>
  /** The name's identifying key (its words as screening reads them, legal forms aside), or null when it identifies too little. */
  readonly keyOf: (nameId: number) => string | null
}

/** Individuals share names far more often than companies: a link between two of them needs a longer name. */
const MIN_INDIVIDUAL_WORDS = 3

const kindText = (kind: string): string =>
  kind === "primary" ? "its name" : kind === "original_script" ? "its original-script name" : `its ${kind}`

const disjoint = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => {
  if (a.size === 0 || b.size === 0) return false
  for (const c of a) if (b.has(c)) return false
  return true
}

/** A name two entries of one list bear ("Ansar al-Sharia" for the Benghazi and the Derna groups) names no one entity. */
const ambiguous = (source: LinkSource, nameIds: ReadonlyArray<number>): boolean => {
  const entryOfList = new Map<string, number>()
  for (const nameId of nameIds) {
    const entry = source.names[nameId]!.entry
    const list = source.entryList(entry)
    const seen = entryOfList.get(list)
    if (seen !== undefined && seen !== entry) return true
    entryOfList.set(list, entry)
  }
  return false
}

/**
 * Entries of different lists that are one entity: they share a strong name (primary, a.k.a., f.k.a., original-script
 * name; not a weak alias or derived acronym) once read the way screening reads names (every script transliterated,
 * the spellings of `nameEquivalences.ts` made one), of the same entity type, with countries that do not exclude each
 * other, by a name that no two entries of one list bear. Entries of one list are never linked to each other: a list
 * holds one entry per designation. Individuals need
 * a name of three words or more. Returns, per entry, its linked entries.
 */
export const linkEntries = (source: LinkSource, entries: number): ReadonlyArray<ReadonlyArray<EntryLink>> => {
  const byKey = new Map<string, Array<number>>()
  for (let nameId = 0; nameId < source.names.length; nameId++) {
    const name = source.names[nameId]!
    if (name.weak) continue
    const key = source.keyOf(nameId)
    if (key === null) continue
    if (source.entryType(name.entry) === "individual" && key.split(" ").length < MIN_INDIVIDUAL_WORDS) continue
    const bucket = byKey.get(key)
    if (bucket === undefined) byKey.set(key, [nameId])
    else bucket.push(nameId)
  }
  const links: Array<Map<number, string>> = Array.from({ length: entries }, () => new Map())
  for (const nameIds of byKey.values()) {
    if (nameIds.length < 2 || ambiguous(source, nameIds)) continue
    for (const a of nameIds) {
      for (const b of nameIds) {
        const ea = source.names[a]!.entry
        const eb = source.names[b]!.entry
        if (ea === eb || links[ea]!.has(eb)) continue
        if (source.entryList(ea) === source.entryList(eb) || source.entryType(ea) !== source.entryType(eb)) continue
        if (disjoint(source.entryCountries(ea), source.entryCountries(eb))) continue
        const na = source.names[a]!
        const nb = source.names[b]!
        links[ea]!.set(eb, `same name "${na.text}" (${kindText(na.kind)}; the other entry's: "${nb.text}", ${kindText(nb.kind)})`)
      }
    }
  }
  return links.map((m) => [...m].map(([entry, how]) => ({ entry, how })))
}
