import { describe, expect, it } from "@effect/vitest"
import { provenanceJson } from "../../src/companies/write/rows.js"
import type { FieldProvenance, Provenance } from "../../src/companies/write/state.js"

const registry: FieldProvenance = { source: "CAC", source_url: "https://search.cac.gov.ng", checked_at: "2026-01-02T03:04:05.000Z", confidence: 0.95 }
const listing: FieldProvenance = { source: "NGX \"listed\" \\ companies", source_url: null, checked_at: "2025-05-06T00:00:00.000Z", confidence: 0.7 }

describe("provenanceJson", () => {
  it.each<[string, Provenance]>([
    ["empty", {}],
    ["one shared object", { registration_no: registry, legal_name: registry, status: registry, officers: registry }],
    ["two sources, escapes", { legal_name: registry, listed_ticker: listing, aliases: listing }],
    ["undefined entries left out", { legal_name: registry, status: undefined, tax_id: listing }]
  ])("%s: parses back to the defined entries", (_, provenance) => {
    const expected = Object.fromEntries(Object.entries(provenance).filter(([, v]) => v !== undefined))
    expect(JSON.parse(provenanceJson(provenance))).toStrictEqual(expected)
  })
})
