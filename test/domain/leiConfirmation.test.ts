import { describe, expect, it } from "vitest"
import { type LeiEntry, leiRecord, leiReferenceId, leiVerdict } from "../../src/domain/leiConfirmation.js"
import type { RegistryId } from "../../src/domain/registrationNumbers.js"
import { kilimaEvidence } from "../registries/gleif/support.js"

/** A synthetic entry (invented: no real LEI, name or number). */
const entry = (over: Partial<LeiEntry> = {}, registration: Partial<LeiEntry["registration"]> = {}): LeiEntry => ({
  lei: "SYNTHKE0000000000101",
  legalName: " Synthetic Kilima Tea Holdings Limited ",
  otherNames: [{ name: "Kilima Tea", type: "TRADING_OR_OPERATING_NAME" }, { name: "Kilima Estates Ltd", type: "PREVIOUS_LEGAL_NAME" }],
  legalAddress: { lines: ["1 Synthetic Road"], city: "Nairobi", region: null, country: "KE", postalCode: "00100" },
  jurisdiction: "KE",
  registeredAt: "RA990001",
  registeredAs: "PVT-SYN7K1A2B",
  entityStatus: "ACTIVE",
  creationDate: "2012-03-14T00:00:00Z",
  ...over,
  registration: {
    initialRegistrationDate: "2019-05-02T09:12:44Z",
    lastUpdateDate: "2026-04-30T11:05:10Z",
    status: "ISSUED",
    nextRenewalDate: "2027-05-02T09:12:44Z",
    corroborationLevel: "FULLY_CORROBORATED",
    validatedAt: "RA990001",
    validatedAs: "PVT-SYN7K1A2B",
    ...registration
  }
})

const authorities: Record<string, RegistryId> = { RA990001: "ke-brs", RA990003: "mu-cbrd" }
const lookup = (code: string) => authorities[code] ?? null
const from = { source: "GLEIF (Global LEI Index)", sourceUrl: null, kind: "live" as const, checkedAt: "2026-11-29T05:00:00.000Z", registryName: (id: RegistryId) => id }

describe("leiVerdict: registered only when fully corroborated against the country's own registry and active", () => {
  it("fully corroborated, active, current LEI, the country's registry: registered in it", () => {
    expect(leiVerdict(entry(), lookup)).toEqual({ registered: true, registry: "ke-brs" })
    for (const status of ["PENDING_TRANSFER", "PENDING_ARCHIVAL"]) {
      expect(leiVerdict(entry({}, { status }), lookup).registered).toBe(true)
    }
  })

  it.each([
    ["partly corroborated", entry({}, { corroborationLevel: "PARTIALLY_CORROBORATED" })],
    ["entity supplied only", entry({}, { corroborationLevel: "ENTITY_SUPPLIED_ONLY" })],
    ["inactive entity", entry({ entityStatus: "INACTIVE" })],
    ["lapsed LEI", entry({}, { status: "LAPSED" })],
    ["retired LEI", entry({}, { status: "RETIRED" })],
    ["annulled LEI", entry({}, { status: "ANNULLED" })],
    ["no authority", entry({ registeredAt: null })],
    ["no number", entry({ registeredAs: "  " })],
    ["an authority not mapped to a registry", entry({ registeredAt: "RA999999" })],
    ["another country's registry", entry({ registeredAt: "RA990003" }, { validatedAt: "RA990003" })],
    ["validated at another authority", entry({}, { validatedAt: "RA990003" })],
    ["validated under another number", entry({}, { validatedAs: "PVT-OTHER" })]
  ])("%s: not registered", (_, e) => {
    expect(leiVerdict(e, lookup).registered).toBe(false)
  })

  it("a jurisdiction with a subdivision (KE-30) is its country's", () => {
    expect(leiVerdict(entry({ jurisdiction: "KE-30" }), lookup).registered).toBe(true)
  })
})

describe("leiRecord", () => {
  it("registered: the registry number, GLEIF's evidence, the LEI as identifier, other names as aliases", () => {
    const record = leiRecord(entry(), leiVerdict(entry(), lookup), from)!
    expect(record).toMatchObject({
      country: "KE",
      registration_no: "PVT-SYN7K1A2B",
      legal_name: "Synthetic Kilima Tea Holdings Limited",
      status: "active",
      incorporation_date: "2012-03-14",
      registered_address: "1 Synthetic Road, Nairobi, 00100, KE",
      identifiers: [{ scheme: "lei", value: "SYNTHKE0000000000101" }],
      aliases: [{ name: "Kilima Tea", kind: "trading" }, { name: "Kilima Estates Ltd", kind: "former" }],
      source_kind: "live"
    })
    expect(record.lei_registration).toEqual(kilimaEvidence("ke-brs"))
  })

  it("not registered: a reference entity (no number, no evidence, source kind secondary)", () => {
    const e = entry({ entityStatus: "INACTIVE" })
    const record = leiRecord(e, leiVerdict(e, lookup), from)!
    expect(record.registration_no).toBeNull()
    expect(record.reference_id).toBe(leiReferenceId("KE", e.lei))
    expect(record.reference_id).toBe("ref-gleif-ke-synthke0000000000101")
    expect(record.status).toBe("dissolved")
    expect(record.source_kind).toBe("secondary")
    expect(record.lei_registration).toBeUndefined()
  })

  it("outside the 18 countries: no record", () => {
    const e = entry({ jurisdiction: "DE", legalAddress: { lines: [], city: null, region: null, country: "DE", postalCode: null } })
    expect(leiRecord(e, leiVerdict(e, lookup), from)).toBeNull()
  })
})
