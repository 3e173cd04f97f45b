import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { canonicalNumber, registryForCountry, registryIds } from "../../src/domain/registrationNumbers.js"
import { liveRegistryIds, registryById, registryCatalog } from "../../src/registries/catalog.js"

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
const schemesDir = path.join(repoRoot, "data", "companies", "identifier_schemes")

describe("registry catalog", () => {
  it("covers the 18 registries once each, in registryIds order", () => {
    expect(registryCatalog.map((r) => r.id)).toEqual([...registryIds])
  })

  it("marks exactly the seven live registries", () => {
    expect([...liveRegistryIds].sort()).toEqual(["bw-cipa", "mg-rcs", "mu-cbrd", "ng-cac", "tn-rne", "tz-brela", "zm-pacra"])
  })

  it("agrees with registryForCountry and has https/http public URLs", () => {
    for (const r of registryCatalog) {
      expect(registryForCountry(r.country)).toBe(r.id)
      expect(r.country).toMatch(/^[A-Z]{2}$/)
      expect(new URL(r.publicUrl).protocol).toMatch(/^https?:$/)
      expect(r.name.length).toBeGreaterThan(3)
    }
  })

  it("looks registries up by id", () => {
    expect(registryById("za-cipc")?.identifierScheme).toBe("ZA-CIP")
    expect(registryById("nope")).toBeUndefined()
  })

  it("uses org-id.guide's identifier scheme of its country wherever org-id lists that country (data/companies/identifier_schemes)", () => {
    const files = readdirSync(schemesDir)
    let checked = 0
    for (const r of registryCatalog) {
      const file = `${r.identifierScheme.toLowerCase()}.json`
      if (!files.some((f) => f.startsWith(`${r.country.toLowerCase()}-`))) continue
      expect(files, r.id).toContain(file)
      const scheme = JSON.parse(readFileSync(path.join(schemesDir, file), "utf8")) as { code: string; coverage: ReadonlyArray<string> }
      expect(scheme.code, r.id).toBe(r.identifierScheme)
      expect(scheme.coverage, r.id).toContain(r.country)
      checked++
    }
    expect(checked).toBe(16)
  })

  it("accepts every example number quoted in its own numberFormats", () => {
    const examples: Record<string, ReadonlyArray<string>> = {
      "ng-cac": ["RC 208767", "RC1726083", "BN 2345678"],
      "za-cipc": ["1950/038232/06"],
      "mu-cbrd": ["C137459", "C07012345"],
      "tn-rne": ["1234567A", "B0123452015"]
    }
    for (const [id, numbers] of Object.entries(examples)) {
      const info = registryById(id)!
      for (const n of numbers) {
        expect(info.numberFormats).toContain(n)
        expect(canonicalNumber(info.id, n).valid).toBe(true)
      }
    }
  })
})
