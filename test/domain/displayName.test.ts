import { describe, expect, it } from "vitest"
import { checkDisplayName, DISPLAY_NAME_MAX } from "../../src/domain/displayName.js"

describe("a member's display name as typed", () => {
  it("is kept trimmed, its runs of spaces made one", () => {
    expect(checkDisplayName("  Ada   Obi ")).toEqual({ ok: true, value: "Ada Obi" })
    expect(checkDisplayName("Ngozi Okonjo-Iweala")).toEqual({ ok: true, value: "Ngozi Okonjo-Iweala" })
    expect(checkDisplayName("Nnamdi Azikiwe")).toEqual({ ok: true, value: "Nnamdi Azikiwe" })
    expect(checkDisplayName("Amélie Ndiaye")).toEqual({ ok: true, value: "Amélie Ndiaye" })
  })

  it("is refused when empty, blank or missing", () => {
    for (const raw of [undefined, "", "   "]) expect(checkDisplayName(raw)).toEqual({ ok: false, problem: `name: must be 1 to ${DISPLAY_NAME_MAX} characters` })
  })

  it("counts characters, not UTF-16 units: 120 of them fit, 121 do not", () => {
    expect(checkDisplayName("𝒜".repeat(DISPLAY_NAME_MAX))).toEqual({ ok: true, value: "𝒜".repeat(DISPLAY_NAME_MAX) })
    expect(checkDisplayName("a".repeat(DISPLAY_NAME_MAX + 1)).ok).toBe(false)
    expect(checkDisplayName(`  ${"a".repeat(DISPLAY_NAME_MAX)}  `)).toEqual({ ok: true, value: "a".repeat(DISPLAY_NAME_MAX) })
  })

  it("is refused with a control character, a line break of any kind or half a surrogate pair, anywhere (even at an end trimming would drop)", () => {
    for (const raw of ["Ada\nObi", "Ada\tObi", "Ada Obi\r\n", "\u0000Ada", "Ada\u007f", "Ada\u0085Obi", "Ada\u2028Obi", "Ada\u2029", "Ada\ud800"]) {
      expect(checkDisplayName(raw)).toEqual({ ok: false, problem: "name: must not contain a control character (one line of text)" })
    }
  })
})
