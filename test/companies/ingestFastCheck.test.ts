import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import fc from "fast-check"
import { fastCanonical } from "../../src/companies/ingest/fastCheck.js"
import { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"

const decode = Schema.decodeUnknownResult(CanonicalCompany, { onExcessProperty: "ignore" })

/** Values that are valid somewhere and invalid elsewhere, so fields are tried with both. */
const anyValue = fc.oneof(
  fc.constantFrom(undefined, null, "", "   ", "NG", "ng", "NGA", "RC 1", "Acme Ltd", "active", "closed", "synthetic",
    "bogus", "2020-01-31", "2020-1-31", "2026-06-01T00:00:00Z", "not a date", "brand", "ticker", 7, true),
  fc.string({ maxLength: 6 })
)
const alias = fc.record({ name: anyValue, kind: anyValue }, { requiredKeys: [] })
const officer = fc.record({ name: anyValue, role: anyValue, appointed_on: anyValue, resigned_on: anyValue, nationality: anyValue }, { requiredKeys: [] })
const record = fc.record({
  country: anyValue, registration_no: anyValue, legal_name: anyValue, status: anyValue, entity_type: anyValue,
  entity_type_label: anyValue, incorporation_date: anyValue, registered_address: anyValue, tax_id: anyValue,
  listed_ticker: anyValue, source: anyValue, source_url: anyValue, source_kind: anyValue, last_verified_at: anyValue,
  aliases: fc.oneof(anyValue, fc.array(fc.oneof(alias, anyValue), { maxLength: 3 })),
  officers: fc.oneof(anyValue, fc.array(fc.oneof(officer, anyValue), { maxLength: 3 }))
}, { requiredKeys: [] })

const base = {
  country: "NG", registration_no: "RC 1", legal_name: "Acme Ltd", status: "active", source: "x",
  last_verified_at: "2026-06-01T00:00:00Z", aliases: [{ name: "Acme", kind: "brand" }], officers: [{ name: "A B" }]
}
const fields = [
  "country", "registration_no", "legal_name", "status", "entity_type", "entity_type_label", "incorporation_date",
  "registered_address", "tax_id", "listed_ticker", "source", "source_url", "source_kind", "last_verified_at"
]
/** A valid record with one or two fields (or an alias or officer) replaced. */
const nearlyValid = fc.tuple(
  fc.subarray(fields, { minLength: 1, maxLength: 2 }),
  fc.array(anyValue, { minLength: 2, maxLength: 2 }),
  fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: alias, weight: 1 }),
  fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: officer, weight: 1 })
).map(([keys, values, a, o]) => {
  const r: Record<string, unknown> = { ...base }
  keys.forEach((k, i) => {
    r[k] = values[i]
  })
  if (a !== null) r["aliases"] = [a]
  if (o !== null) r["officers"] = [o]
  return r
})

describe("ingest fast check", () => {
  it("accepts only what the CanonicalCompany schema accepts", () => {
    let accepted = 0
    fc.assert(fc.property(fc.oneof(record, nearlyValid), (r) => {
      if (fastCanonical(r) === null) return
      accepted++
      expect(Result.isSuccess(decode(r))).toBe(true)
    }), { numRuns: 20_000 })
    expect(accepted).toBeGreaterThan(500)
  })

  it("accepts a well-formed record", () => {
    const good = {
      country: "NG", registration_no: "RC 1", legal_name: "Acme Ltd", status: "active", source: "x",
      last_verified_at: "2026-06-01T00:00:00Z", aliases: [{ name: "Acme", kind: "brand" }], officers: [{ name: "A B" }]
    }
    expect(fastCanonical(good)).toBe(good)
  })
})
