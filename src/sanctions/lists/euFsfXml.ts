import { Effect } from "effect"
import type { SaxesTagPlain } from "saxes"
import { DetailsBuilder } from "../../domain/entryDetails.js"
import { SanctionsParseError } from "./errors.js"
import { attr, entryOf, ISO, type NameFound, streamXml } from "./euXml.js"
import type { EntityType, EntryIdentifier, ParsedList, SanctionsEntry } from "../model.js"
import { countAliases } from "../model.js"

interface Entity {
  readonly id: string
  type: EntityType
  readonly names: Array<NameFound>
  readonly programs: Set<string>
  readonly countries: Set<string>
  readonly identifiers: Map<string, EntryIdentifier>
  listedOn: string | null
  readonly details: DetailsBuilder
}

/** A country as the EU describes it; its code 00 and description UNKNOWN say it gives none. */
const countryOf = (tag: SaxesTagPlain) => {
  const described = attr(tag, "countryDescription")
  return described === "" || described === "UNKNOWN" ? null : described
}

/** A date of birth as the EU gives it: the date, else a range of years, else the year (and month); "circa" when it says so. */
const birthDateOf = (tag: SaxesTagPlain): string | null => {
  const [from, to, year, month] = ["yearRangeFrom", "yearRangeTo", "year", "monthOfYear"].map((a) => attr(tag, a))
  const date = attr(tag, "birthdate") || (from !== "" && to !== "" ? `${from} to ${to}` : year === "" ? "" : month === "" ? year : `${year}-${month.padStart(2, "0")}`)
  return date === "" ? null : attr(tag, "circa") === "true" ? `circa ${date}` : date
}

/** An identity document's qualifiers the EU states, in its own terms. */
const documentNote = (tag: SaxesTagPlain): string => {
  const flags = ["diplomatic", "knownExpired", "knownFalse", "reportedLost", "revokedByIssuer"].filter((a) => attr(tag, a) === "true")
  const facts = [["issuedBy", "issued by"], ["issueDate", "issued"], ["validFrom", "valid from"], ["validTo", "valid to"], ["nameOnDocument", "name on document"]]
    .map(([a, words]) => attr(tag, a!) === "" ? "" : `${words} ${attr(tag, a!)}`)
  return [...facts, ...flags].filter((p) => p !== "").join("; ")
}

/** The element an open tag starts inside an entity, read when it is an address, birth, citizenship, document or act. */
const readOpen = (current: Entity, tag: SaxesTagPlain, pending: { element: SaxesTagPlain | null }) => {
  const d = current.details
  switch (tag.name) {
    case "subjectType":
      current.type = attr(tag, "code") === "person" ? "individual" : "entity"
      return
    case "nameAlias":
      d.position(attr(tag, "function"))
      return
    case "birthdate":
      d.dateOfBirth(birthDateOf(tag))
      d.placeOfBirth([attr(tag, "city").replace(/^-$/, ""), attr(tag, "region"), attr(tag, "place"), countryOf(tag)])
      return
    case "citizenship":
      d.nationality(countryOf(tag))
      return
    case "address": case "identification": case "regulation":
      pending.element = tag // read when it closes, with its remark or publicationUrl
  }
}

/**
 * The EU Financial Sanctions Files, XML 1.1 (`<export xmlns="http://eu.europa.ec/fpi/fsd/export">`): one entry per
 * `sanctionEntity` (logicalId), names from `nameAlias@wholeName` (non-Latin ones as original-script names),
 * programmes from `regulation@programme`, countries from addresses and citizenships, the UN reference, the EU
 * reference and identity documents as identifiers; and, as details, the entity's remarks and designation details,
 * addresses (with their remark), dates and places of birth, citizenships, functions, identity documents with their
 * issuer, dates and flags, and each regulation with its Official Journal address.
 */
export const parseEuFsfXml = (file: string): Effect.Effect<ParsedList, SanctionsParseError> =>
  Effect.tryPromise({
    try: async () => {
      const entries: Array<SanctionsEntry> = []
      let generated: string | null = null
      let current: Entity | null = null
      const stack: Array<string> = []
      const pending: { element: SaxesTagPlain | null; remark: string; url: string } = { element: null, remark: "", url: "" }
      let text = ""
      const root = await streamXml(file, {
        open: (tag) => {
          stack.push(tag.name)
          text = ""
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
              listedOn: ISO.test(designated) ? designated.slice(0, 10) : null, details: new DetailsBuilder()
            }
            current.details.remark(attr(tag, "designationDetails"))
          } else if (current === null) return
          else if (tag.name === "regulation") {
            const programme = attr(tag, "programme")
            if (programme !== "") current.programs.add(programme)
            const published = attr(tag, "publicationDate")
            if (ISO.test(published) && (current.listedOn === null || published < current.listedOn)) current.listedOn = published.slice(0, 10)
          } else if (tag.name === "nameAlias") {
            const name = attr(tag, "wholeName") || [attr(tag, "firstName"), attr(tag, "middleName"), attr(tag, "lastName")].filter((p) => p !== "").join(" ")
            if (name !== "") {
              const language = attr(tag, "nameLanguage")
              const rank = (attr(tag, "lastName") !== "" ? 4 : 0) + (language === "EN" ? 2 : language === "" ? 1 : 0)
              current.names.push({ name, weak: attr(tag, "strong") === "false", rank, language })
            }
          } else if (tag.name === "address" || tag.name === "citizenship") {
            const country = attr(tag, "countryIso2Code")
            if (/^[A-Z]{2}$/.test(country) && country !== "00") current.countries.add(country)
          } else if (tag.name === "identification") {
            const number = attr(tag, "number")
            const type = attr(tag, "identificationTypeCode") || "document"
            if (number !== "") current.identifiers.set(`${type}:${number}`, { type, value: number })
          }
          if (current !== null && stack.length === 3) readOpen(current, tag, pending)
        },
        text: (t) => { text += t },
        close: (name) => {
          stack.pop()
          const parent = stack[stack.length - 1]
          if (current !== null && name === "remark" && parent === "sanctionEntity") current.details.remark(text)
          else if (name === "remark" && pending.element !== null && parent === pending.element.name) pending.remark = text
          else if (name === "publicationUrl" && parent === "regulation") pending.url = text
          else if (current !== null && pending.element !== null && name === pending.element.name && stack.length === 2) {
            closeElement(current.details, pending.element, pending.remark, pending.url)
            Object.assign(pending, { element: null, remark: "", url: "" })
          }
          text = ""
          if (name !== "sanctionEntity" || current === null) return
          if (current.id === "") throw new Error("a sanctionEntity without logicalId")
          current.details.listedOn = current.listedOn
          const entry = entryOf(current, current.details.build())
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

/** An address, identity document or regulation of an entity, with the remark or publication address it held. */
const closeElement = (d: DetailsBuilder, tag: SaxesTagPlain, remark: string, url: string) => {
  if (tag.name === "address") {
    const poBox = attr(tag, "poBox")
    d.address([attr(tag, "street"), poBox === "" ? "" : `PO Box ${poBox}`, attr(tag, "city"), attr(tag, "zipCode"), attr(tag, "region"), attr(tag, "place")], countryOf(tag), remark)
  } else if (tag.name === "identification") {
    const note = [documentNote(tag), remark.replace(/\s+/g, " ").trim()].filter((p) => p !== "").join("; ")
    d.document(attr(tag, "identificationTypeDescription") || attr(tag, "identificationTypeCode"), attr(tag, "number"), countryOf(tag), note)
  } else {
    const published = attr(tag, "publicationDate")
    d.legalAct([attr(tag, "numberTitle"), published === "" ? "" : `published ${published}`].filter((p) => p !== "").join(", "), url)
  }
}
