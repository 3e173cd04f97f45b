import * as path from "node:path"
import { fileURLToPath } from "node:url"

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
export const sharedDir = path.resolve(repoRoot, "..", "shared")
export const listsDir = path.join(sharedDir, "data", "sanctions")
export const fixturesDir = path.join(repoRoot, "test", "fixtures", "sanctions")

export const realSdn = {
  primary: path.join(listsDir, "ofac-sdn", "sdn.csv"),
  alt: path.join(listsDir, "ofac-sdn", "alt.csv"),
  add: path.join(listsDir, "ofac-sdn", "add.csv"),
  comments: path.join(listsDir, "ofac-sdn", "sdn_comments.csv")
}
export const realConsolidated = {
  primary: path.join(listsDir, "ofac-consolidated", "cons_prim.csv"),
  alt: path.join(listsDir, "ofac-consolidated", "cons_alt.csv"),
  add: path.join(listsDir, "ofac-consolidated", "cons_add.csv"),
  comments: path.join(listsDir, "ofac-consolidated", "cons_comments.csv")
}
export const realUn = path.join(listsDir, "un", "consolidated.xml")
