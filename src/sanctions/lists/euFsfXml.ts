import { Effect } from "effect"
import { SaxesParser, type SaxesTagPlain } from "saxes"
import { SanctionsParseError } from "./errors.js"
import { contentChunks } from "./listFile.js"
import type { Alias, EntityType, EntryIdentifier, ParsedList, SanctionsEntry } from "../model.js"
import { countAliases } from "../model.js"
import { splitPackedName } from "../nameVariants.js"

const clean = (text: string | undefined) => (text ?? "").replace(/\s+/g, " ").trim()

/** A name with letters of another script than Latin (Arabic, Cyrillic, Greek, Chinese ...). */
export const isNonLatin = (name: string): boolean => /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(name)

interface NameFound {
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
const entryOf = (record: {
  readonly id: string
  readonly type: EntityType
  readonly names: ReadonlyArray<NameFound>
  readonly programs: ReadonlySet<string>
  readonly countries: ReadonlySet<string>
  readonly identifiers: ReadonlyMap<string, EntryIdentifier>
  readonly listedOn: string | null
}): SanctionsEntry | null => {
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
    identifiers: [...record.identifiers.values()]
  }
}

const ISO = /^\d{4}-\d{2}-\d{2}/

/** Streams an XML file through saxes; a truncated or malformed file fails. Returns the root element's name. */
const streamXml = async (
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

const attr = (tag: SaxesTagPlain, name: string) => {
  const value = tag.attributes[name]
  return typeof value === "string" ? clean(value) : ""
}

/**
 * The EU Financial Sanctions Files, XML 1.1 (`<export xmlns="http://eu.europa.ec/fpi/fsd/export">`): one entry per
 * `sanctionEntity` (logicalId), names from `nameAlias@wholeName` (non-Latin ones as original-script names),
 * programmes from `regulation@programme`, countries from addresses and citizenships, the UN reference, the EU
 * reference and identity documents as identifiers.
 */
export const parseEuFsfXml = (file: string): Effect.Effect<ParsedList, SanctionsParseError> =>
  Effect.tryPromise({
    try: async () => {
      const entries: Array<SanctionsEntry> = []
      let generated: string | null = null
      let current: Parameters<typeof entryOf>[0] & { names: Array<NameFound>; programs: Set<string>; countries: Set<string>; identifiers: Map<string, EntryIdentifier>; type: EntityType; listedOn: string | null } | null = null
      const root = await streamXml(file, {
        open: (tag) => {
          if (tag.name === "export") generated = attr(tag, "generationDate")
          else if (tag.name === "sanctionEntity") {
            const identifiers = new Map<string, EntryIdentifier>()
            const un = attr(tag, "unitedNationId")
            if (un !== "") identifiers.set(`un_reference:${un}`, { type: "un_reference", value: un })
            const eu = attr(tag, "euReferenceNumber")
            if (eu !== "") identifiers.set(`eu_reference:${eu}`, { type: "eu_reference", value: eu })
            const designated = attr(tag, "designationDate")
            current = {
              id: attr(tag, "logicalId"), type: "entity", names: [], programs: new Set(), countries: new Set(), identifiers,
              listedOn: ISO.test(designated) ? designated.slice(0, 10) : null
            }
          } else if (current === null) return
          else if (tag.name === "subjectType") current.type = attr(tag, "code") === "person" ? "individual" : "entity"
          else if (tag.name === "regulation") {
            const programme = attr(tag, "programme")
            if (programme !== "") current.programs.add(programme)
            const published = attr(tag, "publicationDate")
            if (ISO.test(published) && (current.listedOn === null || published < current.listedOn)) current.listedOn = published.slice(0, 10)
          } else if (tag.name === "nameAlias") {
            const name = attr(tag, "wholeName") || [attr(tag, "firstName"), attr(tag, "middleName"), attr(tag, "lastName")].filter((p) => p !== "").join(" ")
            if (name === "") return
            const language = attr(tag, "nameLanguage")
            const rank = (attr(tag, "lastName") !== "" ? 4 : 0) + (language === "EN" ? 2 : language === "" ? 1 : 0)
            current.names.push({ name, weak: attr(tag, "strong") === "false", rank, language })
          } else if (tag.name === "address" || tag.name === "citizenship") {
            const country = attr(tag, "countryIso2Code")
            if (/^[A-Z]{2}$/.test(country) && country !== "00") current.countries.add(country)
          } else if (tag.name === "identification") {
            const number = attr(tag, "number")
            const type = attr(tag, "identificationTypeCode") || "document"
            if (number !== "") current.identifiers.set(`${type}:${number}`, { type, value: number })
          }
        },
        close: (name) => {
          if (name !== "sanctionEntity" || current === null) return
          if (current.id === "") throw new Error("a sanctionEntity without logicalId")
          const entry = entryOf(current)
          if (entry !== null) entries.push(entry)
          current = null
        }
      })
      if (root !== "export") throw new Error(`root element is ${root ?? "missing"}, expected export (FSF XML 1.1)`)
      if (entries.length === 0) throw new Error("no sanctionEntity records")
      const publishedOn = generated !== null && ISO.test(generated) ? (generated as string).slice(0, 10) : null
      return { list: "eu_fsf", publishedOn, entries, aliasCount: countAliases(entries) } satisfies ParsedList
    },
    catch: (cause) => new SanctionsParseError({ file, message: cause instanceof Error ? cause.message : String(cause) })
  })

/**
 * The EU consolidated list in its discontinued global format (`<WHOLE Date="DD/MM/YYYY"><ENTITY Id Type=P|E>`,
 * "version4 global.xml"), still met in archives: one entry per ENTITY, names from NAME/WHOLENAME, countries from
 * ADDRESS and CITIZEN, passports as identifiers.
 */
export const parseEuLegacyXml = (file: string): Effect.Effect<ParsedList, SanctionsParseError> =>
  Effect.tryPromise({
    try: async () => {
      const entries: Array<SanctionsEntry> = []
      let date: string | null = null
      let current: { id: string; type: EntityType; names: Array<NameFound>; programs: Set<string>; countries: Set<string>; identifiers: Map<string, EntryIdentifier>; listedOn: string | null } | null = null
      const stack: Array<string> = []
      let text = ""
      const fields = new Map<string, string>()
      const root = await streamXml(file, {
        open: (tag) => {
          stack.push(tag.name)
          text = ""
          if (tag.name === "WHOLE") {
            const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(attr(tag, "Date"))
            date = m === null ? null : `${m[3]}-${m[2]}-${m[1]}`
          } else if (tag.name === "ENTITY") {
            const regDate = attr(tag, "reg_date")
            current = {
              id: attr(tag, "Id"), type: attr(tag, "Type") === "P" ? "individual" : "entity", names: [], programs: new Set(),
              countries: new Set(), identifiers: new Map(), listedOn: ISO.test(regDate) ? regDate.slice(0, 10) : null
            }
            const programme = attr(tag, "programme")
            if (programme !== "") current.programs.add(programme)
          } else if (current !== null && stack.length === 3) fields.clear()
        },
        text: (t) => { text += t },
        close: (name) => {
          stack.pop()
          if (current === null) return
          if (stack.length === 3) fields.set(name, clean(text))
          else if (stack.length === 2) {
            if (name === "NAME") {
              const name = fields.get("WHOLENAME") || ["FIRSTNAME", "MIDDLENAME", "LASTNAME"].map((f) => fields.get(f) ?? "").filter((p) => p !== "").join(" ")
              const language = fields.get("LANGUAGE") ?? ""
              if (name !== "") current.names.push({ name, weak: false, rank: current.names.length === 0 ? 8 : language === "" || language === "EN" ? 1 : 0, language })
            } else if ((name === "ADDRESS" || name === "CITIZEN") && (fields.get("COUNTRY") ?? "") !== "") current.countries.add(fields.get("COUNTRY")!)
            else if (name === "PASSPORT" && (fields.get("NUMBER") ?? "") !== "") current.identifiers.set(`passport:${fields.get("NUMBER")}`, { type: "passport", value: fields.get("NUMBER")! })
          } else if (name === "ENTITY") {
            if (current.id === "") throw new Error("an ENTITY without Id")
            const entry = entryOf(current)
            if (entry !== null) entries.push(entry)
            current = null
          }
          text = ""
        }
      })
      if (root !== "WHOLE") throw new Error(`root element is ${root ?? "missing"}, expected WHOLE`)
      if (entries.length === 0) throw new Error("no ENTITY records")
      return { list: "eu_fsf", publishedOn: date, entries, aliasCount: countAliases(entries) } satisfies ParsedList
    },
    catch: (cause) => new SanctionsParseError({ file, message: cause instanceof Error ? cause.message : String(cause) })
  })
