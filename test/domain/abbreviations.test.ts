import { describe, expect, it } from "vitest"
import { ABBREVIATIONS, expansionAt, PLAIN_ABBREVIATIONS } from "../../src/domain/abbreviations.js"

const business = (word: string) => ["trading", "corporation", "company", "group", "societe", "general"].includes(word)
const read = (words: string) => {
  const ws = words.split(" ")
  return ws.map((_, i) => expansionAt(ws, i, business) ?? ws[i]).join(" ")
}

describe("the reviewed abbreviation table (issue 51 item 2)", () => {
  it.each([
    ["intl bank", "international bank"], ["natl oil corporation", "national oil corporation"], ["acme bros", "acme brothers"],
    ["acme mfg company", "acme manufacturing company"], ["farmers assn", "farmers association"], ["state dept of works", "state department of works"],
    ["ets diallo", "etablissements diallo"], ["ste gle des mines", "societe generale des mines"], ["banque intle", "banque internationale"],
    ["cie nle de transport", "cie nationale de transport"], ["coml do norte", "comercial do norte"], ["empresa nac de seguros", "empresa nacional de seguros"]
  ])("reads %s as %s", (written, meant) => expect(read(written)).toBe(meant))

  it("reads a word that is also a name part only where nothing else fits", () => {
    expect(read("korea ryonbong gen corporation")).toBe("korea ryonbong general corporation")
    expect(read("gen trading")).toBe("gen trading")
    expect(read("kim gen")).toBe("kim gen")
    expect(read("parchin chemical ind")).toBe("parchin chemical industries")
    expect(read("ind ltd")).toBe("ind ltd")
    expect(read("min of defence")).toBe("ministry of defence")
    expect(read("min de la defense")).toBe("ministry de la defense")
    expect(read("min of")).toBe("min of")
    expect(read("lee min ho")).toBe("lee min ho")
    expect(read("dir des impots")).toBe("direction des impots")
  })

  it("holds each short form once, for one word, in the languages it names", () => {
    const shorts = ABBREVIATIONS.map((a) => a.short)
    expect(new Set(shorts).size).toBe(shorts.length)
    for (const a of ABBREVIATIONS) {
      expect(a.short).toMatch(/^[a-z]+$/)
      expect(a.word).toMatch(/^[a-z]+$/)
      expect(a.languages.length).toBeGreaterThan(0)
      if (a.where === "anywhere") expect(PLAIN_ABBREVIATIONS.get(a.short)).toBe(a.word)
      else expect(PLAIN_ABBREVIATIONS.has(a.short)).toBe(false)
    }
    for (const language of ["en", "fr", "pt"] as const) expect(ABBREVIATIONS.some((a) => a.languages.includes(language))).toBe(true)
  })
})
