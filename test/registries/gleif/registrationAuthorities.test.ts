import { describe, expect, it } from "vitest"
import { registryIds } from "../../../src/domain/registrationNumbers.js"
import { authorityLookup, parseAuthorityCodes, registrationAuthorities } from "../../../src/registries/gleif/registrationAuthorities.js"

describe("GLEIF registration authorities of the 18 registries", () => {
  it("has one row per registry, and no code without where it was read", () => {
    expect(registrationAuthorities.map((r) => r.registry)).toEqual([...registryIds])
    for (const row of registrationAuthorities) {
      for (const code of row.codes) expect(code).toMatch(/^RA\d{6}$/)
      if (row.codes.length > 0) expect(row.confirmedFrom).not.toBeNull()
    }
  })

  it("KYB_GLEIF_RA_CODES: code=registry pairs; anything else is refused", () => {
    expect(parseAuthorityCodes(" ra000123=KE-BRS, RA000456=gh-orc ,")).toEqual({ pairs: [["RA000123", "ke-brs"], ["RA000456", "gh-orc"]], invalid: [] })
    expect(parseAuthorityCodes("RA12=ke-brs,RA000123=xx-none,RA000124").invalid).toEqual(["RA12=ke-brs", "RA000123=xx-none", "RA000124"])
    const lookup = authorityLookup([["RA000123", "ke-brs"]])
    expect(lookup("ra000123")).toBe("ke-brs")
    expect(lookup("RA000999")).toBeNull()
  })
})
