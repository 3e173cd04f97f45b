import * as fs from "node:fs"
import * as path from "node:path"
import { normalizeName } from "../../src/domain/normalize.js"

const cells = (line: string, separator: string) => line.split(separator).map((c) => c.replace(/^"|"$/g, "").trim())

/**
 * Every real company name under `sharedDir/data/companies` (the name files, EITI entities, listed companies and
 * their aliases), normalised as the service normalises names: a generated company never takes one of them.
 */
export const realNameKeys = (sharedDir: string): ReadonlySet<string> => {
  const dir = path.join(sharedDir, "data", "companies")
  const keys = new Set<string>()
  const add = (name: string | undefined) => {
    if (name === undefined || name === "") return
    const key = normalizeName(name)
    if (key !== "") keys.add(key)
  }
  const read = (file: string, separator: string, columns: ReadonlyArray<string>) => {
    const [header, ...lines] = fs.readFileSync(path.join(dir, file), "utf8").split(/\r?\n/)
    const names = cells(header ?? "", separator)
    const at = columns.map((c) => names.indexOf(c)).filter((i) => i >= 0)
    for (const line of lines) {
      const row = cells(line, separator)
      for (const i of at) add(row[i])
    }
  }
  read("african_entity_names.tsv", "\t", ["name"])
  read("eiti_african_entities.tsv", "\t", ["name"])
  read("aliases.tsv", "\t", ["alias", "legal_name"])
  read("listed_companies_investpy.csv", ",", ["short_name", "legal_name"])
  read("brvm_listed_companies.csv", ",", ["short_name", "legal_name"])
  return keys
}
