import { parse } from "csv-parse/sync"
import { Effect } from "effect"
import { SanctionsParseError } from "./errors.js"
import { readContent } from "./listFile.js"
import type { Alias, EntityType, EntryIdentifier, ParsedList, SanctionsEntry } from "../model.js"
import { countAliases } from "../model.js"
import { splitPackedName } from "../nameVariants.js"
import { clean, DetailsBuilder } from "../../domain/entryDetails.js"

/** The OFSI lists published in the "2022 format": the Consolidated List and the investment-ban list share it. */
export type OfsiList = "uk_ofsi" | "uk_invban"

/** The 36 columns of ConList.csv / ConList.xlsx / InvBan.csv (row 2; row 1 is `Last Updated,DD/MM/YYYY`). */
const COLUMNS = [
  "Name 6", "Name 1", "Name 2", "Name 3", "Name 4", "Name 5", "Title", "Name Non-Latin Script", "Non-Latin Script Type",
  "Non-Latin Script Language", "DOB", "Town of Birth", "Country of Birth", "Nationality", "Passport Number",
  "Passport Details", "National Identification Number", "National Identification Details", "Position", "Address 1",
  "Address 2", "Address 3", "Address 4", "Address 5", "Address 6", "Post/Zip Code", "Country", "Other Information",
  "Group Type", "Alias Type", "Alias Quality", "Regime", "Listed On", "UK Sanctions List Date Designated",
  "Last Updated", "Group ID"
] as const
type Column = (typeof COLUMNS)[number]
const at = Object.fromEntries(COLUMNS.map((c, i) => [c, i])) as Record<Column, number>

/** DD/MM/YYYY -> YYYY-MM-DD (null when unknown parts are written 00 or the text is not a date). */
const ukDate = (text: string): string | null => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim())
  return m === null || m[1] === "00" || m[2] === "00" ? null : `${m[3]}-${m[2]}-${m[1]}`
}

const TYPES: Record<string, EntityType> = { individual: "individual", entity: "entity", ship: "vessel" }

/** `(UN Ref):QDe.004` and the like inside Other Information. */
const IDENTIFIER_TAGS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\(UK Sanctions List Ref\):\s*([A-Z]{2,4}\d{3,5})/, "uk_sanctions_list_ref"],
  [/\(UN Ref\):\s*([A-Z]{2,3}[ie]\.\d{3})/, "un_reference"],
  [/\(IMO number\):\s*(\d{7})/, "imo"]
]

interface Group {
  readonly id: string
  type: EntityType | null
  primary: string | null
  readonly names: Array<{ name: string; kind: string; weak: boolean }>
  readonly original: Set<string>
  readonly countries: Set<string>
  readonly regimes: Set<string>
  readonly identifiers: Map<string, EntryIdentifier>
  listedOn: string | null
  readonly details: DetailsBuilder
}


const nameOf = (row: ReadonlyArray<string>): string =>
  [at["Name 1"], at["Name 2"], at["Name 3"], at["Name 4"], at["Name 5"], at["Name 6"]].map((i) => clean(row[i])).filter((p) => p !== "").join(" ")

const toEntry = (list: OfsiList, g: Group): SanctionsEntry => {
  const primary = g.primary ?? g.names[0]!.name
  const [head, ...packed] = splitPackedName(primary)
  const aliases: Array<Alias> = [...packed]
  const seen = new Set([primary])
  for (const n of g.names) {
    if (seen.has(n.name)) continue
    seen.add(n.name)
    aliases.push({ name: n.name, quality: n.weak ? "weak" : "strong", kind: n.kind })
  }
  g.details.listedOn = g.listedOn
  return {
    list,
    entry_id: g.id,
    name: head?.name ?? primary,
    entity_type: g.type ?? "entity",
    programs: [...g.regimes],
    listed_on: g.listedOn,
    countries: [...g.countries],
    aliases,
    original_script_names: [...g.original],
    identifiers: [...g.identifiers.values()],
    details: g.details.build()
  }
}

const ADDRESS_PARTS = ["Address 1", "Address 2", "Address 3", "Address 4", "Address 5", "Address 6", "Post/Zip Code"] as const

/**
 * What a row says of its target beside the names: the address, date and place of birth, nationality, position,
 * passport and national identity number with their details, and Other Information (the UK's remarks, with its
 * statement of reasons), as written. Every row of a target repeats most of them; each is kept once.
 */
const rowDetails = (row: ReadonlyArray<string>, details: DetailsBuilder) => {
  const cell = (c: Column) => clean(row[at[c]])
  details.address(ADDRESS_PARTS.map(cell), cell("Country"))
  details.dateOfBirth(cell("DOB"))
  details.placeOfBirth([cell("Town of Birth"), cell("Country of Birth")])
  details.nationality(cell("Nationality"))
  details.position(cell("Position"))
  details.document("Passport", cell("Passport Number"), null, cell("Passport Details"))
  details.document("National Identification Number", cell("National Identification Number"), null, cell("National Identification Details"))
  details.remark(cell("Other Information"))
}

/**
 * Rows of an OFSI 2022-format file (CSV or the first sheet of the XLSX), row 1 included, into entries: one entry per
 * Group ID, its "Primary name" as name, name variations, AKAs and FKAs as aliases (low quality: weak), the non-Latin
 * script names as original-script names. Refuses a wrong header, a row without 36 cells or without a Group ID.
 */
export const ofsiRowsToList = (list: OfsiList, rows: ReadonlyArray<ReadonlyArray<string>>): ParsedList => {
  const [first, header, ...data] = rows
  if (first === undefined || clean(first[0]) !== "Last Updated") throw new Error("row 1 is not `Last Updated,DD/MM/YYYY`: not an OFSI list file")
  const publishedOn = ukDate(clean(first[1]))
  if (header === undefined || COLUMNS.some((c, i) => clean(header[i]) !== c)) throw new Error("row 2 is not the OFSI 2022-format header (Name 6 ... Group ID)")
  const groups = new Map<string, Group>()
  data.forEach((row, i) => {
    if (row.every((cell) => clean(cell) === "")) return
    if (row.length !== COLUMNS.length) throw new Error(`row ${i + 3}: expected ${COLUMNS.length} cells, found ${row.length}`)
    const id = clean(row[at["Group ID"]])
    if (id === "") throw new Error(`row ${i + 3}: no Group ID`)
    let g = groups.get(id)
    if (g === undefined) {
      g = {
        id, type: null, primary: null, names: [], original: new Set(), countries: new Set(), regimes: new Set(), identifiers: new Map(), listedOn: null,
        details: new DetailsBuilder()
      }
      groups.set(id, g)
    }
    g.type ??= TYPES[clean(row[at["Group Type"]]).toLowerCase()] ?? null
    const name = nameOf(row)
    const aliasType = clean(row[at["Alias Type"]]).toLowerCase()
    if (name !== "") {
      if (aliasType === "primary name" && g.primary === null) g.primary = name
      const kind = aliasType === "fka" ? "fka" : aliasType === "aka" ? "aka" : "primary_variation"
      g.names.push({ name, kind, weak: clean(row[at["Alias Quality"]]).toLowerCase() === "low quality" })
    }
    const original = clean(row[at["Name Non-Latin Script"]])
    if (original !== "") g.original.add(original)
    const country = clean(row[at["Country"]])
    if (country !== "") g.countries.add(country)
    const regime = clean(row[at["Regime"]])
    if (regime !== "") g.regimes.add(regime)
    const other = row[at["Other Information"]] ?? ""
    for (const [pattern, type] of IDENTIFIER_TAGS) {
      const m = pattern.exec(other)
      if (m !== null) g.identifiers.set(`${type}:${m[1]}`, { type, value: m[1]! })
    }
    g.listedOn ??= ukDate(clean(row[at["Listed On"]]))
    rowDetails(row, g.details)
  })
  const entries = [...groups.values()].filter((g) => g.names.length > 0).map((g) => toEntry(list, g))
  if (entries.length === 0) throw new Error("no targets")
  return { list, publishedOn, entries, aliasCount: countAliases(entries) }
}

const failure = (file: string) => (cause: unknown) =>
  new SanctionsParseError({ file, message: cause instanceof Error ? cause.message : String(cause) })

/** ConList.csv / InvBan.csv (UTF-8; a field cut short or an unclosed quote is refused by the CSV reader). */
export const parseOfsiCsv = (list: OfsiList, file: string): Effect.Effect<ParsedList, SanctionsParseError> =>
  Effect.tryPromise({
    try: async () => {
      const text = (await readContent(file)).toString("utf8")
      const rows = parse(text, { relax_column_count: true, bom: true, skip_empty_lines: true }) as Array<Array<string>>
      return ofsiRowsToList(list, rows)
    },
    catch: failure(file)
  })

