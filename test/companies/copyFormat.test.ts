import { describe, expect, it } from "@effect/vitest"
import { copyField, copyRows, withLeadingIds } from "../../src/companies/write/copyFormat.js"

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

  it("writes columns as tab-separated rows, then puts each owner's id in front", () => {
    const columns = [["x", "y", "z"], ["a", null, "c\td"], [true, false, true]]
    const owned = copyRows(columns, [1, 0, 1])
    expect(owned.count).toBe(3)
    expect(Buffer.from(owned.bytes).toString()).toBe("x\ta\tt\ny\t\\N\tf\nz\tc\\td\tt\n")
    expect(withLeadingIds(["101", "102"], owned).toString()).toBe("102\tx\ta\tt\n101\ty\t\\N\tf\n102\tz\tc\\td\tt\n")
    expect(withLeadingIds(["7", "8", "9"], copyRows(columns, null)).toString()).toBe("7\tx\ta\tt\n8\ty\t\\N\tf\n9\tz\tc\\td\tt\n")
    expect(copyRows([], null).count).toBe(0)
    expect(withLeadingIds([], copyRows([], null)).length).toBe(0)
  })

  it("keeps multi-byte text whole, past the buffer it starts with, in a buffer of its own for a worker to hand over", () => {
    const rows = copyRows([["Société Générale Côte d'Ivoire", "Ñ"], ["إعمار", "😀"]], [0, 0])
    expect(rows.bytes.byteOffset).toBe(0)
    expect(rows.bytes.buffer.byteLength).toBeLessThan(64 * 1024)
    expect(withLeadingIds(["12345678901234567"], rows).toString("utf8")).toBe(
      "12345678901234567\tSociété Générale Côte d'Ivoire\tإعمار\n12345678901234567\tÑ\t😀\n"
    )
    const long = ["x".repeat(9000), "é".repeat(3000), "😀".repeat(2000)]
    const grown = copyRows([long], null)
    expect(grown.bytes.byteLength).toBe(9000 + 6000 + 8000 + 3)
    expect(Buffer.from(grown.bytes).toString("utf8")).toBe(long.join("\n") + "\n")
  })
})
