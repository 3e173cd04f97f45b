import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { SanctionsParseError } from "./errors.js"
import { contentName, readContentHead } from "./listFile.js"
import { ofacRoleOf, type OfacFileSet } from "./ofacCsv.js"
import type { OfsiList } from "./ofsiConList.js"
import { isZip, readFirstSheet } from "./xlsxSheet.js"


/** The files of one list found among the paths given to `kyb ingest sanctions`. */
export type ListFiles =
  | { readonly list: "ofac_sdn" | "ofac_consolidated"; readonly files: OfacFileSet }
  | { readonly list: "un_sc"; readonly files: { readonly xml: string } }
  | { readonly list: OfsiList; readonly format: "ofsi_csv"; readonly file: string }
  | { readonly list: "eu_fsf"; readonly format: "eu_fsf_xml" | "eu_legacy_xml"; readonly file: string }
  /** A workbook is told apart by its first cell; its rows are read once, here. */
  | { readonly list: OfsiList | "worldbank_debarred"; readonly format: "xlsx"; readonly file: string; readonly sheet: ReadonlyArray<ReadonlyArray<string>> }

export const filesOf = (set: ListFiles): ReadonlyArray<string> =>
  "file" in set ? [set.file] : set.list === "un_sc" ? [set.files.xml] : Object.values(set.files).filter((f): f is string => typeof f === "string")

const expand = (p: string): ReadonlyArray<string> => {
  const stat = fs.statSync(p)
  return stat.isDirectory() ? fs.readdirSync(p).sort().map((f) => path.join(p, f)).filter((f) => fs.statSync(f).isFile()) : [p]
}

const headOf = async (file: string, bytes = 4096): Promise<string> => (await readContentHead(file, bytes)).toString("utf8")

/** OFSI publishes the investment-ban list as InvBan.csv beside ConList.csv, in the same layout. */
const ofsiListOf = (file: string): OfsiList => (contentName(file).toLowerCase().startsWith("invban") ? "uk_invban" : "uk_ofsi")

type Single = Exclude<ListFiles, { readonly list: "ofac_sdn" | "ofac_consolidated" }>

/** A single-file list recognised by its content: the root element of an XML, the first line of a CSV, cell A1 of a workbook. */
const singleFileList = async (file: string): Promise<Single | null> => {
  if (await isZip(file)) {
    const sheet = await readFirstSheet(file)
    const a1 = (sheet[0]?.[0] ?? "").trim()
    if (a1 === "Last Updated") return { list: ofsiListOf(file), format: "xlsx", file, sheet }
    if (a1.startsWith("Downloaded on:")) return { list: "worldbank_debarred", format: "xlsx", file, sheet }
    return null
  }
  const head = (await headOf(file)).replace(/^\uFEFF/, "")
  if (head.includes("<CONSOLIDATED_LIST")) return { list: "un_sc", files: { xml: file } }
  if (/<export\b[^>]*fpi\/fsd\/export/.test(head)) return { list: "eu_fsf", format: "eu_fsf_xml", file }
  if (/<WHOLE\b/.test(head)) return { list: "eu_fsf", format: "eu_legacy_xml", file }
  if (/^Last Updated,/.test(head)) return { list: ofsiListOf(file), format: "ofsi_csv", file }
  return null
}

/**
 * Groups paths (files or directories) into list file sets: OFAC SDN by `sdn.csv`/`alt.csv`/`add.csv`/
 * `sdn_comments.csv`, OFAC Consolidated by `cons_prim.csv`/..., and single-file lists by their content: the UN
 * consolidated XML, the EU FSF XML 1.1 and the old EU global XML, OFSI's ConList (CSV or XLSX) and InvBan.csv, the
 * World Bank's debarment export; any of them may be gzip-compressed (`sdn.csv.gz`). Unknown files, two files of one list and sets without their primary file are refused.
 */
export const detectListFiles = (paths: ReadonlyArray<string>): Effect.Effect<ReadonlyArray<ListFiles>, SanctionsParseError> =>
  Effect.tryPromise({
    try: async () => {
      const ofac: Record<"ofac_sdn" | "ofac_consolidated", Partial<Record<keyof OfacFileSet, string>>> = { ofac_sdn: {}, ofac_consolidated: {} }
      const singles = new Map<string, Single>()
      for (const file of paths.flatMap(expand)) {
        const role = ofacRoleOf(file)
        if (role !== null) {
          ofac[role.list][role.role] = file
          continue
        }
        if (contentName(file).toLowerCase() === "readme.md") continue
        const single = await singleFileList(file)
        if (single === null) {
          throw new Error(`${file}: not a known sanctions list file (expected OFAC sdn.csv/alt.csv/add.csv/sdn_comments.csv or cons_*.csv, the UN consolidated XML, the EU FSF XML, OFSI ConList.csv/.xlsx or InvBan.csv, or the World Bank debarment export)`)
        }
        const other = singles.get(single.list)
        if (other !== undefined) throw new Error(`${single.list}: two files of one list (${filesOf(other)[0]}, ${file}); ingest one at a time`)
        singles.set(single.list, single)
      }
      const sets: Array<ListFiles> = []
      for (const list of ["ofac_sdn", "ofac_consolidated"] as const) {
        const found = ofac[list]
        if (Object.keys(found).length === 0) continue
        if (found.primary === undefined) throw new Error(`${list}: the primary file (sdn.csv or cons_prim.csv) is missing`)
        sets.push({ list, files: { primary: found.primary, alt: found.alt, add: found.add, comments: found.comments } })
      }
      sets.push(...singles.values())
      if (sets.length === 0) throw new Error("no sanctions list files found")
      return sets
    },
    catch: (cause) => new SanctionsParseError({ file: paths.join(", "), message: cause instanceof Error ? cause.message : String(cause) })
  })
