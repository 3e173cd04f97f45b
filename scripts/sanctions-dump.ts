/**
 * Screening results for a fixed set of names, as JSON: a regression check for changes to the index's representation.
 * Run it before and after such a change and compare the files byte for byte (they must be identical).
 *
 *   npx tsx scripts/sanctions-dump.ts --out /tmp/before.json [--lists data/sanctions] [--companies data/companies]
 *
 * The names: every 40th entry's primary name and first alias from the index, three spelling variants of every 120th
 * (a letter dropped, two letters swapped, words reversed with a legal form), and every 8th legitimate company name of
 * the companies data (data/companies). Each is screened with individuals included and a per-token explanation, half of them with
 * a country; the per-token look-ups of every query token are dumped as well.
 */
import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { parseArgs } from "node:util"
import { buildMatchIndex, parseListPaths } from "../src/sanctions/buildIndex.js"
import { screenNames } from "../src/sanctions/matching/screen.js"
import { tokenize } from "../src/sanctions/matching/tokens.js"

const { values } = parseArgs({
  options: {
    out: { type: "string" },
    lists: { type: "string", default: path.resolve(import.meta.dirname, "..", "data", "sanctions") },
    companies: { type: "string", default: path.resolve(import.meta.dirname, "..", "data", "companies") }
  }
})
if (values.out === undefined) throw new Error("--out FILE is required")

const lists = await Effect.runPromise(parseListPaths(["ofac-sdn", "ofac-consolidated", "un"].map((d) => path.join(values.lists, d))))
const index = buildMatchIndex(lists.map((p) => ({ parsed: p, version: p.publishedOn ?? "2024-05-03" })))

const names: Array<string> = []
const variantsOf = (name: string): ReadonlyArray<string> => {
  const mid = Math.floor(name.length / 2)
  const dropped = name.slice(0, mid) + name.slice(mid + 1)
  const swapped = name.length > 3 ? name.slice(0, mid - 1) + name.charAt(mid) + name.charAt(mid - 1) + name.slice(mid + 1) : name
  const reversed = `${name.split(/\s+/).reverse().join(" ")} Ltd`
  return [dropped, swapped, reversed]
}
index.entries.forEach(({ entry }, i) => {
  if (i % 40 === 0) {
    names.push(entry.name)
    if (entry.aliases[0] !== undefined) names.push(entry.aliases[0].name)
  }
  if (i % 120 === 7) names.push(...variantsOf(entry.name))
})
const column = (file: string, header: string): ReadonlyArray<string> => {
  const [head, ...rows] = fs.readFileSync(path.join(values.companies, file), "utf8").split("\n").filter((l) => l !== "")
  const at = head!.split("\t").indexOf(header)
  return rows.map((r) => r.split("\t")[at] ?? "")
}
const companies = [...column("african_entity_names.tsv", "name"), ...column("aliases.tsv", "alias"), ...column("eiti_african_entities.tsv", "name")]
companies.forEach((name, i) => {
  if (i % 8 === 0 && name !== "") names.push(name)
})

const results = names.map((name, i) => {
  const screening = screenNames(index, [name], { includeIndividuals: true, explain: true, country: i % 2 === 0 ? "NG" : undefined })
  const lookups = tokenize(name).map((t) => [t.text, [...index.lookup(t)]])
  return { name, screening, lookups }
})
fs.writeFileSync(values.out, `${JSON.stringify({ names: names.length, results }, null, 1)}\n`)
const hits = results.reduce((n, r) => n + r.screening.hits.length, 0)
console.log(`${names.length} names screened, ${hits} hits, written to ${values.out}`)
