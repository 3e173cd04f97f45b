import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { ID_WIDTH, type PendingRows } from "../../src/companies/ingest/bulk/copyFormat.js"
import { prepareLoadBatch } from "../../src/companies/ingest/bulk/loadBatch.js"
import { observe } from "../../src/companies/write/observe.js"

const now = new Date("2026-11-01T00:00:00Z")

const record = (over: Partial<CanonicalCompany>): CanonicalCompany => ({
  country: "NG",
  registration_no: "RC 208767",
  legal_name: "Dangote Cement Plc",
  source: "CAC",
  last_verified_at: "2026-06-01T00:00:00Z",
  ...over
})

/** The rows as text lines after the place left for their id (ID_WIDTH spaces and a tab). */
const linesOf = (rows: PendingRows) =>
  new TextDecoder().decode(rows.bytes).split("\n").slice(0, -1).map((line) => {
    expect(line.slice(0, ID_WIDTH + 1)).toBe(`${" ".repeat(ID_WIDTH)}\t`)
    return line.slice(ID_WIDTH + 1)
  })

const observed = (records: ReadonlyArray<CanonicalCompany>) =>
  records.map((r) => Result.getOrThrow(observe(r)))

describe("prepareLoadBatch", () => {
  it("merges a company repeated in the batch, and gives each list row the index of its company", () => {
    const batch = prepareLoadBatch(observed([
      record({ aliases: [{ name: "Dangote", kind: "short" }, { name: "DANGCEM", kind: "ticker" }], listed_ticker: "DANGCEM" }),
      record({ registration_no: "RC-208767", legal_name: "Dangote Cement PLC", last_verified_at: "2026-07-01T00:00:00Z" }),
      record({ registration_no: "RC 1", legal_name: "Tab\tand\\slash Ltd", officers: [{ name: "Ada Obi", role: "Director" }] })
    ]), now)
    expect(batch.counts).toStrictEqual({ inserted: 2, updated: 1, unchanged: 0 })
    expect(batch.keys.length).toBe(2)
    const companyLines = linesOf(batch.companyRows)
    expect([batch.companyRows.count, companyLines.length, batch.companyRows.owner]).toStrictEqual([2, 2, null])
    const dangote = companyLines.findIndex((l) => l.includes("Dangote Cement PLC"))
    const other = 1 - dangote
    // The newer observation's name won; the given ticker and the derived one are one row.
    const aliasLines = linesOf(batch.aliasRows)
    expect(aliasLines.length).toBe(batch.aliasRows.count)
    const dangoteAliases = aliasLines.filter((_, i) => batch.aliasRows.owner![i] === dangote).map((l) => l.split("\t")[2]).sort()
    expect(dangoteAliases).toStrictEqual(["initialism", "short", "ticker"])
    expect([...batch.officerRows.owner!]).toStrictEqual([other])
    expect(linesOf(batch.officerRows)[0]!.startsWith("Ada Obi\tDirector\t")).toBe(true)
    // Tabs and backslashes inside values are escaped, so every line has the table's 28 fields after the id (identifiers and registry evidence among them, issue 38).
    for (const line of companyLines) expect(line.split("\t")).toHaveLength(28)
    expect(companyLines[other]).toContain("Tab\\tand\\\\slash Ltd")
  })

  it("an empty batch prepares nothing", () => {
    const batch = prepareLoadBatch([], now)
    expect([batch.keys.length, batch.companyRows.count, batch.aliasRows.count, batch.officerRows.count]).toStrictEqual([0, 0, 0, 0])
    expect([batch.companyRows.bytes.byteLength, batch.aliasRows.bytes.byteLength]).toStrictEqual([0, 0])
  })
})
