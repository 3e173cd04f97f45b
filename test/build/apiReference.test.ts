import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { apiReference, type OpenApiDocument } from "../../scripts/api-reference/render.js"
import { openApiDocument } from "../../src/api/Api.js"

/** docs/api-reference.md is the OpenAPI document's, generated (`npm run -s api-reference`), never written by hand. */

const page = fs.readFileSync(path.resolve(import.meta.dirname, "..", "..", "docs", "api-reference.md"), "utf8")
const doc = openApiDocument() as unknown as OpenApiDocument

describe("the endpoint reference", () => {
  it("is the one generated from the OpenAPI document", () => {
    expect(apiReference(doc)).toBe(page)
  })

  it("names every operation of the document once", () => {
    const operations = Object.entries(doc.paths).flatMap(([route, item]) => Object.keys(item).map((m) => `### ${m.toUpperCase()} ${route}\n`))
    expect(operations.length).toBeGreaterThan(20)
    for (const heading of operations) expect(page.split(heading).length - 1, heading).toBe(1)
  })

  it("changes when the document does (the check can fail)", () => {
    const [route, item] = Object.entries(doc.paths)[0]!
    const changed: OpenApiDocument = { ...doc, paths: { ...doc.paths, [route]: { ...item, get: { ...item["get"]!, summary: "something else" } } } }
    expect(apiReference(changed)).not.toBe(page)
  })
})
