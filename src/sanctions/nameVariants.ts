import type { Alias } from "./model.js"

const ACRONYM_PAREN = /\s*\(([A-Z0-9][A-Z0-9.&\-]{1,11})\)/g

/** "BUTEMBO AIRLINES (BAL)" -> "BUTEMBO AIRLINES" (acronyms in parentheses are indexed as separate weak aliases). */
export const withoutAcronyms = (name: string): string => name.replace(ACRONYM_PAREN, "").replace(/\s+/g, " ").trim()

const acronymsIn = (name: string): ReadonlyArray<string> => [...name.matchAll(ACRONYM_PAREN)].map((m) => m[1]!)

/**
 * Splits a packed primary such as `COMPAGNIE AERIENNE DES GRANDS LACS (CAGL) ; GREAT LAKES BUSINESS COMPANY (GLBC)`.
 * The first element is the primary name; later parts become strong "packed" aliases and parenthesised acronyms weak
 * "acronym" aliases.
 */
export const splitPackedName = (name: string): ReadonlyArray<Alias> => {
  const parts = name.split(/\s+;\s+/).map((p) => p.trim()).filter((p) => p !== "")
  const result: Array<Alias> = []
  parts.forEach((part, i) => {
    result.push({ name: part, quality: "strong", kind: i === 0 ? "primary" : "packed" })
    for (const acronym of acronymsIn(part)) result.push({ name: acronym, quality: "weak", kind: "acronym" })
  })
  return result.length === 0 ? [{ name, quality: "strong", kind: "primary" }] : result
}
