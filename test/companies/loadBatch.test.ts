import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import type { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { prepareLoadBatch } from "../../src/companies/write/loadBatch.js"
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

const observed = (records: ReadonlyArray<CanonicalCompany>) =>
  records.map((r) => Either.getOrThrow(observe(r)))

describe("prepareLoadBatch", () => {
  it("merges a company repeated in the batch, and gives each list row the index of its company", () => {
    const batch = prepareLoadBatch(observed([
      record({ aliases: [{ name: "Dangote", kind: "short" }, { name: "DANGCEM", kind: "ticker" }], listed_ticker: "DANGCEM" }),
      record({ registration_no: "RC-208767", legal_name: "Dangote Cement PLC", last_verified_at: "2026-07-01T00:00:00Z" }),
      record({ registration_no: "RC 1", legal_name: "Tab\tand\\slash Ltd", officers: [{ name: "Ada Obi", role: "Director" }] })
    ]), now)
    expect(batch.counts).toStrictEqual({ inserted: 2, updated: 1, unchanged: 0 })
    expect(batch.keys.length).toBe(2)
    expect(batch.companyLines.length).toBe(2)
    const dangote = batch.companyLines.findIndex((l) => l.includes("Dangote Cement PLC"))
    const other = 1 - dangote
    // The newer observation's name won; the given ticker and the derived one are one row.
    const dangoteAliases = batch.aliasLines.filter((_, i) => batch.aliasOwner[i] === dangote).map((l) => l.split("\t")[2]).sort()
    expect(dangoteAliases).toStrictEqual(["initialism", "short", "ticker"])
    expect(batch.officerOwner).toStrictEqual([other])
    expect(batch.officerLines[0]!.startsWith("Ada Obi\tDirector\t")).toBe(true)
    // Tabs and backslashes inside values are escaped, so every line has the table's 26 fields after the id.
    for (const line of batch.companyLines) expect(line.split("\t")).toHaveLength(26)
    expect(batch.companyLines[other]).toContain("Tab\\tand\\\\slash Ltd")
  })

  it("an empty batch prepares nothing", () => {
    const batch = prepareLoadBatch([], now)
    expect([batch.keys.length, batch.aliasLines.length, batch.officerLines.length]).toStrictEqual([0, 0, 0])
  })
})
