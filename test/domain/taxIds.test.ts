import { describe, expect, it } from "vitest"
import { canonicalTaxId, taxIdCountries } from "../../src/domain/taxIds.js"

/** [country, raw, key, display, valid] */
const rows: ReadonlyArray<readonly [string, string, string, string, boolean]> = [
  // NG TIN
  ["NG", "12345678-0001", "123456780001", "12345678-0001", true],
  ["ng", "123456780001", "123456780001", "12345678-0001", true],
  ["NG", "TIN: 12345678-0001", "123456780001", "12345678-0001", true],
  ["NG", "12345678", "12345678", "12345678", true],
  ["NG", "1234567890", "1234567890", "1234567890", true],
  ["NG", "1234567", "1234567", "1234567", false],
  ["NG", "1234567890123", "1234567890123", "1234567890123", false],
  // KE KRA PIN
  ["KE", "P051092002G", "P051092002G", "P051092002G", true],
  ["KE", "p051092002g", "P051092002G", "P051092002G", true],
  ["KE", "KRA PIN P051092002G", "P051092002G", "P051092002G", true],
  ["KE", "A012345678Z", "A012345678Z", "A012345678Z", true],
  ["KE", "P05109200G", "P05109200G", "P05109200G", false],
  ["KE", "051092002", "051092002", "051092002", false],
  // MA ICE
  ["MA", "001525879000088", "001525879000088", "001525879000088", true],
  ["MA", "ICE 001 525 879 000 088", "001525879000088", "001525879000088", true],
  ["MA", "00152587900008", "00152587900008", "00152587900008", false],
  // SN NINEA
  ["SN", "123456789", "123456789", "123456789", true],
  ["SN", "123456789 2G3", "123456789", "123456789 2G3", true],
  ["SN", "NINEA 0123456 2G3", "0123456", "0123456 2G3", true],
  ["SN", "12345678", "12345678", "12345678", false],
  // MG / AO / RW
  ["MG", "4001257310", "4001257310", "4001257310", true],
  ["MG", "NIF 400 125 7310", "4001257310", "4001257310", true],
  ["MG", "400125731", "400125731", "400125731", false],
  ["AO", "5417123456", "5417123456", "5417123456", true],
  ["AO", "54171234567", "54171234567", "54171234567", false],
  ["RW", "100123456", "100123456", "100123456", true],
  ["RW", "TIN 100-123-456", "100123456", "100123456", true],
  ["RW", "10012345", "10012345", "10012345", false],
  // others with a scheme
  ["GH", "C0001234567", "C0001234567", "C0001234567", true],
  ["GH", "GHA-123456789-0", "GHA1234567890", "GHA-123456789-0", true],
  ["ZA", "9692942718", "9692942718", "9692942718", true],
  ["TZ", "123-456-789", "123456789", "123-456-789", true],
  ["UG", "1000123456", "1000123456", "1000123456", true],
  ["ZM", "1001234567", "1001234567", "1001234567", true],
  ["CM", "M051200012345A", "M051200012345A", "M051200012345A", true],
  ["CI", "1234567A", "1234567A", "1234567A", true],
  ["TN", "1234567/A/M/000", "1234567A", "1234567A", true],
  ["TN", "1234567A", "1234567A", "1234567A", true],
  ["TN", "1234567/A/A/M/000", "1234567A", "1234567A", true],
  ["EG", "123-456-789", "123456789", "123-456-789", true],
  // generic fallback
  ["BW", "C05123456789", "C05123456789", "C05123456789", true],
  ["MU", "C07012345", "C07012345", "C07012345", true],
  ["US", "12-3456789", "123456789", "123456789", true],
  ["BW", "123", "123", "123", false],
  ["US", "", "", "", false]
]

describe("canonicalTaxId", () => {
  it.each(rows)("%s %j", (country, raw, key, display, valid) => {
    expect(canonicalTaxId(country, raw)).toEqual({ key, display, valid })
  })

  it("has specific schemes for the countries named in the brief", () => {
    for (const c of ["NG", "KE", "MA", "SN", "MG", "AO", "RW"]) expect(taxIdCountries).toContain(c)
  })

  it("re-reads its own display form to the same key", () => {
    for (const [country, raw] of rows) {
      const t = canonicalTaxId(country, raw)
      if (t.valid) expect(canonicalTaxId(country, t.display)).toEqual(t)
    }
  })
})
