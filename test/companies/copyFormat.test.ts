import { describe, expect, it } from "@effect/vitest"
import { copyField, copyRows, fillIds, ID_WIDTH } from "../../src/companies/ingest/bulk/copyFormat.js"

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

  /** COPY text with each row's id placeholder: ID_WIDTH characters, the id right-aligned. */
  const padded = (text: string) =>
    text.split("\n").map((row) => {
      if (row === "") return row
      const tab = row.indexOf("\t")
      return row.slice(0, tab).padStart(ID_WIDTH) + row.slice(tab)
    }).join("\n")

  it("writes columns as tab-separated rows behind a place for the id, then writes each owner's id there", () => {
    const columns = [["x", "y", "z"], ["a", null, "c\td"], [true, false, true]]
    const owned = copyRows(columns, [1, 0, 1])
    expect(owned.count).toBe(3)
    expect(Buffer.from(owned.bytes).toString()).toBe(padded("\tx\ta\tt\n\ty\t\\N\tf\n\tz\tc\\td\tt\n"))
    expect(fillIds(["101", "102"], owned).toString()).toBe(padded("102\tx\ta\tt\n101\ty\t\\N\tf\n102\tz\tc\\td\tt\n"))
    // Written in place: the rows' own bytes hold the ids; filled again, no digit of a longer id stays.
    expect(Buffer.from(owned.bytes).toString()).toBe(padded("102\tx\ta\tt\n101\ty\t\\N\tf\n102\tz\tc\\td\tt\n"))
    expect(fillIds(["7", "8"], owned).toString()).toBe(padded("8\tx\ta\tt\n7\ty\t\\N\tf\n8\tz\tc\\td\tt\n"))
    expect(fillIds(["7", "8", "9"], copyRows(columns, null)).toString()).toBe(padded("7\tx\ta\tt\n8\ty\t\\N\tf\n9\tz\tc\\td\tt\n"))
    expect(copyRows([], null).count).toBe(0)
    expect(fillIds([], copyRows([], null)).length).toBe(0)
    expect(() => fillIds(["1".repeat(ID_WIDTH + 1)], copyRows([["x"]], null))).toThrow(RangeError)
  })

  it("keeps multi-byte text whole, past the buffer it starts with, in a buffer of its own for a worker to hand over", () => {
    const rows = copyRows([["Société Générale Côte d'Ivoire", "Ñ"], ["إعمار", "😀"]], [0, 0])
    expect(rows.bytes.byteOffset).toBe(0)
    expect(rows.bytes.buffer.byteLength).toBeLessThan(64 * 1024)
    expect(fillIds(["9223372036854775807"], rows).toString("utf8")).toBe(
      padded("9223372036854775807\tSociété Générale Côte d'Ivoire\tإعمار\n9223372036854775807\tÑ\t😀\n")
    )
    const long = ["x".repeat(9000), "é".repeat(3000), "😀".repeat(2000)]
    const grown = copyRows([long], null)
    expect(grown.bytes.byteLength).toBe(3 * (ID_WIDTH + 1) + 9000 + 6000 + 8000 + 3)
    expect(fillIds(["1", "2", "3"], grown).toString("utf8")).toBe(padded(long.map((l, i) => `${i + 1}\t${l}`).join("\n") + "\n"))
  })
})
