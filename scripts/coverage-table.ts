/**
 * npm run -s coverage-table [-- --check]: writes the coverage table of docs/lists-and-registries.md from src/registries/coverage (the data
 * GET /v1/registries answers from); --check exits 1 when that table differs from the generated one.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { coverageTable, withCoverageTable } from "../src/registries/coverage/table.js"

const pagePath = fileURLToPath(new URL("../docs/lists-and-registries.md", import.meta.url))
const page = readFileSync(pagePath, "utf8")
const updated = withCoverageTable(page, coverageTable())
if (updated === null) {
  process.stderr.write("docs/lists-and-registries.md has no coverage table markers\n")
  process.exit(2)
}
if (process.argv.includes("--check")) {
  if (updated !== page) {
    process.stderr.write("docs/lists-and-registries.md's coverage table differs from the generated one: run npm run -s coverage-table\n")
    process.exit(1)
  }
  process.stdout.write("docs/lists-and-registries.md's coverage table is current\n")
} else if (updated !== page) {
  writeFileSync(pagePath, updated)
  process.stdout.write("docs/lists-and-registries.md's coverage table rewritten\n")
}
