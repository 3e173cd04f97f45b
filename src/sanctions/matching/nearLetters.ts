import { spellingSimilarity } from "./similarity.js"

const MIN_NEAR_KEY_LENGTH = 8
/** The best a near-identical spelling can score (one half-cost edit): no need to compute it above that. */
export const NEAR_LETTERS_MAX = 0.94

/** Whole names that differ by one or two letters once spaces are gone ("Andrang Heta" / "Ndrangheta"): their spelling similarity, else 0. */
export const nearSameLetters = (a: string, b: string): number =>
  a.length < MIN_NEAR_KEY_LENGTH || b.length < MIN_NEAR_KEY_LENGTH || Math.abs(a.length - b.length) > 2 || bagGap(a, b) > 4
    ? 0
    : spellingSimilarity(a, b)

const bag = new Int32Array(128)
/** Letters in one string and not the other (counted the larger way): half of it bounds the edit distance from below. */
const bagGap = (a: string, b: string): number => {
  for (let i = 0; i < a.length; i++) bag[a.charCodeAt(i) & 127]!++
  for (let i = 0; i < b.length; i++) bag[b.charCodeAt(i) & 127]!--
  let plus = 0
  let minus = 0
  for (const text of [a, b]) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i) & 127
      const v = bag[c]!
      if (v > 0) plus += v
      else if (v < 0) minus -= v
      bag[c] = 0
    }
  }
  return Math.max(plus, minus)
}
