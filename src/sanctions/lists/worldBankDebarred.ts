import { createHash } from "node:crypto"
import type { Alias, EntryIdentifier, ParsedList, SanctionsEntry } from "../model.js"
import { countAliases } from "../model.js"
import { clean, DetailsBuilder } from "../../domain/entryDetails.js"

const HEADER = ["Firm Name", "Additional Firm Info", "Address", "Country", "Ineligibility Period", "", "Grounds"]
const SUB_HEADER = ["", "", "", "", "From Date", "To Date", ""]
/** The World Bank writes an indefinite debarment as ending on 2999-12-31. */
const INDEFINITE = "2999-12-31"
const TITLE = /^(MR|MS|MRS|DR|MISS)\.?\s+/i
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/


/**
 * "Additional Firm Info": footnote markers (`*677`), a legal name in Chinese or another script, `(Reg. No.: ...)`,
 * `(AKA ...)`, `(F/K/A ...)` and scope notes. Returns the names, identifiers and notes it holds.
 */
const readFirmInfo = (info: string) => {
  const aliases: Array<Alias> = []
  const original: Array<string> = []
  const identifiers: Array<EntryIdentifier> = []
  let rest = info.replace(/\*\d+/g, " ")
  rest = rest.replace(/\(\s*Reg(?:istration)?\.?\s*No\.?:?\s*([^)]+)\)/gi, (_, no: string) => {
    identifiers.push({ type: "registration_no", value: clean(no) })
    return " "
  })
  rest = rest.replace(/\(\s*(AKA|A\.K\.A\.|ALSO KNOWN AS|F\/K\/A|FKA|FORMERLY KNOWN AS|FORMERLY)\s*:?\s*([^)]+)\)/gi, (_, kind: string, names: string) => {
    const fka = /^f|formerly/i.test(kind)
    for (const name of names.split(/;|\s+AND\s+/)) if (clean(name) !== "") aliases.push({ name: clean(name), quality: "strong", kind: fka ? "fka" : "aka" })
    return " "
  })
  // What else is in brackets says what the debarment covers, e.g. "(BUT ONLY FOR ITS BUSINESS OPERATIONS IN ...)".
  const notes: Array<string> = []
  rest = rest.replace(/\([^)]*\)/g, (note) => {
    if (clean(note.slice(1, -1)) !== "") notes.push(clean(note))
    return " "
  })
  const remaining = clean(rest)
  // A legal name written in a non-Latin script (the Chinese names of Chinese firms, mostly).
  if (remaining !== "" && /[^\p{Script=Latin}\p{P}\p{S}\p{N}\s]/u.test(remaining)) original.push(remaining)
  return { aliases, original, identifiers, notes }
}

/** The row's address and country, the notes of its "Additional Firm Info" as remarks, and the first day of the debarment. */
const firmDetails = (address: string | undefined, country: string | undefined, notes: ReadonlyArray<string>, from: string) => {
  const details = new DetailsBuilder()
  details.address([address], country)
  for (const note of notes) details.remark(note)
  details.listedOn = from
  return details.build()
}

/** A stable id for a row: the export has none (the same firm debarred twice is two entries). */
const rowId = (cells: ReadonlyArray<string>) =>
  `WB-${createHash("sha256").update(cells.map(clean).join("\u001f")).digest("hex").slice(0, 16)}`

/** `Downloaded on: 07/01/2025 10:37` -> 2025-01-07 */
const downloadedOn = (cell: string): string | null => {
  const m = /Downloaded on:\s*(\d{2})\/(\d{2})\/(\d{4})/.exec(cell)
  return m === null ? null : `${m[3]}-${m[2]}-${m[1]}`
}

/**
 * The World Bank's "Listing of Ineligible Firms and Individuals" as exported from its web page (one sheet: the
 * download date, a two-row header, then one row per debarment). Individuals are the names written with a title
 * (MR., MS., DR.); every entry carries its debarment (institution, grounds, period). Refuses a wrong header, a row
 * without a name or with dates that are not ISO dates.
 */
export const worldBankRowsToList = (rows: ReadonlyArray<ReadonlyArray<string>>): ParsedList => {
  const [first, header, subHeader, ...data] = rows
  const publishedOn = downloadedOn(clean(first?.[0]))
  if (publishedOn === null) throw new Error("cell A1 is not `Downloaded on: DD/MM/YYYY HH:MM`: not the World Bank export")
  if (header === undefined || subHeader === undefined || HEADER.some((h, i) => clean(header[i]) !== h) || SUB_HEADER.some((h, i) => clean(subHeader[i]) !== h)) {
    throw new Error("rows 2-3 are not the World Bank export's header (Firm Name ... Grounds)")
  }
  const entries = new Map<string, SanctionsEntry>()
  data.forEach((row, i) => {
    const cells = row.map(clean)
    if (cells.every((c) => c === "")) return
    const [written, info, address, country, from, to, grounds] = cells
    if (cells.length < 7 || written === undefined || written === "") throw new Error(`row ${i + 4}: no firm name`)
    if (!ISO_DATE.test(from ?? "") || !ISO_DATE.test(to ?? "")) throw new Error(`row ${i + 4}: the ineligibility period is not two YYYY-MM-DD dates`)
    const individual = TITLE.test(written)
    const extra = readFirmInfo(info ?? "")
    const id = rowId(cells)
    entries.set(id, {
      list: "worldbank_debarred",
      entry_id: id,
      name: individual ? written.replace(TITLE, "") : written,
      entity_type: individual ? "individual" : "entity",
      programs: grounds === undefined || grounds === "" ? [] : [grounds],
      listed_on: from!,
      countries: country === undefined || country === "" ? [] : [country],
      aliases: extra.aliases,
      original_script_names: extra.original,
      identifiers: extra.identifiers,
      debarment: { institution: "World Bank", grounds: grounds ?? "", from: from!, to: to === INDEFINITE ? null : to! },
      details: firmDetails(address, country, extra.notes, from!)
    })
  })
  const list = [...entries.values()]
  if (list.length === 0) throw new Error("no debarments")
  return { list: "worldbank_debarred", publishedOn, entries: list, aliasCount: countAliases(list) }
}

