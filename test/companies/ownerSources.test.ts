import { describe, expect, it } from "vitest"
import { mergeOwners, type SourcedOwner } from "../../src/domain/ownerSources.js"

const parent = (over: Partial<SourcedOwner>): SourcedOwner => ({
  name: "Synthetic Parent Holdings Ltd", name_as_registered: null, kind: "entity", nationality: null, share_pct: null, voting_pct: null,
  notified_on: null, source: "live", last_verified_at: "2026-11-20T00:00:00.000Z", lei: "SYNTHMU0000000000999", relationship: "direct", ...over
})

describe("one owner from every source that reports it", () => {
  it("the newest source's values, an empty one filled by the older source and credited to it alone; owners without an LEI never merged", () => {
    const psc = parent({ name: "A Person", kind: "individual", lei: null, relationship: null, share_pct: 10, source: "psc" })
    const merged = mergeOwners([
      psc,
      parent({ source: "file", last_verified_at: "2026-05-01T00:00:00.000Z", nationality: "MU", relationship: "ultimate" }),
      { ...psc, source: "psc copy" },
      parent({ source: "live" })
    ])
    expect(merged.map((o) => [o.name, o.source])).toEqual([["A Person", "psc"], ["Synthetic Parent Holdings Ltd", "live"], ["A Person", "psc copy"]])
    expect(merged[1]).toMatchObject({ nationality: "MU", relationship: "direct", last_verified_at: "2026-11-20T00:00:00.000Z" })
    expect(merged[1]!.sources.map((s) => [s.source, s.fields])).toEqual([
      ["live", ["name", "kind", "lei", "relationship"]],
      ["file", ["name", "kind", "nationality", "lei"]]
    ])
    expect(merged[0]!.sources).toEqual([{ source: "psc", last_verified_at: psc.last_verified_at, fields: ["name", "kind", "share_pct"] }])
  })
})
