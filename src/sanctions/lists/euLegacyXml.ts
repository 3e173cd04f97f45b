import { Effect } from "effect"
import type { SaxesTagPlain } from "saxes"
import { DetailsBuilder } from "../../domain/entryDetails.js"
import { SanctionsParseError } from "./errors.js"
import { clean } from "../../domain/entryDetails.js"
import { attr, entryOf, ISO, type NameFound, streamXml } from "./euXml.js"
import type { EntityType, EntryIdentifier, ParsedList, SanctionsEntry } from "../model.js"
import { countAliases } from "../model.js"

/** One closed part of an ENTITY (NAME, BIRTH, CITIZEN, ADDRESS, PASSPORT) into the entry's details (countries: ISO alpha-3 as written). */
const partDetails = (name: string, fields: ReadonlyMap<string, string>, d: DetailsBuilder) => {
  const f = (key: string) => fields.get(key) ?? ""
  switch (name) {
    case "NAME": return d.position(f("FUNCTION"))
    case "BIRTH":
      d.dateOfBirth(f("DATE"))
      return d.placeOfBirth([f("PLACE"), f("COUNTRY")])
    case "CITIZEN": return d.nationality(f("COUNTRY"))
    case "ADDRESS": return d.address([[f("NUMBER"), f("STREET")].filter((p) => p !== "").join(" "), f("CITY"), f("ZIPCODE")], f("COUNTRY"), f("OTHER"))
    case "PASSPORT": return d.document("passport", f("NUMBER"), f("COUNTRY"))
  }
}

/** The ENTITY's own remark and legal basis (its act, with the act's address on EUR-Lex). */
const entityDetails = (tag: SaxesTagPlain) => {
  const details = new DetailsBuilder()
  details.remark(attr(tag, "remark"))
  const regDate = attr(tag, "reg_date")
  details.legalAct([attr(tag, "legal_basis"), regDate === "" ? "" : `of ${regDate}`].filter((p) => p !== "").join(", "), attr(tag, "pdf_link"))
  return details
}

/**
 * The EU consolidated list in its discontinued global format (`<WHOLE Date="DD/MM/YYYY"><ENTITY Id Type=P|E>`,
 * "version4 global.xml"), still met in archives: one entry per ENTITY, names from NAME/WHOLENAME, countries from
 * ADDRESS and CITIZEN, passports as identifiers; as details, the remark and legal basis of the ENTITY, functions,
 * births, citizenships, addresses and passports with their country.
 */
export const parseEuLegacyXml = (file: string): Effect.Effect<ParsedList, SanctionsParseError> =>
  Effect.tryPromise({
    try: async () => {
      const entries: Array<SanctionsEntry> = []
      let date: string | null = null
      let current: {
        id: string; type: EntityType; names: Array<NameFound>; programs: Set<string>; countries: Set<string>
        identifiers: Map<string, EntryIdentifier>; listedOn: string | null; details: DetailsBuilder
      } | null = null
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
              countries: new Set(), identifiers: new Map(), listedOn: ISO.test(regDate) ? regDate.slice(0, 10) : null, details: entityDetails(tag)
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
            partDetails(name, fields, current.details)
            if (name === "NAME") {
              const name = fields.get("WHOLENAME") || ["FIRSTNAME", "MIDDLENAME", "LASTNAME"].map((f) => fields.get(f) ?? "").filter((p) => p !== "").join(" ")
              const language = fields.get("LANGUAGE") ?? ""
              if (name !== "") current.names.push({ name, weak: false, rank: current.names.length === 0 ? 8 : language === "" || language === "EN" ? 1 : 0, language })
            } else if ((name === "ADDRESS" || name === "CITIZEN") && (fields.get("COUNTRY") ?? "") !== "") current.countries.add(fields.get("COUNTRY")!)
            else if (name === "PASSPORT" && (fields.get("NUMBER") ?? "") !== "") current.identifiers.set(`passport:${fields.get("NUMBER")}`, { type: "passport", value: fields.get("NUMBER")! })
          } else if (name === "ENTITY") {
            if (current.id === "") throw new Error("an ENTITY without Id")
            current.details.listedOn = current.listedOn
            const entry = entryOf(current, current.details.build())
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
