import { describe, expect, it } from "vitest"
import { type LinkableRecord, linkRecords } from "../../src/domain/companyLinks.js"

const rec = (id: string, over: Partial<LinkableRecord> = {}): LinkableRecord => ({
  id, country: "NG", registrationKey: null, fromRegistry: false, nameNorm: `name ${id}`, identifiers: [], ...over
})
const registryKey = (scheme: string, value: string) => scheme === "ng-cac" ? `ng-cac:${value.replace(/\D/g, "")}` : null

describe("linkRecords (one business, one record)", () => {
  it("links a listing and an EITI entity to the registry record by name, and a report's RC number by number", () => {
    const { links, left } = linkRecords([
      rec("1", { registrationKey: "ng-cac:208767", fromRegistry: true, nameNorm: "dangote cement" }),
      rec("2", { nameNorm: "dangote cement", identifiers: [{ scheme: "ticker", value: "NGX:DANGCEM" }] }),
      rec("3", { nameNorm: "dangote cement", identifiers: [{ scheme: "NG-TIN", value: "04059106-0001" }] }),
      rec("4", { nameNorm: "dangote cement nigeria", identifiers: [{ scheme: "ng-cac", value: "RC208767" }] })
    ], registryKey)
    expect(links).toEqual([
      { id: "2", primaryId: "1", reason: "name", detail: "NG dangote cement" },
      { id: "3", primaryId: "1", reason: "name", detail: "NG dangote cement" },
      { id: "4", primaryId: "1", reason: "registration_no", detail: "ng-cac RC208767" }
    ])
    expect(left).toEqual([])
  })

  it("links by a shared tax number, ISIN or ticker on one exchange, whatever the names", () => {
    const { links } = linkRecords([
      rec("1", { identifiers: [{ scheme: "NG-TIN", value: "12345678-0001" }] }),
      rec("2", { identifiers: [{ scheme: "NG-TIN", value: "123456780001" }] }),
      rec("3", { country: "CI", identifiers: [{ scheme: "ticker", value: "BRVM:SNTS" }] }),
      rec("4", { country: "CI", identifiers: [{ scheme: "ticker", value: "BRVM:SNTS" }, { scheme: "isin", value: "SN0000000019" }] }),
      rec("5", { country: "CI", identifiers: [{ scheme: "isin", value: "SN0000000019" }] })
    ], registryKey)
    expect(links.map((l) => [l.id, l.primaryId, l.reason])).toEqual([["2", "1", "tax_id"], ["4", "3", "isin"], ["5", "3", "isin"]])
  })

  it("never joins records whose tax numbers differ, by name or any other tie (issue 53 item 8)", () => {
    const { links, left } = linkRecords([
      rec("1", { country: "CM", nameNorm: "addax petroleum cameroon", identifiers: [{ scheme: "CM-NIU", value: "M019600004547B" }] }),
      rec("2", { country: "CM", nameNorm: "addax petroleum cameroon", identifiers: [{ scheme: "CM-NIU", value: "M029700007812K" }] }),
      rec("3", { country: "CM", nameNorm: "other", identifiers: [{ scheme: "CM-NIU", value: "M029700007812K" }, { scheme: "isin", value: "CM0000000001" }] }),
      rec("4", { country: "CM", nameNorm: "other two", identifiers: [{ scheme: "CM-NIU", value: "M019600004547B" }, { scheme: "isin", value: "CM0000000001" }] })
    ], registryKey)
    expect(links.map((l) => [l.id, l.primaryId, l.reason])).toEqual([["4", "1", "tax_id"], ["3", "2", "tax_id"]])
    expect(left).toEqual([{ country: "CM", nameNorm: "addax petroleum cameroon", businesses: 2, reason: "conflicting_identifiers" }])
  })

  it("keeps two registered companies with one name two, links nothing by that name, and counts the group left", () => {
    const { links, left } = linkRecords([
      rec("1", { registrationKey: "ng-cac:1", fromRegistry: true, nameNorm: "acme" }),
      rec("2", { registrationKey: "ng-cac:2", fromRegistry: true, nameNorm: "acme" }),
      rec("3", { nameNorm: "acme" })
    ], registryKey)
    expect(links).toEqual([])
    expect(left).toEqual([{ country: "NG", nameNorm: "acme", businesses: 3, reason: "distinct_registration_numbers" }])
  })

  it("never joins two registration numbers through a shared identifier", () => {
    const { links } = linkRecords([
      rec("1", { registrationKey: "ng-cac:1", identifiers: [{ scheme: "lei", value: "X1" }] }),
      rec("2", { registrationKey: "ng-cac:2", identifiers: [{ scheme: "lei", value: "X1" }] })
    ], registryKey)
    expect(links).toEqual([])
  })

  it("the same name in two countries is two businesses", () => {
    expect(linkRecords([rec("1", { nameNorm: "total" }), rec("2", { country: "SN", nameNorm: "total" })], registryKey).links).toEqual([])
  })
})
