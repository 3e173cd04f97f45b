import { describe, expect, it } from "@effect/vitest"
import { copyField, copyLines, pendingRows, withLeadingIds } from "../../src/companies/write/copyFormat.js"

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
    const owned = pendingRows(lines, [1, 0, 1])
    expect(withLeadingIds(["101", "102"], owned).toString()).toBe("102\tx\ta\tt\n101\ty\t\\N\tf\n102\tz\tc\\td\tt\n")
    expect(withLeadingIds(["7", "8", "9"], pendingRows(lines, null)).toString()).toBe("7\tx\ta\tt\n8\ty\t\\N\tf\n9\tz\tc\\td\tt\n")
    expect(copyLines([])).toStrictEqual([])
    expect(withLeadingIds([], pendingRows([], null)).length).toBe(0)
  })

  it("keeps multi-byte text whole, each row in its own buffer for a worker to hand over", () => {
    const lines = ["Société Générale Côte d'Ivoire\tإعمار", "Ñ"]
    const rows = pendingRows(lines, [0, 0])
    expect(rows.bytes.byteOffset).toBe(0)
    expect(rows.bytes.buffer.byteLength).toBe(rows.bytes.byteLength)
    const long = pendingRows(["x".repeat(9000), "é".repeat(3000)], null)
    expect([long.bytes.constructor, long.bytes.byteOffset, long.bytes.buffer.byteLength]).toStrictEqual([Uint8Array, 0, 9000 + 6000 + 2])
    expect(withLeadingIds(["12345678901234567"], rows).toString("utf8")).toBe(
      "12345678901234567\tSociété Générale Côte d'Ivoire\tإعمار\n12345678901234567\tÑ\n"
    )
  })
})
