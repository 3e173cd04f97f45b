import { Effect } from "effect"
import { SaxesParser } from "saxes"
import { SanctionsParseError } from "./errors.js"
import { contentChunks } from "./listFile.js"
import type { Alias, ParsedList, SanctionsEntry } from "../model.js"
import { splitPackedName } from "../nameVariants.js"
import { DetailsBuilder } from "../../domain/entryDetails.js"
import { UN_DETAIL_PARTS, type UnPart, unPartInto } from "./unDetails.js"

interface RecordBuilder {
  readonly kind: "INDIVIDUAL" | "ENTITY"
  readonly fields: Map<string, string>
  readonly aliases: Array<{ quality: string; name: string }>
  readonly countries: Set<string>
  readonly originalScript: Array<string>
  readonly details: DetailsBuilder
  /** The part of the record being read (an address, a date of birth, a document ...), or null. */
  part: UnPart | null
}

const NAME_PARTS = ["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"] as const

const aliasOf = (kind: RecordBuilder["kind"], quality: string, name: string): Alias => {
  const q = quality.trim().toLowerCase()
  if (kind === "ENTITY") return { name, quality: "strong", kind: q === "f.k.a." ? "fka" : "aka" }
  return { name, quality: q === "low" ? "weak" : "strong", kind: q === "low" ? "low" : "good" }
}

const toEntry = (r: RecordBuilder): SanctionsEntry | null => {
  const field = (k: string) => r.fields.get(k)?.replace(/\s+/g, " ").trim() ?? ""
  const fullName = NAME_PARTS.map(field).filter((p) => p !== "").join(" ")
  const entryId = field("REFERENCE_NUMBER") || field("DATAID")
  if (fullName === "" || entryId === "") return null
  const [primary, ...derived] = splitPackedName(fullName)
  const aliases: Array<Alias> = [...derived]
  for (const a of r.aliases) {
    const name = a.name.replace(/\s+/g, " ").trim()
    if (name !== "") aliases.push(aliasOf(r.kind, a.quality, name))
  }
  const listType = field("UN_LIST_TYPE")
  const listedOn = field("LISTED_ON")
  return {
    list: "un_sc",
    entry_id: entryId,
    name: primary?.name ?? fullName,
    entity_type: r.kind === "ENTITY" ? "entity" : "individual",
    programs: listType === "" ? [] : [listType],
    listed_on: /^\d{4}-\d{2}-\d{2}$/.test(listedOn) ? listedOn : null,
    countries: [...r.countries],
    aliases,
    original_script_names: r.originalScript,
    details: withComments(r)
  }
}

/** The record's comments and listing date join the details its parts gave (a date written with an offset, 2015-04-07-04:00, read as its day). */
const withComments = (r: RecordBuilder) => {
  r.details.remark(r.fields.get("COMMENTS1"))
  r.details.listedOn = /^\d{4}-\d{2}-\d{2}/.exec(r.fields.get("LISTED_ON") ?? "")?.[0] ?? null
  return r.details.build()
}

/** Streams the UN Security Council consolidated XML (INDIVIDUALS and ENTITIES) into normalised entries. */
export const parseUnXml = (file: string): Effect.Effect<ParsedList, SanctionsParseError> =>
  Effect.tryPromise({
    try: async () => {
      const parser = new SaxesParser()
      const entries: Array<SanctionsEntry> = []
      const stack: Array<string> = []
      let dateGenerated: string | null = null
      let root: string | null = null
      let current: RecordBuilder | null = null
      let alias: { quality: string; name: string } | null = null
      let text = ""
      parser.on("opentag", (tag) => {
        if (root === null) {
          root = tag.name
          const generated = tag.attributes["dateGenerated"]
          if (typeof generated === "string") dateGenerated = generated
        }
        stack.push(tag.name)
        text = ""
        if ((tag.name === "INDIVIDUAL" || tag.name === "ENTITY") && current === null) {
          current = { kind: tag.name, fields: new Map(), aliases: [], countries: new Set(), originalScript: [], details: new DetailsBuilder(), part: null }
        } else if (current !== null && current.part === null && UN_DETAIL_PARTS.has(tag.name) && stack[stack.length - 2] === current.kind) {
          current.part = { name: tag.name, fields: new Map(), values: [] }
        } else if (tag.name.endsWith("_ALIAS") && current !== null) {
          alias = { quality: "", name: "" }
        }
      })
      parser.on("text", (t) => { text += t })
      parser.on("cdata", (t) => { text += t })
      parser.on("closetag", (tag) => {
        stack.pop()
        const parent = stack[stack.length - 1] ?? ""
        const value = text.trim()
        if (current !== null) {
          if (tag.name === "INDIVIDUAL" || tag.name === "ENTITY") {
            const entry = toEntry(current)
            if (entry !== null) entries.push(entry)
            current = null
          } else if (alias !== null && tag.name === "QUALITY") alias.quality = value
          else if (alias !== null && tag.name === "ALIAS_NAME") alias.name = value
          else if (alias !== null && tag.name.endsWith("_ALIAS")) {
            current.aliases.push(alias)
            alias = null
          } else if (current.part !== null) {
            const part = current.part
            if (tag.name === part.name) {
              unPartInto(part, current.details)
              current.part = null
            } else if (tag.name === "VALUE") {
              if (value !== "") part.values.push(value)
            } else part.fields.set(tag.name, value)
            if (tag.name === "COUNTRY" && parent.endsWith("_ADDRESS") && value !== "") current.countries.add(value)
          } else if (tag.name === "NAME_ORIGINAL_SCRIPT" && value !== "") current.originalScript.push(value)
          else if (parent === current.kind) current.fields.set(tag.name, value)
        }
        text = ""
      })
      for await (const chunk of contentChunks(file, "utf8")) parser.write(chunk)
      parser.close()
      if (root !== "CONSOLIDATED_LIST") throw new Error(`root element is ${root ?? "missing"}, expected CONSOLIDATED_LIST`)
      if (entries.length === 0) throw new Error("no INDIVIDUAL or ENTITY records")
      const publishedOn: string | null = dateGenerated === null ? null : (dateGenerated as string).slice(0, 10)
      const parsed: ParsedList = {
        list: "un_sc",
        publishedOn,
        entries,
        aliasCount: entries.reduce((n, e) => n + e.aliases.length, 0)
      }
      return parsed
    },
    catch: (cause) =>
      new SanctionsParseError({ file, message: cause instanceof Error ? cause.message : String(cause) })
  })
