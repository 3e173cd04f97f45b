import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { normalizeName } from "../../src/domain/normalize.js"

const fixture = readFileSync(new URL("../fixtures/domain/name-equivalence.tsv", import.meta.url), "utf8")
const cases = fixture
  .split("\n")
  .filter((line) => line.trim() !== "" && !line.startsWith("#"))
  .map((line) => line.split("\t") as [string, string, string, string])

describe("names that must (not) normalise alike", () => {
  it("has cases of both kinds", () => {
    expect(cases.filter((c) => c[0] === "same").length).toBeGreaterThan(20)
    expect(cases.filter((c) => c[0] === "different").length).toBeGreaterThan(5)
  })

  it.each(cases)("%s (%s): %j vs %j", (relation, country, a, b) => {
    const na = normalizeName(a, country)
    const nb = normalizeName(b, country)
    if (relation === "same") expect(nb).toBe(na)
    else expect(nb).not.toBe(na)
  })
})
