import { nameTokens, normalizeName } from "./normalize.js"

/** Function words skipped when forming initials (English, French, Portuguese, Arabic article excluded). */
const STOP_WORDS: ReadonlySet<string> = new Set([
  "of", "and", "the", "for", "in", "on", "at", "to", "by",
  "de", "du", "des", "la", "le", "les", "et", "d", "l", "a", "au", "aux", "en", "pour", "par", "sur",
  "da", "do", "dos", "das", "e", "em", "para", "y", "del"
])

/**
 * Initials of the normalised name (legal form removed), skipping stop words, lower case:
 * "United Bank for Africa PLC" -> "uba", "Cement Company of Northern Nigeria PLC" -> "ccnn",
 * "Société Frigorifique et Brasserie de Tunis" -> "sfbt". Null when fewer than two words remain
 * (a one-word name is its own short form).
 */
export const initialismOf = (legalName: string, country?: string): string | null =>
  initialismOfNormalized(normalizeName(legalName, country))

/** initialismOf for a name already normalised (`normalizeName(legalName, country)`). */
export const initialismOfNormalized = (normalized: string): string | null => {
  let initials = ""
  for (const word of nameTokens(normalized)) {
    if (STOP_WORDS.has(word)) continue
    initials += String.fromCodePoint(word.codePointAt(0)!)
  }
  return [...initials].length >= 2 ? initials : null
}
