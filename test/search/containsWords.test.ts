import { describe, expect, it } from "vitest"
import { type ContainsHints, containsWords } from "../../src/search/containsWords.js"
import { analyseQuery } from "../../src/search/searchQuery.js"

const hints = (held: Record<string, number>, looked: number, rarePrefix = false): ContainsHints => ({
  held: new Map(Object.entries(held)),
  looked,
  rarePrefix
})

describe("the contains tier's word query", () => {
  it("asks for the held words whole and an unfinished last word as a prefix", () => {
    const q = analyseQuery("dangote cement indus")
    expect(containsWords(q, hints({ dangote: 12, cement: 900 }, 3))).toBe("'dangote' & 'cement' & 'indus':*")
  })

  it("is null when a word looked up in the vocabulary and asked whole is held by no company", () => {
    const q = analyseQuery("banco bicentenario del pueblo universal")
    expect(containsWords(q, hints({ banco: 40, del: 3000, pueblo: 5, universal: 700 }, 5))).toBeNull()
  })

  it("still asks when the unheld word is the unfinished last one (a prefix of held words)", () => {
    const q = analyseQuery("banco del pueb")
    expect(containsWords(q, hints({ banco: 40, del: 3000 }, 3))).toBe("'banco' & 'del' & 'pueb':*")
  })

  it("does not rule out words the vocabulary was not asked about (past the words looked up, or no look-up)", () => {
    const q = analyseQuery("one two three four five six seven eight nine ten")
    const firstEight = { one: 5, two: 5, three: 5, four: 5, five: 5, six: 5, seven: 5, eight: 5 }
    expect(containsWords(q, hints(firstEight, 8))).toBe(
      "'one' & 'two' & 'three' & 'four' & 'five' & 'six' & 'seven' & 'eight' & 'nine' & 'ten':*"
    )
    expect(containsWords(analyseQuery("banco bicentenario del"), hints({}, 0))).toBe("'banco' & 'bicentenario' & 'del':*")
  })
})
