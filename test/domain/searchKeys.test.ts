import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { canonicalSpelling, otherSpellings } from "../../src/domain/nameEquivalences.js"
import { normalizeName } from "../../src/domain/normalize.js"
import {
  compactKey,
  isShareClassListing,
  SHARE_CLASS_HINTS,
  SHARE_CLASS_PATTERN,
  shareClassIssuer,
  withoutIssuersShareClasses,
  spellingsOf,
  transpositions
} from "../../src/domain/searchKeys.js"

describe("compactKey", () => {
  it("makes spacing and punctuation irrelevant on normalised names", () => {
    const key = (s: string) => compactKey(normalizeName(s))
    expect(key("Eco Bank Ghana Ltd")).toBe(key("Ecobank Ghana Limited"))
    expect(key("Tanzania-Cement")).toBe(key("TanzaniaCement"))
    expect(key("M.T.N.")).toBe("mtn")
    expect(key("First Rand")).toBe(key("FirstRand"))
    expect(compactKey("")).toBe("")
  })

  it("keeps letters and their order: different names stay different", () => {
    expect(compactKey("eco bank")).not.toBe(compactKey("bank eco"))
    expect(compactKey("a b c")).toBe("abc")
  })
})

describe("isShareClassListing", () => {
  it("reads the exchanges' share-class names", () => {
    for (
      const name of [
        "Standard Bank Group Ltd 6.5%",
        "Capitec Bank Holdings Ltd Pref",
        "Investec Ltd Non Cum",
        "Les Moulins De La Concorde Ltee Pref",
        "Livestock Feed Pref Ltd",
        "PSG Group Ltd Pref",
        "Acme Ltd 8% Cumulative Redeemable Preference",
        "Acme Holdings Preference Shares",
        "ACME PLC 10,5 %",
        "Acme Ltd (Pref)"
      ]
    ) expect(isShareClassListing(name), name).toBe(true)
  })

  it("leaves companies alone, including names that start with or hold such words", () => {
    for (
      const name of [
        "Standard Bank Group Ltd",
        "Preference Ltd",
        "Prefab Holdings",
        "Preferred Partners Kenya Ltd",
        "Cumulative Gains Ltd",
        "Redeemable Assets Trust Ltd",
        "Naspers N",
        "100% Organic Foods Ltd",
        "Sonatel",
        ""
      ]
    ) expect(isShareClassListing(name), name).toBe(false)
  })

  it("every name it matches holds one of the hints the database checks first", () => {
    const samples = [
      "Acme 6.5%", "Acme 10,5 %", "Acme Pref", "Acme Prefs", "Acme Preference", "Acme Preferred Stock", "Acme Non Cum",
      "Acme Non-Cum", "Acme noncum", "Acme Non-Cumulative", "Acme Cumulative Shares", "Acme Redeemable Ltd", "Acme (pref)"
    ]
    for (const name of samples) {
      expect(isShareClassListing(name), name).toBe(true)
      expect(SHARE_CLASS_HINTS.some((h) => name.toLowerCase().includes(h)), name).toBe(true)
    }
    // Each alternative of the pattern's class word (its first group) holds a hint as written.
    const open = SHARE_CLASS_PATTERN.indexOf("(", SHARE_CLASS_PATTERN.indexOf("]"))
    const alternatives: Array<string> = []
    let depth = 0
    let current = ""
    for (const ch of SHARE_CLASS_PATTERN.slice(open + 1)) {
      if (ch === ")" && depth === 0) break
      if (ch === "|" && depth === 0) {
        alternatives.push(current)
        current = ""
        continue
      }
      if (ch === "(") depth++
      if (ch === ")") depth--
      current += ch
    }
    alternatives.push(current)
    expect(alternatives.length).toBeGreaterThan(5)
    for (const a of alternatives) expect(SHARE_CLASS_HINTS.some((h) => a.includes(h)), a).toBe(true)
  })

  it("is one pattern for JavaScript and PostgreSQL: no shorthand classes or look-around", () => {
    expect(SHARE_CLASS_PATTERN).not.toMatch(/\\[dswbDSWB]|\(\?[=!<:]/)
  })
})

describe("share classes and their issuer", () => {
  it("cuts the class off the listing's name", () => {
    expect(shareClassIssuer("Standard Bank Group Ltd 6.5%")).toBe("standard bank group ltd")
    expect(shareClassIssuer("Capitec Bank Holdings Ltd Pref")).toBe("capitec bank holdings ltd")
    expect(shareClassIssuer("Acme Ltd (Pref)")).toBe("acme ltd")
    expect(shareClassIssuer("Standard Bank Group Ltd")).toBeNull()
  })

  const c = (legalName: string, country = "ZA") => ({ legalName, country })
  const keep = (names: ReadonlyArray<{ legalName: string; country: string }>) =>
    withoutIssuersShareClasses(names, (x) => x, normalizeName).map((x) => x.legalName)

  it("drops a listing whose issuer is a candidate too, in any order", () => {
    expect(keep([c("Standard Bank Group Ltd 6.5%"), c("Standard Bank Group Limited"), c("Standard Bank Ltd", "MW")]))
      .toEqual(["Standard Bank Group Limited", "Standard Bank Ltd"])
  })

  it("keeps a listing alone, or whose issuer is another country's company or another name", () => {
    expect(keep([c("Capitec Bank Holdings Ltd Pref")])).toEqual(["Capitec Bank Holdings Ltd Pref"])
    expect(keep([c("Capitec Bank Holdings Ltd Pref"), c("Capitec Bank Holdings Ltd", "NA")])).toHaveLength(2)
    expect(keep([c("Capitec Bank Holdings Ltd Pref"), c("Capitec Bank Ltd")])).toHaveLength(2)
  })
})

describe("transpositions", () => {
  it("gives every adjacent swap once, never the word itself", () => {
    expect(transpositions("cemnet")).toEqual(["ecmnet", "cmenet", "cenmet", "cement", "cemnte"])
    expect(transpositions("abba")).toEqual(["baba", "abab"])
    expect(transpositions("aaaa")).toEqual([])
  })

  it("skips words shorter than four letters", () => {
    expect(transpositions("abc")).toEqual([])
    expect(transpositions("")).toEqual([])
  })

  it("works on code points (accented letters stay whole)", () => {
    expect(transpositions("séné")).toContain("ésné")
    expect(transpositions("a\u{1F600}bc")).toEqual(["\u{1F600}abc", "ab\u{1F600}c", "a\u{1F600}cb"])
  })

  it("is the definition's (swap two adjacent code points) for any word", () => {
    const reference = (word: string) => {
      const letters = [...word]
      if (letters.length < 4) return []
      const out = new Set<string>()
      for (let i = 0; i + 1 < letters.length; i++) {
        const swapped = [...letters]
        swapped[i] = letters[i + 1]!
        swapped[i + 1] = letters[i]!
        out.add(swapped.join(""))
      }
      out.delete(word)
      return [...out]
    }
    fc.assert(fc.property(fc.string({ unit: "grapheme-composite", maxLength: 10 }), (word) => {
      expect(transpositions(word)).toEqual(reference(word))
    }), { numRuns: 1000 })
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 10 }), (word) => {
      expect(transpositions(word)).toEqual(reference(word))
    }), { numRuns: 1000 })
  })
})

describe("spellingsOf", () => {
  it("offers equivalents first, then transpositions, each word once", () => {
    const spellings = spellingsOf("mohamed")
    expect(spellings[0]).toEqual({ word: "muhammad", kind: "equivalent" })
    expect(spellings.filter((s) => s.kind === "equivalent").map((s) => s.word)).toContain("mohammed")
    expect(spellings.some((s) => s.word === "mohamed")).toBe(false)
    expect(spellings.filter((s) => s.kind === "transposed").map((s) => s.word)).toContain("mohaemd")
    expect(new Set(spellings.map((s) => s.word)).size).toBe(spellings.length)
  })

  it("gives the article's other forms and nothing for an ordinary short word", () => {
    expect(spellingsOf("el")).toEqual([{ word: "al", kind: "equivalent" }, { word: "ul", kind: "equivalent" }])
    expect(spellingsOf("bank").every((s) => s.kind === "transposed")).toBe(true)
    expect(spellingsOf("of")).toEqual([])
  })
})

describe("canonicalSpelling and otherSpellings", () => {
  it("read every spelling of a name as one", () => {
    expect(new Set(["mohamed", "muhammad", "mohammed", "mohd"].map(canonicalSpelling))).toEqual(new Set(["muhammad"]))
    expect(canonicalSpelling("el")).toBe("al")
    expect(canonicalSpelling("ul")).toBe("al")
    expect(canonicalSpelling("bank")).toBe("bank")
  })

  it("lists the other spellings, symmetric", () => {
    expect(otherSpellings("hussein")).toContain("husayn")
    expect(otherSpellings("husayn")).toContain("hussein")
    expect(otherSpellings("hussein")).not.toContain("hussein")
    expect(otherSpellings("bank")).toEqual([])
  })
})
