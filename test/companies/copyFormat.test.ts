import { describe, expect, it } from "@effect/vitest"
import { copyField, copyLines, withLeadingIds } from "../../src/companies/write/copyFormat.js"

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

  it("joins columns into tab-separated lines, then puts each owner's id in front", () => {
    const lines = copyLines([["x", "y", "z"], ["a", null, "c\td"], [true, false, true]])
    expect(lines).toStrictEqual(["x\ta\tt", "y\t\\N\tf", "z\tc\\td\tt"])
    expect(withLeadingIds(["101", "102"], [1, 0, 1], lines)).toBe("102\tx\ta\tt\n101\ty\t\\N\tf\n102\tz\tc\\td\tt\n")
    expect(copyLines([])).toStrictEqual([])
  })
})
