import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { cacPscRecords, cacPscSource } from "../../src/companies/ingest/psc/cacPsc.js"
import { dataDir } from "../sanctions/paths.js"

const realFile = path.join(dataDir, "companies", "ng_cac_psc.json")

describe("the CAC persons-with-significant-control export", () => {
  it("reads the real register file: 10 companies with their RC numbers, 18 owners with kind, shares and dates", () => {
    const records = Result.getOrThrow(cacPscRecords(JSON.parse(fs.readFileSync(realFile, "utf8")), { name: "A Harvester", url: "https://example.org/copy" }))
    expect(records.length).toBe(10)
    expect(records.reduce((n, r) => n + r.owners.length, 0)).toBe(18)
    const dangote = records.find((r) => r.record.registration_no === "RC 208767")!
    expect(dangote.record).toMatchObject({
      country: "NG", legal_name: "DANGOTE CEMENT PLC", status: "active", source: cacPscSource("2026-08-12", { name: "A Harvester", url: null }),
      source_url: "https://example.org/copy", source_kind: "registry", last_verified_at: "2026-08-12T00:00:00Z"
    })
    expect(dangote.record.source).toBe(
      "Corporate Affairs Commission (NG-CAC), Persons with Significant Control register: copy of its public search harvested on " +
        "2026-08-12 and published by A Harvester (not the registry's own publication)"
    )
    expect(dangote.record.officers).toBeUndefined()
    expect(dangote.owners).toEqual([{
      name: "Dangote Industries Limited", name_as_registered: "LTD DANGOTE INDUSTRIES", kind: "entity", nationality: "Nigerian", share_pct: 96.6,
      voting_pct: null, notified_on: "2023-05-07"
    }])
    const kinds = new Set(records.flatMap((r) => r.owners.map((o) => o.kind)))
    expect([...kinds].sort()).toEqual(["entity", "individual", "unknown"])
  })

  it("no direct share given: share_pct null, never 0 (issue 53 item 6): 7 of the real file's 18 owners", () => {
    const records = Result.getOrThrow(cacPscRecords(JSON.parse(fs.readFileSync(realFile, "utf8"))))
    const owners = records.flatMap((r) => r.owners)
    expect(owners.filter((o) => o.share_pct === null).length).toBe(7)
    const guinness = records.find((r) => r.record.registration_no === "RC 771")!
    expect(guinness.owners.map((o) => o.share_pct)).toEqual([null, null])
    // The register's own spelling is kept beside the copy's reading (issue 53 item 7).
    expect(guinness.owners.map((o) => [o.name, o.name_as_registered])).toEqual([
      ["Atalanta Limited", "LIMITED ATALANTAF"], ["Guinness Overseas Limited", "OVERSEAS LIMITED GUINNNESS"]
    ])
    expect(guinness.record.source).toContain("by a third party the file does not name")
    const zenith = records.find((r) => r.record.registration_no === "RC 150224")
    expect(zenith?.owners.map((o) => o.share_pct)).toEqual([19.3])
  })

  it("maps kinds and statuses, sums direct and indirect holdings, drops blank owners", () => {
    const file = {
      meta: { register: "CAC PSC", harvested: "2026-01-02" },
      index: {
        A: {
          company: "ACME LIMITED", rc: "RC 12345", status: "STRUCK OFF",
          pscs: [
            { owner_name: " Ada Obi ", owner_kind: "person", share_pct_direct: 10, share_pct_indirect: 5, notified: "not a date" },
            { owner_name: "A Trust", owner_kind: "arrangement", voting_pct_direct: null, voting_pct_indirect: 20 },
            { owner_name: "  ", owner_kind: "person" }
          ]
        }
      }
    }
    const [acme] = Result.getOrThrow(cacPscRecords(file))
    expect(acme!.record).toMatchObject({ registration_no: "RC 12345", status: "dissolved", last_verified_at: "2026-01-02T00:00:00Z" })
    expect(acme!.owners).toEqual([
      { name: "Ada Obi", name_as_registered: null, kind: "individual", nationality: null, share_pct: 15, voting_pct: null, notified_on: null },
      { name: "A Trust", name_as_registered: null, kind: "unknown", nationality: null, share_pct: null, voting_pct: null, notified_on: null }
    ])
  })

  it("refuses another shape with the reason", () => {
    for (const bad of [null, [], { meta: {} }, { meta: { register: "x", harvested: "2026-01-01" }, index: { A: { company: "X" } } }]) {
      const result = cacPscRecords(bad)
      expect(Result.isFailure(result)).toBe(true)
      expect(Result.getFailure(result).pipe((o) => o._tag === "Some" && o.value.length > 0)).toBe(true)
    }
  })
})
