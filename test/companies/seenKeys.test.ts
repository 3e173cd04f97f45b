import { describe, expect, it } from "@effect/vitest"
import { makeSeenKeys } from "../../src/companies/write/seenKeys.js"

describe("seen company keys", () => {
  it("holds every key added, through many growths, and no key it was not given", () => {
    const seen = makeSeenKeys(4)
    const n = 50_000
    for (let i = 0; i < n; i++) seen.add(`ng-cac`, `RC${i}`)
    for (let i = 0; i < n; i++) seen.add(`za-cipc`, `${2000 + (i % 20)}/${i}/07`)
    expect(seen.size()).toBe(2 * n)
    for (let i = 0; i < n; i++) {
      expect(seen.has("ng-cac", `RC${i}`)).toBe(true)
      expect(seen.has("za-cipc", `${2000 + (i % 20)}/${i}/07`)).toBe(true)
    }
    // 64-bit hashes: a false hit among 100,000 absent keys would be a broken hash, not bad luck.
    let falseHits = 0
    for (let i = n; i < 2 * n; i++) if (seen.has("ng-cac", `RC${i}`) || seen.has("gh-orc", `RC${i - n}`)) falseHits++
    expect(falseHits).toBe(0)
  })

  it("tells the registry from the key: the same number in two registries is two companies", () => {
    const seen = makeSeenKeys()
    seen.add("ng-cac", "RC1")
    expect([seen.has("ng-cac", "RC1"), seen.has("gh-orc", "RC1"), seen.has("ng-cacR", "C1"), seen.has("ng-ca", "cRC1")])
      .toStrictEqual([true, false, false, false])
    seen.add("ng-cac", "RC1")
    expect(seen.size()).toBe(1)
  })

  it("takes the empty key and keys of any characters", () => {
    const seen = makeSeenKeys(2)
    const keys = ["", "\u0000", "Société Générale", "إعمار", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢"]
    for (const key of keys) seen.add("x", key)
    expect(keys.map((key) => seen.has("x", key))).toStrictEqual(keys.map(() => true))
    expect(seen.has("", "x")).toBe(false)
    expect(seen.size()).toBe(keys.length)
  })
})
