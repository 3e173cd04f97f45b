import { describe, expect, it } from "vitest"
import { candidateConfidence, isAmbiguous, rescore, designates } from "../../src/verify/resolution.js"

const candidate = (legalName: string, matchType: string, matchScore: number, country = "NG") => ({
  legalName,
  country,
  matchType,
  matchScore
})

describe("candidateConfidence", () => {
  it.each([
    ["the whole name, literally", "Dangote Cement PLC", candidate("DANGOTE CEMENT PLC", "prefix", 1), 1],
    ["the whole name without its legal form", "Dangote Cement", candidate("Dangote Cement PLC", "prefix", 1), 1],
    ["the whole name with another spelling of the legal form", "Dangote Cement Ltd", candidate("Dangote Cement PLC", "normalized", 0.98), 0.98],
    ["one word of two", "Dangote", candidate("Dangote Cement PLC", "prefix", 1), 0.73],
    ["a contained word", "Cement", candidate("Dangote Cement PLC", "contains", 1), 0.73],
    ["a normalised prefix", "Dangote Cem", candidate("Dangote Cement PLC", "normalized", 0.94), 0.73],
    ["a whole alias keeps its score", "MTN", candidate("MTN Nigeria Communications PLC", "alias", 0.92), 0.92],
    ["fuzzy keeps its score", "Dangote Cemnt", candidate("Dangote Cement PLC", "fuzzy", 0.84), 0.84],
    ["the whole name with other spacing", "Eco Bank Ghana", candidate("Ecobank Ghana Ltd", "normalized", 0.97, "GH"), 0.97],
    ["a part of the name with other spacing stays partial", "Eco Bank", candidate("Ecobank Ghana Ltd", "normalized", 0.85, "GH"), 0.6]
  ] as const)("%s", (_label, given, c, expected) => {
    expect(candidateConfidence(given, c)).toBe(expected)
  })

  it("a partial name never reaches the verified bar", () => {
    for (const given of ["Dangote", "Dangote Cement Nigeria Holdings", "Cement PLC"]) {
      expect(candidateConfidence(given, candidate("Dangote Cement Nigeria Holdings Group PLC", "prefix", 1))).toBeLessThan(0.9)
    }
  })
})

describe("isAmbiguous / rescore", () => {
  it("two whole-name matches are ambiguous; a whole match over a partial one is not", () => {
    const same = rescore("Kilimanjaro Coffee Traders", [
      candidate("Kilimanjaro Coffee Traders Limited", "prefix", 1, "KE"),
      candidate("Kilimanjaro Coffee Traders Limited", "prefix", 1, "UG")
    ])
    expect(isAmbiguous(same)).toBe(true)
    const partial = rescore("Dangote Cement", [
      candidate("Dangote Cement Zambia Limited", "prefix", 1),
      candidate("Dangote Cement PLC", "prefix", 1)
    ])
    expect(partial[0]?.legalName).toBe("Dangote Cement PLC")
    expect(isAmbiguous(partial)).toBe(false)
  })

  it("a weak second candidate does not make the best one ambiguous", () => {
    expect(isAmbiguous([{ score: 0.62 }, { score: 0.58 }])).toBe(false)
    expect(isAmbiguous([{ score: 1 }])).toBe(false)
    expect(isAmbiguous([])).toBe(false)
  })
})

describe("designates: the distinctive words of the name given must be in the stored name", () => {
  it("agrees despite legal forms, word order, typos and transposed letters", () => {
    expect(designates("Dangote Cement", "Dangote Cement PLC")).toBe(true)
    expect(designates("Cement Dangote Ltd", "Dangote Cement PLC")).toBe(true)
    expect(designates("Dangtoe Cement", "Dangote Cement PLC")).toBe(true)
    expect(designates("Dangote", "Dangote Cement PLC")).toBe(true)
    expect(designates("Safaricom", "SAFARICOM PLC")).toBe(true)
  })
  it("refuses a name that shares only generic words, places or a legal form", () => {
    expect(designates("IRAN INSURANCE COMPANY", "Hidan Insurance (Pty) Ltd")).toBe(false)
    expect(designates("ARAB PETROLEUM ENGINEERING COMPANY LTD", "PETROLEUM ENGINEERING LIMITED")).toBe(false)
    expect(designates("Global Energy", "Global Energy Company S.A.S.")).toBe(true)
    expect(designates("National Insurance Company", "Nigeria Insurance Company Ltd")).toBe(false)
    expect(designates("Acme Trading Limited", "Acne Trading Limited")).toBe(false)
  })
  it("a distinctive word of the name given missing from the stored name refuses it", () => {
    expect(designates("Dangote Sugar Refinery", "Dangote Cement PLC")).toBe(false)
    expect(designates("Kilimanjaro Coffee Traders", "Kilimanjaro Tea Traders Limited")).toBe(false)
  })
})
