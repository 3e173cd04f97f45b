import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { parse } from "csv-parse/sync"
import * as fs from "node:fs"
import * as path from "node:path"
import { makeCorpusGenerator, syntheticSource } from "../../scripts/corpus/generate.js"
import { KNOWN_NUMBERS_FILE, knownNumberIdentifier, listedRecords } from "../../scripts/corpus/listed.js"
import { registrySpecs } from "../../scripts/corpus/registries.js"
import { CanonicalCompany } from "../../src/domain/CanonicalCompany.js"
import { normalizeName } from "../../src/domain/normalize.js"
import { canonicalNumber, isRegistryId, registryForCountry } from "../../src/domain/registrationNumbers.js"
import { realNameKeys } from "../../scripts/corpus/realNames.js"

/** The repository: the generator reads the real name files under its data/. */
const repoRoot = path.resolve(import.meta.dirname, "..", "..")
const rows = (seed: number, n: number) => {
  const generator = makeCorpusGenerator({ seed, sharedDir: repoRoot })
  return Array.from({ length: n }, () => generator.next())
}

describe("corpus generator", () => {
  const sample = rows(42, 6000)

  it("is deterministic for a seed and differs between seeds", () => {
    expect(rows(42, 300)).toEqual(sample.slice(0, 300))
    expect(rows(43, 300)).not.toEqual(sample.slice(0, 300))
  })

  it("produces canonical records marked synthetic", () => {
    const decode = Schema.decodeUnknownResult(CanonicalCompany)
    for (const record of sample) {
      expect(Result.isSuccess(decode(record))).toBe(true)
      expect(record.source).toBe(syntheticSource(42))
      expect(record.source_kind).toBe("synthetic")
    }
  })

  it("covers the 18 registries in their proportions, with valid and unique numbers", () => {
    const perRegistry = new Map<string, number>()
    const keys = new Set<string>()
    const invalid: Array<string> = []
    for (const record of sample) {
      const registry = registryForCountry(record.country)
      expect(registry).not.toBeNull()
      const number = canonicalNumber(registry!, record.registration_no)
      if (!number.valid) invalid.push(`${registry} ${record.registration_no}`)
      keys.add(`${registry}:${number.key}`)
      perRegistry.set(registry!, (perRegistry.get(registry!) ?? 0) + 1)
    }
    expect(invalid).toEqual([])
    expect(keys.size).toBe(sample.length)
    expect(perRegistry.size).toBe(18)
    const totalWeight = registrySpecs.reduce((s, r) => s + r.weight, 0)
    for (const spec of registrySpecs) {
      const share = (perRegistry.get(spec.id) ?? 0) / sample.length
      expect(Math.abs(share - spec.weight / totalWeight)).toBeLessThan(0.02)
    }
  })

  it("gives officers to a share of companies and legal forms per country", () => {
    const withOfficers = sample.filter((r) => (r.officers?.length ?? 0) > 0).length / sample.length
    expect(withOfficers).toBeGreaterThan(0.25)
    expect(withOfficers).toBeLessThan(0.45)
    const ng = sample.filter((r) => r.country === "NG").map((r) => r.legal_name)
    expect(ng.some((n) => /Nig\. Ltd$/i.test(n))).toBe(true)
    expect(sample.filter((r) => r.country === "SN").some((r) => /\bSARL$/i.test(r.legal_name))).toBe(true)
    expect(sample.filter((r) => r.country === "AO").some((r) => /\bLda$/i.test(r.legal_name))).toBe(true)
  })
})

describe("listed companies as canonical records", () => {
  const result = listedRecords(repoRoot, 1)
  const knownRows = parse(fs.readFileSync(path.join(repoRoot, KNOWN_NUMBERS_FILE), "utf8"), { columns: true, bom: true }) as ReadonlyArray<Record<string, string>>

  it("keeps real names, tickers, aliases and the known registration numbers", () => {
    const dangote = result.records.find((r) => r.legal_name === "Dangote Cement PLC")
    expect(dangote?.reference_id).toBe("ref-listed-ng-dangote-cement-plc")
    expect(dangote?.listed_ticker).toBe("DANGCEM")
    expect(dangote?.aliases).toContainEqual({ name: "Dangote Cement", kind: "short" })
    expect(dangote?.identifiers).toContainEqual(expect.objectContaining({ scheme: "ng-cac", value: "RC 208767" }))
    expect(result.realNumbers).toBe(9)
    expect(result.undatedUnlinked).toBe(2)
  })

  it("credits each value to the file that holds it (issue 53 item 5): no number to a listing, no date no file states", () => {
    const readme = fs.readFileSync(path.join(repoRoot, "data", "companies", "README.md"), "utf8")
    for (const record of result.records) {
      // A listing publishes no registration number: the record has none, and a number it carries is the CSV's.
      expect(record.registration_no ?? null).toBeNull()
      expect(record.reference_id).toMatch(/^ref-listed-[a-z]{2}-/)
      expect(readme, `${record.legal_name}: ${record.last_verified_at}`).toContain(record.last_verified_at.slice(0, 10))
      for (const id of record.identifiers ?? []) {
        if (!isRegistryId(id.scheme)) continue
        expect(id.source).toContain(KNOWN_NUMBERS_FILE)
        expect(canonicalNumber(registryForCountry(record.country)!, id.value).valid).toBe(true)
      }
    }
    expect(result.records.filter((r) => r.source.includes("investpy") && r.source.includes("registration number"))).toEqual([])
    // Every linked row of the CSV is on its listing's record, credited to the CSV and naming the company it names.
    for (const row of knownRows.filter((r) => r["linked_record_id"] !== "")) {
      const carrying = result.records.filter((r) => (r.identifiers ?? []).some((i) => i.value === row["registration_no"]))
      expect(carrying.length, row["registration_no"]).toBe(1)
      const id = carrying[0]!.identifiers!.find((i) => i.value === row["registration_no"])!
      expect(id.source).toContain(row["legal_name"]!)
      expect(carrying[0]!.source).not.toContain("public text")
    }
    expect(result.records.length).toBeGreaterThan(900)
  })

  it("is a pure mapping of a CSV row to an identifier credited to the CSV", () => {
    expect(knownNumberIdentifier({ country: "ZA", legal_name: "Test Co Limited (synthetic)", registration_no: "2010/000001/07", registration_authority: "CIPC" }))
      .toEqual({ scheme: "za-cipc", value: "2010/000001/07", source: `${KNOWN_NUMBERS_FILE}: CIPC number of Test Co Limited (synthetic) as printed in public text (unverified; the file states no date)` })
    expect(knownNumberIdentifier({ country: "ZA", legal_name: "X", registration_no: " " })).toBeNull()
    expect(knownNumberIdentifier({ country: "FR", legal_name: "X", registration_no: "123" })).toBeNull()
  })
})

describe("the generated corpus behaves like registries (issue 14)", () => {
  const generated = rows(7, 30_000)
  it("registers a name once per registry (no exact or normalised duplicates)", () => {
    const seen = new Set<string>()
    const duplicates: Array<string> = []
    for (const record of generated) {
      const key = `${record.country}|${normalizeName(record.legal_name, record.country)}`
      if (seen.has(key)) duplicates.push(key)
      seen.add(key)
    }
    expect(duplicates).toEqual([])
  })
  it("never copies a real company's name from the data folder", () => {
    const real = realNameKeys(repoRoot)
    expect(real.size).toBeGreaterThan(4000)
    expect(real.has(normalizeName("Safaricom Limited"))).toBe(true)
    const copies = generated.filter((r) => real.has(normalizeName(r.legal_name)) || real.has(normalizeName(r.legal_name, r.country)))
    expect(copies.map((r) => r.legal_name)).toEqual([])
  })
  it("keeps near names: many names share words with others of their registry", () => {
    const firstWords = new Map<string, number>()
    for (const r of generated) {
      const key = `${r.country}|${normalizeName(r.legal_name, r.country).split(" ")[0]}`
      firstWords.set(key, (firstWords.get(key) ?? 0) + 1)
    }
    expect([...firstWords.values()].filter((n) => n > 1).length).toBeGreaterThan(100)
  })
})
