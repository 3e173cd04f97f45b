import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"

/**
 * scripts/ holds what a maintainer reruns (issue 57 item 6), and docs/development.md says for each what it measures or
 * does and how long it takes: a script added without its line there fails here.
 */
const root = path.resolve(import.meta.dirname, "..", "..")

describe("scripts/", () => {
  it("each of its programs is listed in docs/development.md", () => {
    const page = fs.readFileSync(path.join(root, "docs", "development.md"), "utf8")
    const programs = fs.readdirSync(path.join(root, "scripts"), { withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|mts|mjs)$/.test(entry.name))
      .map((entry) => entry.name)
    expect(programs.length).toBeGreaterThan(0)
    expect(programs.filter((name) => !page.includes(`\`${name}\``))).toEqual([])
  })
})
