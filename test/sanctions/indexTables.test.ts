import { beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import fc from "fast-check"
import * as path from "node:path"
import { buildMatchIndex, parseListPaths } from "../../src/sanctions/buildIndex.js"
import { hashCodes, hashString, HashBucketsBuilder, PackedLists, PackedListsBuilder } from "../../src/sanctions/matching/hashBuckets.js"
import { sortedKeyOfTexts } from "../../src/sanctions/matching/indexedNames.js"
import type { MatchIndex } from "../../src/sanctions/matching/matchIndex.js"
import { deletionKeys, isDeletionKeyOf, spellingKey } from "../../src/sanctions/matching/spellingNeighbours.js"
import { isContent } from "../../src/sanctions/matching/tokens.js"
import { listsDir } from "./paths.js"

describe("the index's compact tables", () => {
  it("hashes a string with one code unit left out as the string without it", () => {
    fc.assert(fc.property(fc.string({ maxLength: 20 }), fc.nat(), (text, n) => {
      const codes = Array.from(text, (_, i) => text.charCodeAt(i))
      const skip = text.length === 0 ? -1 : n % text.length
      const without = skip < 0 ? text : text.slice(0, skip) + text.slice(skip + 1)
      expect(hashCodes(codes, skip)).toBe(hashString(without))
    }))
  })

  it("recognises exactly the deletion keys of a token's spelling key", () => {
    const letters = fc.string({ unit: fc.constantFrom(..."abcdeikoqsuyz-"), maxLength: 9 })
    fc.assert(fc.property(letters, letters, (key, text) => {
      expect(isDeletionKeyOf(key, text)).toBe(deletionKeys(spellingKey(text)).has(key))
    }), { numRuns: 5000 })
    for (const text of ["hizballah", "qaida", "rosneft"]) {
      for (const key of deletionKeys(spellingKey(text))) expect(isDeletionKeyOf(key, text)).toBe(true)
    }
  })

  it("keeps each bucket's values ascending and once, and packs lists without copying them apart", () => {
    const builder = new HashBucketsBuilder()
    for (const [hash, value] of [[7, 1], [3, 2], [7, 2], [7, 2], [3, 5], [0xffffffff, 9]] as const) builder.add(hash, value)
    const buckets = builder.build()
    expect([...buckets.bucket(7)]).toEqual([1, 2])
    expect([...buckets.bucket(3)]).toEqual([2, 5])
    expect([...buckets.bucket(0xffffffff)]).toEqual([9])
    expect([...buckets.bucket(4)]).toEqual([])
    const packed = PackedLists.from([[1, 2], [], [3]])
    expect([packed.length, [...packed.at(0)], [...packed.at(1)], [...packed.at(2)]]).toEqual([3, [1, 2], [], [3]])
  })
})

describe("the buckets against a plain multimap", () => {
  it("hold, for any pairs in any order, each hash's distinct values ascending, and nothing for other hashes", () => {
    const pair = fc.tuple(fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constant(0xffffffff), fc.nat({ max: 0xffffffff })), fc.nat({ max: 2 ** 21 - 1 }))
    fc.assert(fc.property(fc.array(pair, { maxLength: 3000 }), (pairs) => {
      const builder = new HashBucketsBuilder()
      const expected = new Map<number, Set<number>>()
      for (const [hash, value] of pairs) {
        builder.add(hash, value)
        expected.set(hash, (expected.get(hash) ?? new Set()).add(value))
      }
      const buckets = builder.build()
      for (const [hash, values] of expected) expect([...buckets.bucket(hash)]).toEqual([...values].sort((a, b) => a - b))
      expect([...buckets.bucket(41)]).toEqual(expected.has(41) ? [...expected.get(41)!].sort((a, b) => a - b) : [])
    }), { numRuns: 300 })
  })

  it("packs lists appended a value at a time as it packs the same lists given whole, past the builder's first sizes", () => {
    const lists = fc.array(fc.array(fc.nat({ max: 2 ** 31 - 1 }), { maxLength: 12 }), { maxLength: 1500 })
    fc.assert(fc.property(lists, (given) => {
      const builder = new PackedListsBuilder()
      for (const list of given) {
        for (const value of list) builder.push(value)
        builder.end()
      }
      const built = builder.build()
      const whole = PackedLists.from(given)
      expect(built.length).toBe(given.length)
      for (let i = 0; i < given.length; i++) expect([...built.at(i)]).toEqual([...whole.at(i)])
    }), { numRuns: 60 })
  })

  it("refuses a value it cannot order exactly", () => {
    const builder = new HashBucketsBuilder()
    builder.add(1, 2 ** 21)
    expect(() => builder.build()).toThrow(RangeError)
  })
})

describe("the index's key look-ups on the real lists", () => {
  let index: MatchIndex

  beforeAll(async () => {
    const lists = await Effect.runPromise(parseListPaths([
      path.join(listsDir, "ofac-sdn"), path.join(listsDir, "ofac-consolidated"), path.join(listsDir, "un")
    ]))
    index = buildMatchIndex(lists.map((p) => ({ parsed: p, version: p.publishedOn ?? "2024-05-03" })))
  }, 60_000)

  it("finds exactly the names with a glued or sorted key, in name order, as a scan of all names does", () => {
    const sortedKeyOfName = (tokens: Int32Array) =>
      sortedKeyOfTexts([...tokens].filter((id) => isContent(index.tokenClass[id]!)).map((id) => index.tokenText[id]!))
    const byCompact = new Map<string, Array<number>>()
    const bySorted = new Map<string, Array<number>>()
    const push = (map: Map<string, Array<number>>, key: string, id: number) => {
      const list = map.get(key)
      if (list === undefined) map.set(key, [id])
      else list.push(id)
    }
    index.names.forEach((name, id) => {
      push(bySorted, sortedKeyOfName(name.tokens), id)
      if (name.compactKey !== "") push(byCompact, name.compactKey, id)
      if (name.fullKey !== "" && name.fullKey !== name.compactKey) push(byCompact, name.fullKey, id)
    })
    let checked = 0
    for (let id = 0; id < index.names.length; id += 50) {
      const name = index.names[id]!
      expect(index.namesWithCompactKey(name.compactKey)).toEqual(byCompact.get(name.compactKey))
      expect(index.namesWithCompactKey(name.fullKey)).toEqual(byCompact.get(name.fullKey))
      const sorted = sortedKeyOfName(name.tokens)
      expect(index.namesWithSortedKey(sorted)).toEqual(bySorted.get(sorted))
      checked++
    }
    expect(checked).toBeGreaterThan(800)
    expect(index.namesWithCompactKey("")).toEqual([])
    expect(index.namesWithCompactKey("nosuchnameinanylist")).toEqual([])
  })

  it("keeps a token's postings: the names holding it as a content token, ascending", () => {
    const holders = new Map<number, Array<number>>()
    index.names.forEach((name, nameId) => {
      for (const id of new Set(name.tokens)) {
        if (!isContent(index.tokenClass[id]!)) continue
        const list = holders.get(id)
        if (list === undefined) holders.set(id, [nameId])
        else list.push(nameId)
      }
    })
    for (let id = 0; id < index.tokenCount(); id += 37) {
      expect([...index.postingsOf(id)]).toEqual((holders.get(id) ?? []).sort((a, b) => a - b))
    }
  })
})
