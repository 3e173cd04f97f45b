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

/** A word of an organisation's name and what it is there: a word of the name, a function word, or a legal form's. */
export interface NameWord {
  readonly word: string
  readonly role: "content" | "function" | "legal_form"
}

/** Initials shorter than this name too many organisations to be read as one. */
export const MIN_INITIALS = 3
/** Longer runs of letters are words, not initials. */
export const MAX_INITIALS = 8

/**
 * The initials an organisation may be known by: the first letter of each word of its name, without and with the
 * function words ("of", "de", "pour" ...), without and with the legal form's words: "United Bank for Africa PLC" ->
 * "uba", "ubfa", "ubap", "ubfap". Only from names of three words or more once function words and legal forms are
 * left out (two initials are too short to say anything), and only runs of MIN_INITIALS to MAX_INITIALS letters.
 */
export const organisationInitials = (words: ReadonlyArray<NameWord>): ReadonlyArray<string> => {
  const letter = (w: NameWord) => /^[a-z]/.test(w.word) ? w.word[0]! : ""
  const content = words.filter((w) => w.role === "content")
  if (content.length < MIN_INITIALS) return []
  const variants = new Set<string>()
  for (const withFunction of [false, true]) {
    for (const withLegal of [false, true]) {
      const kept = words.filter((w) => w.role === "content" || (withFunction && w.role === "function") || (withLegal && w.role === "legal_form"))
      const initials = kept.map(letter).join("")
      if (initials.length >= MIN_INITIALS && initials.length <= MAX_INITIALS) variants.add(initials)
    }
  }
  return [...variants]
}
