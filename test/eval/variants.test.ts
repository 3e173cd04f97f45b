import { describe, expect, it } from "vitest"
import { dropLegalForm, makeVariant, VARIANT_KINDS } from "../../scripts/eval/variants.js"
import { splitOf } from "../../scripts/eval/sets.js"

describe("evaluation variants (written apart from the matcher)", () => {
  const name = "Islamic Revolutionary Guard Corps Cooperative Foundation Company Limited"
  it("each kind changes the name the way its label says, deterministically", () => {
    for (const kind of VARIANT_KINDS) {
      const a = makeVariant(name, kind, 7)
      expect(a, kind).not.toBeNull()
      expect(makeVariant(name, kind, 7), kind).toBe(a)
      if (kind !== "exact") expect(a, kind).not.toBe(name.toUpperCase())
    }
    expect(makeVariant(name, "legal_form_dropped", 1)).toBe("ISLAMIC REVOLUTIONARY GUARD CORPS COOPERATIVE FOUNDATION")
    expect(makeVariant(name, "embedded", 1)).toContain("ISLAMIC REVOLUTIONARY GUARD CORPS COOPERATIVE FOUNDATION")
    expect(makeVariant("AL-QAIDA", "word_order", 1)).toBeNull()
  })
  it("drops trailing legal forms only", () => {
    expect(dropLegalForm("KHATAM AL-ANBIYA CONSTRUCTION HEADQUARTERS CO. LTD")).toBe("KHATAM AL-ANBIYA CONSTRUCTION HEADQUARTERS")
    expect(dropLegalForm("HAMAS")).toBeNull()
  })
  it("the split is fixed by identity: about a fifth is test", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `ofac_sdn:${i}`)
    const test = ids.filter((id) => splitOf(id) === "test").length
    expect(test).toBeGreaterThan(300)
    expect(test).toBeLessThan(500)
    expect(ids.map(splitOf)).toEqual(ids.map(splitOf))
  })
})
