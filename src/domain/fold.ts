/**
 * Character-level folding shared by every name comparison (search, screening, aliases).
 * Re-exported by `normalize.ts`; kept apart so that `legalForms.ts` can use it without an import cycle.
 *
 * Output alphabet: `[a-z0-9 ]` for Latin-script input (Latin-1, Latin Extended-A and the African
 * letters of Extended-B such as ɛ ɔ ŋ ɓ ɗ ƙ ƴ all fold to ASCII), plus letters and digits of other
 * scripts kept as they are (Arabic without tashkeel or tatweel, Cyrillic without diacritics, ...),
 * recomposed to NFC. Single spaces, trimmed.
 *
 * Apostrophes: a French/Italian elision (`l'`, `d'`, `qu'`, `n'` ... before a letter, the apostrophe
 * being preceded by a one-letter word) becomes a word break, so "Société d’Etudes" -> "societe d etudes"
 * and "l’industrie" -> "l industrie" (the word after the article stays a token of its own). Every other
 * apostrophe joins: "Lord’s" -> "lords", "Int'l" -> "intl", "Ma'aden" -> "maaden".
 */

const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "ł": "l", "ı": "i",
  "ħ": "h", "ŧ": "t", "ĸ": "k", "ŋ": "ng", "ɛ": "e", "ɔ": "o", "ƙ": "k", "ɓ": "b", "ɗ": "d", "ƴ": "y",
  "ǝ": "e", "ə": "e", "ɲ": "ny", "ʋ": "v", "ɩ": "i", "ʊ": "u", "ɣ": "g", "ʒ": "z", "ƒ": "f", "ɖ": "d",
  "ƭ": "t", "ƈ": "c", "ɠ": "g", "ɍ": "r", "ȥ": "z", "ƀ": "b", "ƚ": "l", "ɨ": "i", "ʉ": "u", "ȿ": "s",
  "ɐ": "a", "ɑ": "a", "ɒ": "o", "ʌ": "v", "ɜ": "e", "ɪ": "i", "ʏ": "y", "ɯ": "m", "ɹ": "r", "ʃ": "sh"
}
const SPECIAL_RE = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join("")}]`, "g")
const specialLetter = (c: string): string => SPECIAL_LETTERS[c] ?? c

const NON_ASCII = /[^\x00-\x7f]/
const APOSTROPHE_LIKE = /[\u2018\u2019\u02bc\u02bb\u00b4\u2032]/g
const COMBINING_OR_FORMAT = /[\p{M}\p{Cf}\u0640]/gu
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/g
const arabicDigit = (d: string): string => {
  const code = d.charCodeAt(0)
  return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660)
}

/** Lower case, compatibility forms and accents folded; apostrophe look-alikes become "'". */
const foldCharacters = (name: string): string => {
  if (!NON_ASCII.test(name)) return name.toLowerCase()
  return name
    .replace(APOSTROPHE_LIKE, "'")
    .normalize("NFKC")
    .replace(APOSTROPHE_LIKE, "'")
    .toLowerCase()
    .normalize("NFD")
    .replace(COMBINING_OR_FORMAT, "")
    .replace(SPECIAL_RE, specialLetter)
    .replace(ARABIC_INDIC_DIGIT, arabicDigit)
    .normalize("NFC")
}

/** Word-level rules, in an ASCII flavour (fast, the common case) and a Unicode one (other scripts). */
interface WordRules {
  readonly elision: RegExp
  readonly dottedAcronym: RegExp
  readonly nonWord: RegExp
}
const ASCII_RULES: WordRules = {
  elision: /(?<![a-z0-9])(qu|[cdjlmnst])['`]+(?=[a-z])/g,
  /** Single letters each followed by a dot, e.g. "s.a.r.l.", "p. l. c", "u.b.a." */
  dottedAcronym: /(?<![a-z0-9])(?:[a-z]\. ?)+[a-z](?![a-z0-9])\.?/g,
  nonWord: /[^a-z0-9]+/g
}
const UNICODE_RULES: WordRules = {
  elision: /(?<![\p{L}\p{N}])(qu|[cdjlmnst])['`]+(?=\p{L})/gu,
  dottedAcronym: /(?<![\p{L}\p{N}])(?:\p{L}\. ?)+\p{L}(?![\p{L}\p{N}])\.?/gu,
  nonWord: /[^\p{L}\p{N}]+/gu
}
const APOSTROPHES = /['`]+/g
const AMPERSAND = /&/g
const DOTS_AND_SPACES = /[. ]/g
const collapseAcronym = (acronym: string): string => acronym.replace(DOTS_AND_SPACES, "")

/** NFKC, lower case, accents folded, apostrophes and punctuation resolved; no legal-form stripping. */
export const foldName = (name: string): string => {
  let s = foldCharacters(name)
  const rules = NON_ASCII.test(s) ? UNICODE_RULES : ASCII_RULES
  if (s.includes("'") || s.includes("`")) s = s.replace(rules.elision, "$1 ").replace(APOSTROPHES, "")
  if (s.includes("&")) s = s.replace(AMPERSAND, " and ")
  if (s.includes(".")) s = s.replace(rules.dottedAcronym, collapseAcronym)
  return s.replace(rules.nonWord, " ").trim()
}

const LETTER = /^\p{L}$/u
const isSingleLetter = (word: string): boolean => {
  if (word.length !== 1) return false
  const c = word.charCodeAt(0)
  return (c >= 97 && c <= 122) || (c > 127 && LETTER.test(word))
}

/**
 * `foldName` split into words, with runs of two or more single letters joined into one word
 * ("U T C" -> "utc", "B O C Gases" -> "boc gases", "S A R L" -> "sarl"). A lone letter stays as it is
 * ("Cote d Ivoire" keeps "d"). Used by the company-name normaliser and the legal-form table.
 */
export const foldTokens = (name: string): Array<string> => {
  const folded = foldName(name)
  if (folded.length === 0) return []
  const words = folded.split(" ")
  const out: Array<string> = []
  let run = ""
  let runLength = 0
  for (const word of words) {
    if (isSingleLetter(word)) {
      run += word
      runLength++
      continue
    }
    if (runLength > 0) out.push(run)
    run = ""
    runLength = 0
    out.push(word)
  }
  if (runLength > 0) out.push(run)
  return out
}
