import { describe, expect, it } from "vitest"
import { candidateQuery, correctedGroups, type WordGroup } from "../../src/search/fuzzy.js"
import { editDistance, tokenSetSimilarity, wordSimilarity } from "../../src/search/similarity.js"

describe("editDistance (optimal string alignment)", () => {
  it.each([
    ["cement", "cement", 0],
    ["cemnt", "cement", 1],
    ["laafrge", "lafarge", 1],
    ["tuniise", "tunisie", 1],
    ["kitten", "sitting", 3],
    ["", "abc", 3]
  ] as const)("%s / %s -> %i", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d)
    expect(editDistance(b, a)).toBe(d)
  })
  it("stops early past max", () => expect(editDistance("abcdefgh", "zyxwvuts", 2)).toBe(3))
})

describe("word and token-set similarity", () => {
  it("short words must be equal; longer ones allow one edit per four letters", () => {
    expect(wordSimilarity("bank", "bonk")).toBeGreaterThan(0)
    expect(wordSimilarity("abc", "abd")).toBe(0)
    expect(wordSimilarity("safaricon", "safaricom")).toBeCloseTo(8 / 9)
    expect(wordSimilarity("guinness", "nigeria")).toBe(0)
  })
  it("ignores word order and charges missing words", () => {
    expect(tokenSetSimilarity(["cement", "dangote"], ["dangote", "cement"])).toBe(1)
    expect(tokenSetSimilarity(["access", "nigeria"], ["access", "bank", "nigeria"])).toBeCloseTo(0.8)
    expect(tokenSetSimilarity([], ["x"])).toBe(0)
  })
})

const group = (token: string, words: ReadonlyArray<string>, companies: number): WordGroup => ({ token, words, companies })

describe("fuzzy candidate queries", () => {
  const groups = [group("dangote", ["dangote"], 40), group("cemnt", ["cement", "ciment"], 30_000), group("zq", [], 0)]
  it("all words, near spellings as alternatives, unknown words left out", () =>
    expect(candidateQuery(groups, "all")).toBe("'dangote' & ('cement' | 'ciment')"))
  it("relaxed: a rare word alone, or any two", () =>
    expect(candidateQuery(groups, "relaxed")).toBe("('dangote') | ('dangote' & ('cement' | 'ciment'))"))
  it("one word used by many alone asks nothing, sooner next to a word held nowhere", () => {
    expect(candidateQuery([group("bank", ["bank"], 50_000)], "all")).toBeNull()
    expect(candidateQuery([group("bnak", ["bank"], 5_000)], "all")).toBe("'bank'")
    expect(candidateQuery([group("qwxzv", [], 0), group("holdings", ["holdings"], 5_000)], "all")).toBeNull()
    expect(candidateQuery([group("safaricon", ["safaricom"], 3)], "all")).toBe("'safaricom'")
  })
  it("a misspelt legal form is dropped once corrected", () => {
    const typo = [group("brimstone", ["brimstone"], 1), group("corrporation", ["corporation"], 900)]
    expect(correctedGroups(typo, "ZA").map((g) => g.token)).toEqual(["brimstone"])
  })
})
