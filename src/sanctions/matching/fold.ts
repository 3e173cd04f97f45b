import { foldTokens } from "../../domain/normalize.js"
import { transliterate } from "./transliterate.js"

/**
 * Screening fold: the shared `foldTokens` (NFKC, casefold, accents folded, & -> and, dotted and spaced acronyms
 * collapsed, apostrophes joined, punctuation to spaces), after Cyrillic and Greek are transliterated to Latin so that
 * "ООО Оборонные инициативы" meets "OOO Oboronnye Initsiativy". Other scripts (Arabic, Hangul ...) stay as they are.
 * May return "" for symbol-only input; callers never match an empty name.
 */
export const screeningFold = (name: string): string => foldTokens(transliterate(name.normalize("NFKC").toLowerCase())).join(" ")
