import { normalizeName } from "./normalize.js"

const tokenSet = (s: string) => new Set(s.split(" ").filter((t) => t.length > 0))

/** Share of the smaller token set found in the larger one: word order and one extra word do not matter. */
export const tokenOverlap = (a: string, b: string): number => {
  const ta = tokenSet(a)
  const tb = tokenSet(b)
  if (ta.size === 0 || tb.size === 0) return 0
  let shared = 0
  for (const t of ta) if (tb.has(t)) shared++
  return shared / Math.max(ta.size, tb.size)
}

const NAME_AGREEMENT_THRESHOLD = 0.75

/**
 * Whether a name given with a registration number designates the record found by that number: equal after
 * normalisation (legal forms, accents, punctuation), equal to one of its aliases, or sharing most words.
 */
export const namesAgree = (given: string, legalName: string, aliases: ReadonlyArray<string>, country?: string): boolean => {
  const g = normalizeName(given, country)
  const candidates = [legalName, ...aliases].map((n) => normalizeName(n, country))
  return candidates.some((c) => c === g || tokenOverlap(c, g) >= NAME_AGREEMENT_THRESHOLD)
}
