import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { foldName, normalizeName } from "../../src/domain/normalize.js"

const countries = fc.constantFrom(undefined, "NG", "ZA", "KE", "CI", "SN", "MA", "TN", "EG", "AO", "MU", "DZ")

/** Words people put in company names, legal forms and connectors included, so that stripping is exercised. */
const word = fc.constantFrom(
  "Dangote", "Cement", "PLC", "Ltd", "Limited", "(Pty)", "Ltd.", "S.A.", "SA", "SARL", "S.A.R.L.", "Société", "Ste",
  "Générale", "Côte", "d’Ivoire", "d'Ivoire", "Nig", "Nigeria", "Co", "Company", "&", "and", "et", "Cie", "The", "Holdings",
  "SOC", "RF", "Inc", "LLC", "Lda", "E.P.", "SAE", "Togo", "Sénégal", "U", "T", "C", "A", "l’", "Ltée", "GIE", "SUARL",
  "SpA", "B.O.C.", "-", ",", "(", ")", "Ɛkɔ", "Straße", "شركة", "Москва", "ООО", "123", "0", "Ma'aden", "INT'L", "No", "5", "B41", "Suite", "BP"
)
const companyName = fc.array(word, { minLength: 0, maxLength: 8 }).map((words) => words.join(" "))
const anyText = fc.oneof(companyName, fc.string({ unit: "grapheme", maxLength: 30 }), fc.string({ unit: "binary", maxLength: 30 }))

const FOLDED_CHARS = /^[ a-z0-9\p{L}\p{N}]*$/u
const ASCII_PUNCT_OR_UPPER = /[A-Z!-/:-@[-`{-~]/

/** Latin-1 Supplement, Latin Extended-A and the African letters of Extended-B. */
const latinChar = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7e }),
  fc.integer({ min: 0xc0, max: 0x17f }).filter((c) => c !== 0xd7 && c !== 0xf7),
  fc.constantFrom(0x186, 0x190, 0x14a, 0x181, 0x18a, 0x198, 0x1b3, 0x254, 0x25b, 0x253, 0x257, 0x199, 0x1b4, 0x272, 0x28b)
).map((c) => String.fromCodePoint(c))
const latinText = fc.array(latinChar, { maxLength: 30 }).map((cs) => cs.join(""))

describe("foldName properties", () => {
  it("is idempotent", () => {
    fc.assert(
      fc.property(anyText, (s) => {
        expect(foldName(foldName(s))).toBe(foldName(s))
      }),
      { numRuns: 3000 }
    )
  })

  it("yields single-spaced, trimmed words of letters and digits only", () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const f = foldName(s)
        expect(f).toMatch(FOLDED_CHARS)
        expect(f).not.toMatch(ASCII_PUNCT_OR_UPPER)
        expect(f).toBe(f.trim())
        expect(f).not.toContain("  ")
      }),
      { numRuns: 3000 }
    )
  })

  it("folds Latin-script text (Latin-1, Extended-A, African letters) to [a-z0-9 ]", () => {
    fc.assert(
      fc.property(latinText, (s) => {
        expect(foldName(s)).toMatch(/^[a-z0-9 ]*$/)
      }),
      { numRuns: 3000 }
    )
  })

  it("keeps every ASCII letter and digit", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }).map((s) => s.replace(/&/g, "")), (s) => {
        expect(foldName(s).replace(/ /g, "")).toBe(s.toLowerCase().replace(/[^a-z0-9]/g, ""))
      }),
      { numRuns: 2000 }
    )
  })
})

describe("normalizeName properties", () => {
  it("is idempotent (stable on its own output)", () => {
    fc.assert(
      fc.property(anyText, countries, (s, c) => {
        const once = normalizeName(s, c)
        expect(normalizeName(once, c)).toBe(once)
      }),
      { numRuns: 3000 }
    )
  })

  it("gives the same result on folded input", () => {
    fc.assert(
      fc.property(anyText, countries, (s, c) => {
        expect(normalizeName(foldName(s), c)).toBe(normalizeName(s, c))
      }),
      { numRuns: 3000 }
    )
  })

  it("never empties a name that folds to something", () => {
    fc.assert(
      fc.property(anyText, countries, (s, c) => {
        if (foldName(s) !== "") expect(normalizeName(s, c)).not.toBe("")
        if (/[A-Za-z0-9]/.test(s)) expect(normalizeName(s, c)).not.toBe("")
      }),
      { numRuns: 3000 }
    )
  })

  it("only removes whole words of the folded name", () => {
    fc.assert(
      fc.property(companyName, countries, (s, c) => {
        const folded = ` ${foldName(s).replace(/\b([a-z])( [a-z]\b)+/g, (m) => m.replace(/ /g, ""))} `
        for (const w of normalizeName(s, c).split(" ")) {
          if (w === "" || w === "nigeria" || w === "international" || w === "societe" || w === "etablissements") continue
          expect(folded).toContain(w)
        }
      }),
      { numRuns: 2000 }
    )
  })
})
