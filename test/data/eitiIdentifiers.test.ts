import { describe, expect, it } from "vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { EITI_FILE_DATE, eitiIdentifier, eitiRecords } from "../../scripts/corpus/eiti.js"
import { repoRoot } from "../sanctions/paths.js"

/** An EITI report's identifier keeps the scheme its source states, and a report states no CAC number (issue 53 item 8). */
describe("EITI identifiers as the reports give them", () => {
  it("a Nigerian report's bare or RC-prefixed number is kept as filed (NG-EITI), never as a CAC number", () => {
    expect(eitiIdentifier("NG", "RC208767")).toEqual({ scheme: "NG-EITI", value: "RC208767", tax: false })
    expect(eitiIdentifier("NG", "208767")).toEqual({ scheme: "NG-EITI", value: "208767", tax: false })
    expect(eitiIdentifier("NG", "04059106-0001")).toEqual({ scheme: "NG-TIN", value: "04059106-0001", tax: true })
  })

  it("no record of the real EITI file holds a registry's scheme", () => {
    const records = eitiRecords(repoRoot)
    expect(records.length).toBeGreaterThan(100)
    const registrySchemes = records.flatMap((r) => (r.identifiers ?? []).filter((i) => /^[a-z]{2}-[a-z]+$/.test(i.scheme)))
    expect(registrySchemes).toEqual([])
    expect(records.every((r) => r.registration_no === undefined || r.registration_no === null)).toBe(true)
  })

  it("each record is dated as data/companies/README.md dates the file, never by a date no file states (issue 53 item 5)", () => {
    const readme = fs.readFileSync(path.join(repoRoot, "data", "companies", "README.md"), "utf8")
    expect(readme).toContain(`EITI API generated ${EITI_FILE_DATE.slice(0, 10)}`)
    for (const record of eitiRecords(repoRoot)) expect(record.last_verified_at).toBe(EITI_FILE_DATE)
  })
})
