import { TRANSLATION_PAIRS } from "./translationTable.js"

/**
 * Words that are one word in two languages, as the lists themselves write them (`translationTable.ts`, derived by
 * scripts/derive-translations.ts from entries whose names carry one name in two languages, checked against FreeDict,
 * reviewed; each pair's provenance in data/reference/organisation-word-translations.tsv). Symmetric.
 */
const TRANSLATIONS: ReadonlyMap<string, ReadonlyArray<string>> = (() => {
  const out = new Map<string, Array<string>>()
  const add = (a: string, b: string) => {
    const list = out.get(a) ?? []
    if (!list.includes(b)) list.push(b)
    out.set(a, list)
  }
  for (const [a, b] of TRANSLATION_PAIRS) {
    add(a, b)
    add(b, a)
  }
  return out
})()

const NONE: ReadonlyArray<string> = []

/** The words taken as translations of a folded word (empty when none). */
export const translationsOf = (word: string): ReadonlyArray<string> => TRANSLATIONS.get(word) ?? NONE

export const areTranslations = (a: string, b: string): boolean => a !== b && translationsOf(a).includes(b)
