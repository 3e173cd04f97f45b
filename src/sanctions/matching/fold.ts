import { equivalentWords } from "../../domain/nameEquivalences.js"
import { foldTokens } from "../../domain/normalize.js"
import { transliterate } from "./transliterate.js"

/**
 * Screening fold: the shared `foldTokens` (NFKC, casefold, accents folded, & -> and, dotted and spaced acronyms
 * collapsed, apostrophes joined, punctuation to spaces), after every other script is transliterated to Latin so that
 * "ООО Оборонные инициативы" meets "OOO Oboronnye Initsiativy", then the spellings that are one name made one
 * ("Ansar Eddine" / "Ansar al-Din", "Mohamed" / "Muhammad": `nameEquivalences.ts`).
 * May return "" for symbol-only input; callers never match an empty name.
 */
export const screeningFold = (name: string): string =>
  equivalentWords(foldTokens(transliterate(name.normalize("NFKC").toLowerCase()))).join(" ")
