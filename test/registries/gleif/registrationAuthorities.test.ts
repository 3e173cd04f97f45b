import { describe, expect, it } from "vitest"
import { ConfigProvider, Effect } from "effect"
import { gleifDescriptor } from "../../../src/registries/gleif/descriptor.js"
import { countryOfRegistry, registryIds } from "../../../src/domain/registrationNumbers.js"
import { authorityLookup, parseAuthorityCodes, registrationAuthorities } from "../../../src/registries/gleif/registrationAuthorities.js"

describe("GLEIF registration authorities of the 18 registries", () => {
  it("has one row per registry, and no code without where it was read", () => {
    expect(registrationAuthorities.map((r) => r.registry)).toEqual([...registryIds])
    for (const row of registrationAuthorities) {
      for (const code of row.codes) expect(code).toMatch(/^RA\d{6}$/)
      if (row.codes.length > 0) expect(row.confirmedFrom).not.toBeNull()
      // The codes are of the registry's country, as GLEIF's list gives it.
      if (row.codes.length > 0) expect(row.listCountry).toBe(countryOfRegistry(row.registry))
      if (row.codes.length === 0) expect([row.confirmedFrom, row.listCountry]).toEqual([null, null])
    }
    const codes = registrationAuthorities.flatMap((r) => r.codes)
    expect(new Set(codes).size, "no code is two registries'").toBe(codes.length)
  })

  it("KYB_GLEIF_RA_CODES: code=registry pairs; anything else is refused", () => {
    expect(parseAuthorityCodes(" ra000123=KE-BRS, RA000456=gh-orc ,")).toEqual({ pairs: [["RA000123", "ke-brs"], ["RA000456", "gh-orc"]], invalid: [] })
    expect(parseAuthorityCodes("RA12=ke-brs,RA000123=xx-none,RA000124").invalid).toEqual(["RA12=ke-brs", "RA000123=xx-none", "RA000124"])
    const lookup = authorityLookup([["RA000123", "ke-brs"]])
    expect(lookup("ra000123")).toBe("ke-brs")
    expect(lookup("RA000999")).toBeNull()
  })
})

describe("GLEIF's coverage descriptor (read by GET /v1/registries)", () => {
  const describeWith = (env: Record<string, string>) =>
    Effect.runSync(Effect.provide(gleifDescriptor, ConfigProvider.layer(ConfigProvider.fromUnknown(env))))

  it("live with KYB_REGISTRY_LIVE all; confirms registered only where an RA code is matched", () => {
    const coverage = describeWith({ KYB_REGISTRY_LIVE: "all", KYB_GLEIF_RA_CODES: "RA990001=ke-brs" })
    expect(coverage("KE")).toEqual({ live: true, confirms: ["registered", "status", "owners"], registrationAuthorities: ["RA990001"] })
    expect(coverage("GH")).toEqual({ live: true, confirms: ["status", "owners"], registrationAuthorities: [] })
    expect(coverage("FR")).toBeUndefined()
  })

  it("not live when the live sources are off", () => {
    expect(describeWith({ KYB_REGISTRY_LIVE: "none" })("KE")?.live).toBe(false)
  })
})
