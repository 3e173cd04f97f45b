/**
 * npm run -s coverage-table [-- --check]: writes README.md's coverage table from src/registries/coverage (the data
 * GET /v1/registries answers from); --check exits 1 when the README's table differs from the generated one.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { coverageTable, withCoverageTable } from "../src/registries/coverage/table.js"

const readmePath = fileURLToPath(new URL("../README.md", import.meta.url))
const readme = readFileSync(readmePath, "utf8")
const updated = withCoverageTable(readme, coverageTable())
if (updated === null) {
  process.stderr.write("README.md has no coverage table markers\n")
  process.exit(2)
}
if (process.argv.includes("--check")) {
  if (updated !== readme) {
    process.stderr.write("README.md's coverage table differs from the generated one: run npm run -s coverage-table\n")
    process.exit(1)
  }
  process.stdout.write("README.md's coverage table is current\n")
} else if (updated !== readme) {
  writeFileSync(readmePath, updated)
  process.stdout.write("README.md's coverage table rewritten\n")
}
