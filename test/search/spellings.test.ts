import { describe, expect, it } from "vitest"
import { candidateClauses, fuzzyScorer, type WordGroup, wordGroups } from "../../src/search/fuzzy.js"
import { withSpellings, type WordRow } from "../../src/search/wordStatements.js"

const row = (i: number, word: string, companies: number, sim: number): WordRow => ({ i, word, companies, sim })

describe("withSpellings", () => {
  const asked = [
    { i: 1, word: "muhammad", kind: "equivalent" as const },
    { i: 2, word: "cement", kind: "transposed" as const },
    { i: 2, word: "cemnte", kind: "transposed" as const }
  ]

  it("puts the held spellings first, marked, each word once per query word", () => {
    const near = [row(2, "cemetery", 40, 0.4), row(2, "cement", 900, 0.27), row(1, "mohamed", 12, 1)]
    const merged = withSpellings(near, [{ i: 2, word: "cement", companies: 900 }, { i: 1, word: "muhammad", companies: 30 }], asked)
    expect(merged.map((w) => [w.i, w.word, w.spelling])).toEqual([
      [1, "muhammad", "equivalent"],
      [2, "cement", "transposed"],
      [2, "cemetery", undefined],
      [1, "mohamed", undefined]
    ])
  })

  it("leaves the near words alone when no spelling is held", () => {
    const near = [row(1, "dangote", 5, 1)]
    expect(withSpellings(near, [], asked)).toBe(near)
  })
})

describe("wordGroups with spellings", () => {
  it("a word held nowhere stands for its held transposition before its trigram neighbours", () => {
    const rows = [
      row(1, "dangote", 5, 1),
      { ...row(2, "cement", 900, 1), spelling: "transposed" as const },
      row(2, "cemetery", 40, 0.4)
    ]
    const groups = wordGroups(["dangote", "cemnet"], rows)
    expect(groups[1]!.words).toEqual(["cement"])
    expect(candidateClauses(groups, "all")).toEqual(["'dangote' & 'cement'"])
  })

  it("a held word stands for itself and its held equivalents, never for its transpositions", () => {
    const rows = [
      row(1, "mohamed", 12, 1),
      { ...row(1, "muhammad", 30, 1), spelling: "equivalent" as const },
      { ...row(1, "mohaemd", 1, 1), spelling: "transposed" as const },
      row(2, "trading", 300, 1)
    ]
    const groups = wordGroups(["mohamed", "trading"], rows)
    expect(groups[0]!.words).toEqual(["mohamed", "muhammad"])
    expect(groups[0]!.companies).toBe(42)
    expect(candidateClauses(groups, "all")).toEqual(["('mohamed' | 'muhammad') & 'trading'"])
  })
})

const fuzzySimilarity = (groups: ReadonlyArray<WordGroup>, queryNorm: string, nameNorm: string, trigram: number) =>
  fuzzyScorer(groups, queryNorm, queryNorm).normalized(nameNorm, trigram)

describe("fuzzy scoring reads equivalent spellings as the same word", () => {
  const groups = wordGroups(["mohamed", "trading"], [row(1, "mohamed", 12, 1), row(2, "trading", 300, 1)])

  it("the same name in another spelling scores as the name itself", () => {
    const same = fuzzySimilarity(groups, "mohamed trading", "mohamed trading", 1)
    const spelt = fuzzySimilarity(groups, "mohamed trading", "muhammad trading", 0.4)
    expect(spelt).toBeGreaterThan(0.99)
    expect(Math.abs(same - spelt)).toBeLessThan(0.001)
  })

  it("a different given name does not", () => {
    expect(fuzzySimilarity(groups, "mohamed trading", "ibrahim trading", 0.4)).toBeLessThan(0.8)
  })

  it("the Arabic article in any of its forms", () => {
    const article = wordGroups(["al", "sewedy"], [row(1, "al", 50, 1), row(2, "sewedy", 3, 1)])
    expect(fuzzySimilarity(article, "al sewedy", "el sewedy", 0.5)).toBeGreaterThan(0.99)
  })
})
