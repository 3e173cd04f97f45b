import { describe, expect, it } from "@effect/vitest"
import { makeSeenKeys } from "../../src/companies/ingest/bulk/seenKeys.js"

describe("seen company keys", () => {
  it("knows every key added, through many growths, and no key it was not given", () => {
    const seen = makeSeenKeys(4)
    const n = 50_000
    const cipc = (i: number) => `${2000 + (i % 20)}/${i}/07`
    for (let i = 0; i < n; i++) expect(seen.add("ng-cac", `RC${i}`)).toBe(true)
    for (let i = 0; i < n; i++) expect(seen.add("za-cipc", cipc(i))).toBe(true)
    expect(seen.size()).toBe(2 * n)
    let again = 0
    for (let i = 0; i < n; i++) if (!seen.add("ng-cac", `RC${i}`) && !seen.add("za-cipc", cipc(i))) again++
    expect([again, seen.size()]).toStrictEqual([n, 2 * n])
    // 64-bit hashes: a false hit among 100,000 new keys would be a broken hash, not bad luck.
    let newKeys = 0
    for (let i = n; i < 2 * n; i++) if (seen.add("ng-cac", `RC${i}`) && seen.add("gh-orc", `RC${i - n}`)) newKeys++
    expect([newKeys, seen.size()]).toStrictEqual([n, 4 * n])
  })

  it("tells the registry from the key: the same number in two registries is two companies", () => {
    const seen = makeSeenKeys()
    expect(seen.add("ng-cac", "RC1")).toBe(true)
    expect([seen.add("gh-orc", "RC1"), seen.add("ng-cacR", "C1"), seen.add("ng-ca", "cRC1")]).toStrictEqual([true, true, true])
    expect([seen.add("ng-cac", "RC1"), seen.add("gh-orc", "RC1")]).toStrictEqual([false, false])
    expect(seen.size()).toBe(4)
  })

  it("takes the empty key and keys of any characters", () => {
    const seen = makeSeenKeys(2)
    const keys = ["", "\u0000", "Société Générale", "إعمار", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢"]
    expect(keys.map((key) => seen.add("x", key))).toStrictEqual(keys.map(() => true))
    expect(keys.map((key) => seen.add("x", key))).toStrictEqual(keys.map(() => false))
    expect(seen.add("", "x")).toBe(true)
    expect(seen.size()).toBe(keys.length + 1)
  })
})
