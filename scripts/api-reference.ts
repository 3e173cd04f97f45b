/**
 * npm run -s api-reference [-- --check]: writes docs/api-reference.md from the OpenAPI document (src/api);
 * --check exits 1 when the page differs from the generated one.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { openApiDocument } from "../src/api/Api.js"
import { apiReference, type OpenApiDocument } from "./api-reference/render.js"

const pagePath = fileURLToPath(new URL("../docs/api-reference.md", import.meta.url))
const generated = apiReference(openApiDocument() as unknown as OpenApiDocument)
const current = existsSync(pagePath) ? readFileSync(pagePath, "utf8") : ""
if (process.argv.includes("--check")) {
  if (current !== generated) {
    process.stderr.write("docs/api-reference.md differs from the OpenAPI document: run npm run -s api-reference\n")
    process.exit(1)
  }
  process.stdout.write("docs/api-reference.md is current\n")
} else if (current !== generated) {
  writeFileSync(pagePath, generated)
  process.stdout.write("docs/api-reference.md rewritten\n")
}
