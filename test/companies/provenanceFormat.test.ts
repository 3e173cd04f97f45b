import { describe, expect, it } from "@effect/vitest"
import { decodeProvenance, encodeProvenance } from "../../src/companies/write/provenanceFormat.js"
import type { FieldProvenance, Provenance } from "../../src/companies/write/state.js"

const registry: FieldProvenance = { source: "CAC", source_url: "https://search.cac.gov.ng", checked_at: "2026-01-02T03:04:05.000Z", confidence: 0.95 }
const listing: FieldProvenance = { source: "NGX \"listed\" \\ companies", source_url: null, checked_at: "2025-05-06T00:00:00.000Z", confidence: 0.7 }

const cases: ReadonlyArray<readonly [string, Provenance]> = [
  ["empty", {}],
  ["one shared source", { registration_no: registry, legal_name: registry, status: registry, officers: registry }],
  ["two sources, escapes", { legal_name: registry, listed_ticker: listing, aliases: listing }]
]

describe("stored provenance", () => {
  it.each(cases)("%s: decodes to what was encoded", (_, provenance) => {
    expect(decodeProvenance(encodeProvenance(provenance))).toStrictEqual(provenance)
    expect(decodeProvenance(JSON.parse(encodeProvenance(provenance)))).toStrictEqual(provenance)
  })

  it("stores each distinct source once", () => {
    const stored = JSON.parse(encodeProvenance({ legal_name: registry, status: registry, tax_id: listing, aliases: registry }))
    expect(stored).toStrictEqual({ sources: [registry, listing], fields: { legal_name: 0, status: 0, tax_id: 1, aliases: 0 } })
  })

  it("reads the first format (a field-by-field map), a missing source_url and confidence included", () => {
    const legacy = { legal_name: registry, status: { source: "CAC", checked_at: "2026-01-02T03:04:05.000Z" }, junk: 3 }
    expect(decodeProvenance(legacy)).toStrictEqual({
      legal_name: registry,
      status: { source: "CAC", source_url: null, checked_at: "2026-01-02T03:04:05.000Z", confidence: 0 }
    })
  })

  it("ignores what is not provenance", () => {
    expect(decodeProvenance(null)).toStrictEqual({})
    expect(decodeProvenance({ sources: [registry], fields: { legal_name: 4, status: "0" } })).toStrictEqual({})
  })
})
