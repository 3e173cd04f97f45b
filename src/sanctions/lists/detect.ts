import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { SanctionsParseError } from "./errors.js"
import type { ListId } from "../model.js"
import { ofacRoleOf, type OfacFileSet } from "./ofacCsv.js"

/** The files of one list found among the paths given to `kyb ingest sanctions`. */
export type ListFiles =
  | { readonly list: "ofac_sdn" | "ofac_consolidated"; readonly files: OfacFileSet }
  | { readonly list: "un_sc"; readonly files: { readonly xml: string } }

export const filesOf = (set: ListFiles): ReadonlyArray<string> =>
  set.list === "un_sc" ? [set.files.xml] : Object.values(set.files).filter((f): f is string => typeof f === "string")

const expand = (p: string): ReadonlyArray<string> => {
  const stat = fs.statSync(p)
  return stat.isDirectory() ? fs.readdirSync(p).sort().map((f) => path.join(p, f)).filter((f) => fs.statSync(f).isFile()) : [p]
}

const looksLikeUnXml = (file: string): boolean => {
  const fd = fs.openSync(file, "r")
  try {
    const head = Buffer.alloc(4096)
    const n = fs.readSync(fd, head, 0, head.length, 0)
    return head.subarray(0, n).toString("utf8").includes("<CONSOLIDATED_LIST")
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * Groups paths (files or directories) into list file sets: OFAC SDN by `sdn.csv`/`alt.csv`/`add.csv`/
 * `sdn_comments.csv`, OFAC Consolidated by `cons_prim.csv`/... and the UN list by an XML whose root is
 * CONSOLIDATED_LIST. Unknown files and sets without their primary file are refused.
 */
export const detectListFiles = (paths: ReadonlyArray<string>): Effect.Effect<ReadonlyArray<ListFiles>, SanctionsParseError> =>
  Effect.try({
    try: () => {
      const ofac: Record<"ofac_sdn" | "ofac_consolidated", Partial<Record<keyof OfacFileSet, string>>> = { ofac_sdn: {}, ofac_consolidated: {} }
      let un: string | null = null
      for (const file of paths.flatMap(expand)) {
        const role = ofacRoleOf(file)
        if (role !== null) ofac[role.list][role.role] = file
        else if (file.toLowerCase().endsWith(".xml") && looksLikeUnXml(file)) un = file
        else if (path.basename(file).toLowerCase() === "readme.md") continue
        else throw new Error(`${file}: not a known sanctions list file (expected sdn.csv, alt.csv, add.csv, sdn_comments.csv, cons_*.csv or the UN consolidated XML)`)
      }
      const sets: Array<ListFiles> = []
      for (const list of ["ofac_sdn", "ofac_consolidated"] as const) {
        const found = ofac[list]
        if (Object.keys(found).length === 0) continue
        if (found.primary === undefined) throw new Error(`${list}: the primary file (sdn.csv or cons_prim.csv) is missing`)
        sets.push({ list, files: { primary: found.primary, alt: found.alt, add: found.add, comments: found.comments } })
      }
      if (un !== null) sets.push({ list: "un_sc", files: { xml: un } })
      if (sets.length === 0) throw new Error("no sanctions list files found")
      return sets
    },
    catch: (cause) => new SanctionsParseError({ file: paths.join(", "), message: cause instanceof Error ? cause.message : String(cause) })
  })

export const listOrder: ReadonlyArray<ListId> = ["ofac_sdn", "ofac_consolidated", "un_sc"]
