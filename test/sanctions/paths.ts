import * as path from "node:path"
import { fileURLToPath } from "node:url"

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
/** The repository's own data folder (data/README.md): real public files, the large ones gzip-compressed. */
export const dataDir = path.join(repoRoot, "data")
export const listsDir = path.join(dataDir, "sanctions")
export const fixturesDir = path.join(repoRoot, "test", "fixtures", "sanctions")

export const realSdn = {
  primary: path.join(listsDir, "ofac-sdn", "sdn.csv.gz"),
  alt: path.join(listsDir, "ofac-sdn", "alt.csv.gz"),
  add: path.join(listsDir, "ofac-sdn", "add.csv.gz"),
  comments: path.join(listsDir, "ofac-sdn", "sdn_comments.csv")
}
export const realConsolidated = {
  primary: path.join(listsDir, "ofac-consolidated", "cons_prim.csv"),
  alt: path.join(listsDir, "ofac-consolidated", "cons_alt.csv"),
  add: path.join(listsDir, "ofac-consolidated", "cons_add.csv"),
  comments: path.join(listsDir, "ofac-consolidated", "cons_comments.csv")
}
export const realUn = path.join(listsDir, "un", "consolidated.xml.gz")

export const ukXlsx = path.join(listsDir, "uk", "ConList.xlsx")
export const ukInvBan = path.join(listsDir, "uk", "InvBan.csv")
export const euFsf = path.join(listsDir, "eu", "fsf-xml-1.1-2026-08-05-extract.xml")
export const euLegacy = path.join(listsDir, "eu", "legacy-global-v4-2016-02-11-extract.xml.gz")
export const worldBank = path.join(listsDir, "worldbank-debarred", "world_bank_listing_of_ineligible_firms_and_individuals.xlsx")
