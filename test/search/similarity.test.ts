import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { candidateClauses, correctedGroups, type WordGroup } from "../../src/search/fuzzy.js"
import { editDistance, tokenSetOf, wordSimilarity } from "../../src/search/similarity.js"

/** Every query word's similarity to every name word, query words by rows (what `tokenSetOf` reads). */
const similarityMatrix = (query: ReadonlyArray<string>, name: ReadonlyArray<string>): Float64Array =>
  Float64Array.from(query.flatMap((q) => name.map((n) => wordSimilarity(q, n))))

const tokenSetSimilarity = (query: ReadonlyArray<string>, name: ReadonlyArray<string>) =>
  tokenSetOf(similarityMatrix(query, name), query.length, name.length)

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

  /** The whole table, no band, no early exit: what the banded computation must agree with. */
  const reference = (a: string, b: string): number => {
    const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1
        d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1)
      }
    }
    return d[a.length]![b.length]!
  }
  const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "d", "e"), maxLength: 14 })
  it("agrees with the whole table: the distance when within max, max + 1 past it (property)", () =>
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 6 }), (a, b, max) => {
        const expected = reference(a, b)
        expect(editDistance(a, b)).toBe(expected)
        expect(editDistance(a, b, max)).toBe(expected <= max ? expected : max + 1)
      }),
      { numRuns: 3000 }
    ))
  it("handles words longer than its scratch rows", () =>
    expect(editDistance("a".repeat(300), "a".repeat(299) + "b", 2)).toBe(1))
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
    expect(candidateClauses(groups, "all")).toEqual(["'dangote' & ('cement' | 'ciment')"]))
  it("relaxed: a rare word alone; a pair holding it adds nothing", () =>
    expect(candidateClauses(groups, "relaxed")).toEqual(["'dangote'"]))
  it("relaxed: any two words when one is used by at most 20,000 companies, never a pair with a function word", () => {
    const wide = [
      group("central", ["central"], 9_000),
      group("of", ["of"], 60_000),
      group("aviation", ["aviation"], 1_000),
      group("motors", ["motors"], 12_000),
      group("bank", ["bank"], 40_000),
      group("group", ["group"], 30_000)
    ]
    expect(candidateClauses(wide, "relaxed")).toEqual([
      "'aviation'",
      "'central' & 'motors'",
      "'central' & 'bank'",
      "'central' & 'group'",
      "'motors' & 'bank'",
      "'motors' & 'group'"
    ])
  })
  it("relaxed: nothing to ask for function words and common words alone", () =>
    expect(candidateClauses([group("bank", ["bank"], 40_000), group("of", ["of"], 60_000), group("group", ["group"], 30_000)], "relaxed"))
      .toBeNull())
  it("any: the rarest words, each its own clause, until they cover 5,000 companies", () =>
    expect(candidateClauses([group("bank", ["bank"], 40_000), group("zenith", ["zenith"], 500), group("trust", ["trust"], 4_000)], "any"))
      .toEqual(["'zenith'", "'trust'"]))
  it("one word used by many alone asks nothing, sooner next to a word held nowhere", () => {
    expect(candidateClauses([group("bank", ["bank"], 50_000)], "all")).toBeNull()
    expect(candidateClauses([group("bnak", ["bank"], 5_000)], "all")).toEqual(["'bank'"])
    expect(candidateClauses([group("qwxzv", [], 0), group("holdings", ["holdings"], 5_000)], "all")).toBeNull()
    expect(candidateClauses([group("safaricon", ["safaricom"], 3)], "all")).toEqual(["'safaricom'"])
  })
  it("a misspelt legal form is dropped once corrected", () => {
    const typo = [group("brimstone", ["brimstone"], 1), group("corrporation", ["corporation"], 900)]
    expect(correctedGroups(typo, "ZA").map((g) => g.token)).toEqual(["brimstone"])
  })
})
