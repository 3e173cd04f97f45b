import { describe, expect, it } from "vitest"
import { initialismOf, MAX_INITIALS, MIN_INITIALS, type NameWord, organisationInitials } from "../../src/domain/initialism.js"

describe("initialismOf", () => {
  it.each([
    ["United Bank for Africa PLC", "NG", "uba"],
    ["United Bank For Africa PLC", undefined, "uba"],
    ["Cement Company of Northern Nigeria PLC", "NG", "ccnn"],
    ["Société Frigorifique et Brasserie de Tunis", "TN", "sfbt"],
    ["Societe Frigorifique Et Brasserie De Tunis SA", "TN", "sfbt"],
    ["First City Monument Bank Limited", "NG", "fcmb"],
    ["Guaranty Trust Bank PLC", "NG", "gtb"],
    ["Commercial International Bank (Egypt) S.A.E.", "EG", "cibe"],
    ["Société Ivoirienne de Banque", "CI", "sib"],
    ["Compagnie Ivoirienne d’Electricité", "CI", "cie"],
    ["Banque Internationale pour l'Industrie et le Commerce du Benin", "BJ", "biicb"],
    ["Kenya Power and Lighting Company Ltd", "KE", "kpl"],
    ["The Standard Bank of South Africa Ltd", "ZA", "sbsa"],
    ["Banco de Fomento Angola, S.A.", "AO", "bfa"],
    ["Sociedade Nacional de Combustíveis de Angola E.P.", "AO", "snca"],
    ["Dangote Cement PLC", "NG", "dc"],
    ["B O C Gases Nigeria PLC", "NG", "bgn"],
    ["Safaricom PLC", "KE", null],
    ["Safaricom", undefined, null],
    ["PLC", undefined, null],
    ["of the and", undefined, null],
    ["", undefined, null]
  ] as const)("%j -> %j", (name, country, expected) => {
    expect(initialismOf(name, country)).toBe(expected)
  })
})

describe("organisationInitials (issue 51 item 2)", () => {
  const words = (spec: string): ReadonlyArray<NameWord> =>
    spec.split(" ").map((w) => w.startsWith("~") ? { word: w.slice(1), role: "function" } : w.startsWith("#") ? { word: w.slice(1), role: "legal_form" } : { word: w, role: "content" })

  it("gives the initials with and without function words and legal forms", () => {
    expect([...organisationInitials(words("united bank ~for africa #plc"))].sort()).toEqual(["uba", "ubap", "ubfa", "ubfap"])
    expect([...organisationInitials(words("korea mining development trading #corporation"))].sort()).toEqual(["kmdt", "kmdtc"])
    expect([...organisationInitials(words("societe generale ~de banques ~en cote ~d ivoire"))]).toContain("sgbci")
  })

  it("none for a name of fewer than three words of its own, or initials too long to be read as initials", () => {
    expect(organisationInitials(words("zenith bank #plc"))).toEqual([])
    expect(organisationInitials(words("hamas"))).toEqual([])
    expect(organisationInitials(words("a b c d e f g h i"))).toEqual([])
    expect(organisationInitials(words("a b c d e f g #h"))).toEqual(["abcdefg", "abcdefgh"])
  })

  it("skips words that do not start with a letter", () => {
    expect(organisationInitials(words("7 star general trading"))).toEqual(["sgt"])
    expect(MIN_INITIALS).toBe(3)
    expect(MAX_INITIALS).toBe(8)
  })
})
