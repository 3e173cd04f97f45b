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
const COMBINING_OR_FORMAT = /[\p{M}\p{Cf}\u0640]/gu
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/g
const arabicDigit = (d: string): string => {
  const code = d.charCodeAt(0)
  return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660)
}

const APOSTROPHE_CLASS = "'\u2018\u2019\u02bc\u02bb`\u00b4\u2032"
const ELISION = new RegExp(`(?<![\\p{L}\\p{N}])(qu|[cdjlmnst])[${APOSTROPHE_CLASS}]+(?=\\p{L})`, "gu")
const APOSTROPHES = new RegExp(`[${APOSTROPHE_CLASS}]+`, "g")
const AMPERSAND = /&/g
/** Single letters each followed by a dot, e.g. "s.a.r.l.", "p. l. c", "u.b.a." */
const DOTTED_ACRONYM = /(?<![\p{L}\p{N}])(?:\p{L}\. ?)+\p{L}(?![\p{L}\p{N}])\.?/gu
const DOTS_AND_SPACES = /[. ]/g
const NON_WORD = /[^\p{L}\p{N}]+/gu

const collapseAcronym = (acronym: string): string => acronym.replace(DOTS_AND_SPACES, "")

const foldCharacters = (name: string): string => {
  if (!NON_ASCII.test(name)) return name.toLowerCase()
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(SPECIAL_RE, specialLetter)
    .normalize("NFD")
    .replace(COMBINING_OR_FORMAT, "")
    .replace(ARABIC_INDIC_DIGIT, arabicDigit)
    .normalize("NFC")
}

/** NFKC, lower case, accents folded, apostrophes and punctuation resolved; no legal-form stripping. */
export const foldName = (name: string): string =>
  foldCharacters(name)
    .replace(ELISION, "$1 ")
    .replace(APOSTROPHES, "")
    .replace(AMPERSAND, " and ")
    .replace(DOTTED_ACRONYM, collapseAcronym)
    .replace(NON_WORD, " ")
    .trim()

const SINGLE_LETTER = /^[a-z]$/

/**
 * `foldName` split into words, with runs of two or more single Latin letters joined into one word
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
    if (SINGLE_LETTER.test(word)) {
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
