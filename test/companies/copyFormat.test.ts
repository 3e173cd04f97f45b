import { describe, expect, it } from "@effect/vitest"
import { copyField, copyRows } from "../../src/companies/write/copyFormat.js"

describe("COPY text format", () => {
  it.each<[string | number | boolean | null, string]>([
    [null, "\\N"],
    ["plain", "plain"],
    ["", ""],
    ["a\tb", "a\\tb"],
    ["line\nbreak\r", "line\\nbreak\\r"],
    ["back\\slash", "back\\\\slash"],
    ["\\N", "\\\\N"],
    ["Société Générale Côte d'Ivoire", "Société Générale Côte d'Ivoire"],
    [true, "t"],
    [false, "f"],
    [0.725, "0.725"]
  ])("%j -> %s", (value, expected) => {
    expect(copyField(value)).toBe(expected)
  })

  it("joins columns into tab-separated lines", () => {
    expect(copyRows([["1", "2"], ["a", null], [true, false]])).toBe("1\ta\tt\n2\t\\N\tf\n")
    expect(copyRows([])).toBe("")
  })
})
