import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import type { CanonicalCompany, SourceKind } from "../../src/domain/CanonicalCompany.js"
import { fromObservation, mergeObservation, replaces } from "../../src/companies/write/merge.js"
import { observe } from "../../src/companies/write/observe.js"
import type { CompanyState } from "../../src/companies/write/state.js"

/**
 * Which source's value a company keeps (issue 53 item 5): a newer secondary record never takes a registry's fields by
 * number, a registry's value replaces a secondary one whatever the dates, and the fold is order-independent.
 * Synthetic test records: each source says so.
 */

const record = (kind: SourceKind, at: string, fields: Partial<CanonicalCompany>): CanonicalCompany => ({
  country: "ZA",
  registration_no: "2010/000001/07",
  legal_name: "Test Holdings Limited",
  source: `Test ${kind} source (synthetic)`,
  source_kind: kind,
  last_verified_at: at,
  ...fields
})

const observed = (r: CanonicalCompany) => Result.getOrThrow(observe(r))
const confidence = () => 0.5
const fold = (records: ReadonlyArray<CanonicalCompany>): CompanyState => {
  const [first, ...rest] = records.map(observed)
  return rest.reduce<CompanyState>((state, o) => mergeObservation(state, o, confidence), fromObservation(first!, confidence))
}

describe("replaces (which source's value a field keeps)", () => {
  const kinds: ReadonlyArray<SourceKind> = ["live", "registry", "secondary", "synthetic"]
  it.each(kinds.flatMap((a) => kinds.map((b) => [a, b] as const)))("incoming %s over held %s", (incoming, held) => {
    const registry = (k: SourceKind) => k === "live" || k === "registry"
    if (registry(incoming) && !registry(held)) {
      expect(replaces(incoming, held, () => false)).toBe(true)
    } else if (!registry(incoming) && registry(held)) {
      expect(replaces(incoming, held, () => true)).toBe(false)
    } else {
      expect(replaces(incoming, held, () => true)).toBe(true)
      expect(replaces(incoming, held, () => false)).toBe(false)
    }
  })
  it("treats a held value of unknown kind (rows written before kinds were kept) as not a registry's", () => {
    expect(replaces("secondary", undefined, () => true)).toBe(true)
    expect(replaces("secondary", undefined, () => false)).toBe(false)
    expect(replaces("registry", undefined, () => false)).toBe(true)
  })
})

describe("merging a secondary record into a registry's company by number", () => {
  const registry = record("registry", "2026-01-10T00:00:00Z", { legal_name: "Test Holdings Limited", status: "active" })
  const newerListing = record("secondary", "2026-09-01T00:00:00Z", {
    legal_name: "Test Holdings Ltd (listing name)", status: "dissolved", listed_ticker: "TSTJ", registered_address: "1 Test Street"
  })

  it("keeps the registry's name, status and record source; takes only the fields the registry did not give", () => {
    const state = fold([registry, newerListing])
    expect(state.values.legal_name).toBe("Test Holdings Limited")
    expect(state.values.status).toBe("active")
    expect(state.provenance.legal_name?.source_kind).toBe("registry")
    expect(state.record.source_kind).toBe("registry")
    expect(state.values.listed_ticker).toBe("TSTJ")
    expect(state.provenance.listed_ticker?.source).toBe("Test secondary source (synthetic)")
  })

  it("ends the same whichever came first (an older registry record still replaces a newer listing's values)", () => {
    const a = fold([registry, newerListing])
    const b = fold([newerListing, registry])
    expect(b.values).toEqual(a.values)
    expect(b.provenance).toEqual(a.provenance)
    expect(b.record).toEqual(a.record)
    expect(b.content_hash).toBe(a.content_hash)
  })

  it("lets a newer registry record replace an older one, and a newer secondary one an older secondary one", () => {
    const newerRegistry = record("registry", "2026-06-01T00:00:00Z", { legal_name: "Test Holdings (Renamed) Limited" })
    expect(fold([registry, newerRegistry]).values.legal_name).toBe("Test Holdings (Renamed) Limited")
    const olderListing = record("secondary", "2025-01-01T00:00:00Z", { legal_name: "Old Listing Name Ltd" })
    expect(fold([olderListing, newerListing]).values.legal_name).toBe("Test Holdings Ltd (listing name)")
  })

  it("changes nothing when the same records are folded again (an idempotent load)", () => {
    const once = fold([registry, newerListing])
    const twice = [registry, newerListing].map(observed).reduce<CompanyState>((s, o) => mergeObservation(s, o, confidence), once)
    expect(twice.content_hash).toBe(once.content_hash)
  })
})

describe("an identifier credited to the file that holds it", () => {
  it("keeps the identifier's own source beside the record's", () => {
    const o = observed({
      country: "ZA",
      reference_id: "ref-listed-za-test-holdings-ltd",
      identifiers: [
        { scheme: "isin", value: "ZAE000000000" },
        { scheme: "za-cipc", value: "2010/000001/07", source: "known numbers file (synthetic)" }
      ],
      legal_name: "Test Holdings Ltd",
      source: "Test listing (synthetic)",
      source_kind: "secondary",
      last_verified_at: "2022-02-02T00:00:00Z"
    })
    expect(o.identifiers.find((i) => i.scheme === "isin")?.source).toBe("Test listing (synthetic)")
    expect(o.identifiers.find((i) => i.scheme === "za-cipc")?.source).toBe("known numbers file (synthetic)")
    expect(o.values.registration_no).toBeNull()
  })
})
