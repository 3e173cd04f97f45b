import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { bindMarked } from "../../src/db/markedStatement.js"
import type { ContainsHints } from "../../src/search/containsWords.js"
import {
  compileFirstLook,
  type CompiledFirstLook,
  firstLookShape,
  firstLookStatement,
  firstLookValues,
  type FuzzyInputs
} from "../../src/search/firstLook.js"
import { analyseQuery } from "../../src/search/searchQuery.js"
import { literalTiers, tierStatements } from "../../src/search/statements.js"
import { prefixEnd, tierInputs } from "../../src/search/tierInputs.js"
import { wordCandidates } from "../../src/search/wordStatements.js"
import { compilingSql as sql } from "../support/compilingSql.js"

/**
 * The first look compiled once per shape (src/search/firstLook.ts) must send, for every query, exactly the text and
 * parameters that building its statement from the query's own values gives: a shape that missed something the text
 * depends on would run another query's statement with this one's values.
 */

const noHints: ContainsHints = { held: new Map(), looked: 0, rarePrefix: false }

/** The statement as built from the query's own values, compiled (what the search sent before shapes were kept). */
const built = (text: string, country: string | undefined, cap: number, hints: ContainsHints, fuzzy: FuzzyInputs | null) => {
  const q = analyseQuery(text, country)
  const statements = tierStatements(sql, q, cap, hints)
  const candidates = fuzzy === null ? null : wordCandidates(sql, q, fuzzy.clauses, fuzzy)
  const statement = candidates === null
    ? (statements.length === 0 ? null : literalTiers(sql, statements))
    : (statements.length === 0 ? candidates : firstLookStatement(sql, statements, candidates))
  return { compiled: statement?.compile() ?? null, parts: statements.map(({ tier, field }) => ({ tier, field })) }
}

/** One cache of compiled shapes for the whole file, as a server keeps one. */
const cache = new Map<string, CompiledFirstLook>()

const sameAsBuilt = (text: string, country: string | undefined, cap: number, hints: ContainsHints, fuzzy: FuzzyInputs | null) => {
  const inputs = tierInputs(analyseQuery(text, country), cap, hints)
  const key = firstLookShape(inputs, fuzzy)
  const shape = cache.get(key) ?? compileFirstLook(sql, inputs, fuzzy)
  cache.set(key, shape)
  const expected = built(text, country, cap, hints, fuzzy)
  assert.deepStrictEqual(shape.parts, expected.parts, `${text}: tiers`)
  if (expected.compiled === null) return assert.isNull(shape.marked, `${text}: nothing to ask`)
  assert.isNotNull(shape.marked)
  assert.strictEqual(shape.marked!.text, expected.compiled[0], `${text} (${country}): text`)
  assert.deepStrictEqual(bindMarked(shape.marked!, firstLookValues(inputs, fuzzy)), expected.compiled[1], `${text} (${country}): parameters`)
}

const fuzzyOf = (clauses: ReadonlyArray<string>): FuzzyInputs => ({ clauses, scan: 5000, keep: 100 })
const held = (words: Record<string, number>, looked: number, rarePrefix = false): ContainsHints =>
  ({ held: new Map(Object.entries(words)), looked, rarePrefix })

describe("the first look compiled once per shape", () => {
  it("sends what building it from the query's values sends, for every kind of query", () => {
    const queries: ReadonlyArray<readonly [string, string | undefined, ContainsHints, FuzzyInputs | null]> = [
      ["benchmark foods", "NG", held({ benchmark: 12, foods: 900 }, 2), fuzzyOf(["'benchmark' & 'foods'"])],
      ["dangote cement", "NG", held({ dangote: 40, cement: 300 }, 2), fuzzyOf(["'dangote' & 'cement'"])],
      ["dangote cemnt", "NG", held({ dangote: 40 }, 2, true), fuzzyOf(["'dangote' & ('cemnt' | 'cement')", "'dangote'"])],
      ["dangote", undefined, held({ dangote: 40 }, 1), fuzzyOf(["'dangote'"])],
      ["Ecobank", "GH", noHints, null],
      ["E.Co-Bank Ghana", "GH", noHints, fuzzyOf(["'eco' & 'bank' & 'ghana'"])],
      ["MTN", undefined, noHints, null],
      ["ab", "KE", noHints, null],
      ["x", undefined, noHints, null],
      ["RC 208767", "NG", noHints, null],
      ["RC208767", undefined, noHints, null],
      ["1994/009584/06", "ZA", noHints, null],
      ["C0012345678", "GH", noHints, null],
      ["100% pure_water ltd", "KE", noHints, fuzzyOf(["'pure' & 'water'"])],
      ["l'oréal côte d'ivoire", "CI", noHints, fuzzyOf(["'oreal' & 'cote' & 'ivoire'"])],
      ["société générale", "SN", held({ societe: 9000, generale: 30000 }, 2), fuzzyOf(["'societe' & 'generale'", "'generale'"])],
      ["\u{10FFFF}\u{10FFFF}", undefined, noHints, null],
      ["a\u{10FFFF} b", "NG", noHints, fuzzyOf(["'a'"])],
      ["", undefined, noHints, null],
      ["   ", "NG", noHints, null]
    ]
    for (const cap of [201, 1001]) {
      for (const [text, country, hints, fuzzy] of queries) sameAsBuilt(text, country, cap, hints, fuzzy)
    }
  })

  it("sends what building it sends for any text, scope and clauses (property)", () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.stringMatching(/^[A-Za-z0-9 .'&%_\\-]{0,30}$/),
      fc.constantFrom("benchmark foods", "rc 2087", "ab", "ltd", "co. ltd", "1234", "x y z w v u t s r")
    )
    fc.assert(
      fc.property(
        text,
        fc.option(fc.constantFrom("NG", "KE", "ZA", "GH", "EG"), { nil: undefined }),
        fc.option(fc.array(fc.stringMatching(/^'[a-z]{1,8}'( & '[a-z]{1,8}')?$/), { minLength: 1, maxLength: 6 }), { nil: null }),
        fc.boolean(),
        (q, country, clauses, rarePrefix) => {
          const tokens = analyseQuery(q, country).tokens
          const hints = held(Object.fromEntries(tokens.slice(0, 2).map((t, i) => [t, 10 ** (i + 2)])), tokens.length, rarePrefix)
          sameAsBuilt(q, country, 201, hints, clauses === null ? null : fuzzyOf(clauses))
        }
      ),
      { numRuns: 400 }
    )
  })
})

describe("the end of a prefix's range", () => {
  /** The definition: the prefix's code points with the last one that can be raised raised (surrogates skipped). */
  const reference = (prefix: string): string | null => {
    const points = [...prefix].map((c) => c.codePointAt(0)!)
    while (points.length > 0) {
      const last = points.pop()!
      if (last < 0x10ffff) return String.fromCodePoint(...points, last === 0xd7ff ? 0xe000 : last + 1)
    }
    return null
  }

  it("is the definition's for any text, lone surrogates and the last code point included", () => {
    for (const prefix of ["", "bank", "a\u{10FFFF}", "\u{10FFFF}\u{10FFFF}", "\u{D7FF}", "x\u{1F600}", "\uD800", "a\uDC00", "\uDBFF", "é"]) {
      assert.strictEqual(prefixEnd(prefix), reference(prefix), JSON.stringify(prefix))
    }
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 12 }), (prefix) => prefixEnd(prefix) === reference(prefix)), { numRuns: 2000 })
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "\u{10FFFF}", "\uD800", "\uDC00", "\u{D7FF}", "\u{1F600}"), { maxLength: 6 }), (units) => {
        const prefix = units.join("")
        return prefixEnd(prefix) === reference(prefix)
      }),
      { numRuns: 2000 }
    )
  })
})
