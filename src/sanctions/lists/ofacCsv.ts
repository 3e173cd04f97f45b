import { parse } from "csv-parse"
import { Effect } from "effect"
import { SanctionsParseError } from "./errors.js"
import { contentName, openContent, readContentTail } from "./listFile.js"
import type { Alias, EntityType, ListId, ParsedList, SanctionsEntry } from "../model.js"
import { splitPackedName } from "../nameVariants.js"
import { displayedRemarks, type OfacAddress, ofacDetails, vesselOf } from "./ofacDetails.js"

/** The four files of an OFAC legacy CSV set (SDN: sdn/alt/add/sdn_comments; Consolidated: cons_prim/alt/add/comments). */
export interface OfacFileSet {
  readonly primary: string
  readonly alt?: string | undefined
  readonly add?: string | undefined
  readonly comments?: string | undefined
}

const CTRL_Z = "\x1a"

const nullable = (raw: string | undefined): string | null => {
  if (raw === undefined) return null
  const value = raw.trim()
  return value === "" || value === "-0-" ? null : value
}

/**
 * OFAC ends each file of a legacy CSV set with 0x1A after the last line. A file cut short at a line end parses
 * as valid CSV, so that marker is the only sign that it is whole. (The real 2021-07 SDN comments file lacks it:
 * comments, which only add weak aliases, are not held to it.)
 */
const endsWithMarker = async (file: string): Promise<boolean> =>
  /\n\x1a[\r\n\s]*$/.test((await readContentTail(file, 16)).toString("latin1"))

/** Streams one OFAC CSV file (CRLF, `-0- ` nulls, trailing 0x1A) and calls `onRow` with each row of `columns` fields. */
const streamOfacRows = (
  file: string,
  columns: number,
  onRow: (row: ReadonlyArray<string | null>) => void,
  options: { readonly requireEndMarker: boolean } = { requireEndMarker: true }
): Effect.Effect<number, SanctionsParseError> =>
  Effect.tryPromise({
    try: async () => {
      if (options.requireEndMarker && !(await endsWithMarker(file))) {
        throw new Error("the file does not end with OFAC's end-of-file marker (0x1A): it is incomplete or truncated")
      }
      const parser = openContent(file).setEncoding("latin1").pipe(
        parse({ relax_column_count: true, skip_empty_lines: true, bom: true })
      )
      let rows = 0
      for await (const record of parser as AsyncIterable<Array<string>>) {
        if (record.length === 1 && record[0]!.trim() === CTRL_Z) continue
        if (record.length !== columns) {
          throw new Error(`line ${rows + 1}: expected ${columns} fields, found ${record.length}`)
        }
        onRow(record.map(nullable))
        rows++
      }
      if (rows === 0) throw new Error("no rows")
      return rows
    },
    catch: (cause) =>
      new SanctionsParseError({ file, message: cause instanceof Error ? cause.message : String(cause) })
  })

const WEAK_AKA = /\b([afn])\.k\.a\.,?\s*'(.+?)'(?=\s*[;.,)]|\s*$)/g

/** Weak a.k.a.s written inside OFAC Remarks: `a.k.a. 'BNC'.` (quotes inside the name are kept). */
export const weakAliasesInRemarks = (remarks: string): ReadonlyArray<string> => {
  const names: Array<string> = []
  for (const m of remarks.matchAll(WEAK_AKA)) {
    const name = m[2]!.replace(/^'+|'+$/g, "").trim()
    if (name !== "") names.push(name)
  }
  return names
}

const entityTypeOf = (sdnType: string | null): EntityType | null => {
  if (sdnType === null) return "entity"
  switch (sdnType.toLowerCase()) {
    case "individual": return "individual"
    case "vessel": return "vessel"
    case "aircraft": return "aircraft"
    default: return null
  }
}

interface Primary {
  readonly entNum: string
  readonly name: string
  readonly type: EntityType
  readonly programs: ReadonlyArray<string>
  readonly title: string | null
  readonly vessel: ReturnType<typeof vesselOf>
  /** The Remarks column as the primary file gives it, and its continuation from the comments file. */
  readonly ownRemarks: string | null
  continued: string | null
  /** Both together, read for weak a.k.a.s. */
  remarks: string
}

/** `SDGT] [IFSR` -> ["SDGT", "IFSR"] */
const splitPrograms = (program: string | null): ReadonlyArray<string> =>
  program === null ? [] : program.split(/\]\s*\[/).map((p) => p.replace(/[[\]]/g, "").trim()).filter((p) => p !== "")

/** OFAC individuals are written `LAST, First Middle`; entities keep their comma (`NOVATEK-UST-LUGA, OOO`). */
const displayName = (name: string): string => name.replace(/\s+/g, " ").trim()

export const parseOfacFileSet = (
  list: Extract<ListId, "ofac_sdn" | "ofac_consolidated">,
  files: OfacFileSet
): Effect.Effect<ParsedList, SanctionsParseError> =>
  Effect.gen(function*() {
    const primaries = new Map<string, Primary>()
    const aliases = new Map<string, Array<Alias>>()
    const countries = new Map<string, Set<string>>()
    const addresses = new Map<string, Array<OfacAddress>>()
    let badType: string | null = null
    // A side-file row for an entry the primary file does not hold: the files are of different editions (the shipped
    // SDN set pairs a 2024 sdn.csv with 2025 side files), and a remark's continuation may be another edition's text.
    let orphanRows = 0
    yield* streamOfacRows(files.primary, 12, (row) => {
      const [entNum, name, sdnType, program] = row
      const type = entityTypeOf(sdnType ?? null)
      if (type === null) badType ??= `ent_num ${entNum}: unknown SDN_Type ${sdnType}`
      if (entNum === null || entNum === undefined || name === null || name === undefined || type === null) return
      primaries.set(entNum, {
        entNum, name: displayName(name), type, programs: splitPrograms(program ?? null), title: row[4] ?? null,
        vessel: vesselOf(row.slice(5, 11)), ownRemarks: row[11] ?? null, continued: null, remarks: row[11] ?? ""
      })
    })
    if (badType !== null) return yield* new SanctionsParseError({ file: files.primary, message: badType })
    if (files.comments !== undefined) {
      yield* streamOfacRows(files.comments, 2, ([entNum, text]) => {
        const primary = entNum === null || entNum === undefined ? undefined : primaries.get(entNum)
        if (primary === undefined && entNum !== null && entNum !== undefined) orphanRows += 1
        if (primary === undefined || text === null || text === undefined) return
        primary.remarks += text
        primary.continued = (primary.continued ?? "") + text
      }, { requireEndMarker: false })
    }
    if (files.alt !== undefined) {
      yield* streamOfacRows(files.alt, 5, ([entNum, , altType, altName]) => {
        if (entNum === null || entNum === undefined) return
        if (!primaries.has(entNum)) return void (orphanRows += 1)
        if (altName === null || altName === undefined) return
        const kind = (altType ?? "aka").toLowerCase()
        const bucket = aliases.get(entNum) ?? []
        bucket.push({ name: displayName(altName), quality: kind === "weak aka" ? "weak" : "strong", kind })
        aliases.set(entNum, bucket)
      })
    }
    if (files.add !== undefined) {
      yield* streamOfacRows(files.add, 6, ([entNum, , address, city, country, note]) => {
        if (entNum === null || entNum === undefined) return
        if (!primaries.has(entNum)) return void (orphanRows += 1)
        const listed = addresses.get(entNum) ?? []
        listed.push({ address: address ?? null, city: city ?? null, country: country ?? null, note: note ?? null })
        addresses.set(entNum, listed)
        if (country === null || country === undefined) return
        const bucket = countries.get(entNum) ?? new Set<string>()
        bucket.add(country)
        countries.set(entNum, bucket)
      })
    }
    const entries: Array<SanctionsEntry> = []
    for (const p of primaries.values()) {
      const entryAliases: Array<Alias> = [...(aliases.get(p.entNum) ?? [])]
      for (const weak of weakAliasesInRemarks(p.remarks)) entryAliases.push({ name: weak, quality: "weak", kind: "weak_aka" })
      const [name, ...packed] = splitPackedName(p.name)
      for (const extra of packed) entryAliases.push(extra)
      entries.push({
        list,
        entry_id: p.entNum,
        name: name?.name ?? p.name,
        entity_type: p.type,
        programs: p.programs,
        listed_on: null,
        countries: [...(countries.get(p.entNum) ?? [])],
        aliases: entryAliases,
        original_script_names: [],
        details: ofacDetails({
          title: p.title, vessel: p.vessel, remarks: displayedRemarks(p.ownRemarks, orphanRows === 0 ? p.continued : null), addresses: addresses.get(p.entNum) ?? []
        })
      })
    }
    return { list, publishedOn: null, entries, aliasCount: entries.reduce((n, e) => n + e.aliases.length, 0) }
  })

/** Recognises an OFAC file by its base name: sdn.csv, alt.csv, cons_prim.csv, cons_alt.csv ... (or sdn.csv.gz ...). */
export const ofacRoleOf = (file: string): { list: "ofac_sdn" | "ofac_consolidated"; role: keyof OfacFileSet } | null => {
  const base = contentName(file).toLowerCase()
  const sdn: Record<string, keyof OfacFileSet> = { "sdn.csv": "primary", "alt.csv": "alt", "add.csv": "add", "sdn_comments.csv": "comments" }
  const cons: Record<string, keyof OfacFileSet> = {
    "cons_prim.csv": "primary", "cons_alt.csv": "alt", "cons_add.csv": "add", "cons_comments.csv": "comments"
  }
  if (sdn[base] !== undefined) return { list: "ofac_sdn", role: sdn[base] }
  if (cons[base] !== undefined) return { list: "ofac_consolidated", role: cons[base] }
  return null
}
