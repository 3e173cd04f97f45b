import { SaxesParser, type SaxesTagPlain } from "saxes"
import { clean, type EntryDetails } from "../../domain/entryDetails.js"
import { contentChunks } from "./listFile.js"
import type { Alias, EntityType, EntryIdentifier, SanctionsEntry } from "../model.js"
import { splitPackedName } from "../nameVariants.js"

/** What the two EU formats (FSF XML 1.1, euFsfXml.ts; the legacy global XML, euLegacyXml.ts) share. */


/** A name with letters of another script than Latin (Arabic, Cyrillic, Greek, Chinese ...). */
const isNonLatin = (name: string): boolean => /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(name)

export interface NameFound {
  readonly name: string
  readonly weak: boolean
  /** Higher: better candidate for the entry's main name. */
  readonly rank: number
  /** The name's language as the file states it (EN, EL, BG ...; empty when not stated). */
  readonly language: string
}

/**
 * The EU writes each name again in its official languages; those of Greek and Bulgarian are in another script than
 * Latin. Such a name is the EU's translation, not the entity's own original-script name: an alias of kind
 * `translation`, which screening reports only when given as written, so that its Latin rendering ("Χαµάς": "chamas")
 * does not flag names that merely look like the rendering ("Chams").
 */
const EU_SCRIPT_LANGUAGES = new Set(["EL", "BG"])
const isEuTranslation = (n: NameFound) => EU_SCRIPT_LANGUAGES.has(n.language.toUpperCase()) && isNonLatin(n.name)

/** Assembles one entry from the names of an EU record: the best-ranked Latin name is the entry's name. */
export const entryOf = (record: {
  readonly id: string
  readonly type: EntityType
  readonly names: ReadonlyArray<NameFound>
  readonly programs: ReadonlySet<string>
  readonly countries: ReadonlySet<string>
  readonly identifiers: ReadonlyMap<string, EntryIdentifier>
  readonly listedOn: string | null
}, details: EntryDetails): SanctionsEntry | null => {
  const latin = record.names.filter((n) => !isNonLatin(n.name))
  const ranked = [...(latin.length > 0 ? latin : record.names)].sort((a, b) => b.rank - a.rank)
  const main = ranked[0]
  if (main === undefined) return null
  const [head, ...packed] = splitPackedName(main.name)
  const aliases: Array<Alias> = [...packed]
  const seen = new Set([main.name])
  const original: Array<string> = []
  for (const n of record.names) {
    if (seen.has(n.name)) continue
    seen.add(n.name)
    if (isEuTranslation(n)) aliases.push({ name: n.name, quality: "strong", kind: "translation" })
    else if (isNonLatin(n.name)) original.push(n.name)
    else aliases.push({ name: n.name, quality: n.weak ? "weak" : "strong", kind: "aka" })
  }
  return {
    list: "eu_fsf",
    entry_id: record.id,
    name: head?.name ?? main.name,
    entity_type: record.type,
    programs: [...record.programs],
    listed_on: record.listedOn,
    countries: [...record.countries],
    aliases,
    original_script_names: original,
    identifiers: [...record.identifiers.values()],
    details
  }
}

export const ISO = /^\d{4}-\d{2}-\d{2}/

/** Streams an XML file through saxes; a truncated or malformed file fails. Returns the root element's name. */
export const streamXml = async (
  file: string,
  handlers: {
    readonly open: (tag: SaxesTagPlain) => void
    readonly close: (name: string) => void
    readonly text?: (text: string) => void
  }
): Promise<string | null> => {
  const parser = new SaxesParser({ xmlns: false })
  let root: string | null = null
  parser.on("opentag", (tag) => {
    root ??= tag.name
    handlers.open(tag as SaxesTagPlain)
  })
  parser.on("closetag", (tag) => handlers.close(tag.name))
  const onText = handlers.text
  if (onText !== undefined) parser.on("text", onText)
  for await (const chunk of contentChunks(file, "utf8")) parser.write(chunk)
  parser.close()
  return root
}

export const attr = (tag: SaxesTagPlain, name: string) => {
  const value = tag.attributes[name]
  return typeof value === "string" ? clean(value) : ""
}
