import { screeningFold } from "./fold.js"
import { GENERIC_WORDS, LEGAL_FORMS, LOCATION_WORDS, NUMBER_WORDS, STOPWORDS } from "./vocabulary.js"

/** How a token counts in scoring. */
export const TokenClass = { word: 0, generic: 1, location: 2, numeric: 3, legalForm: 4, stopword: 5 } as const
export type TokenClass = (typeof TokenClass)[keyof typeof TokenClass]

export interface NameToken {
  /** Folded text; legal forms are replaced by their canonical class prefixed with "#" (LTD and LIMITED -> "#ltd"). */
  readonly text: string
  readonly cls: TokenClass
  /** Location code (ISO 3166 alpha-2 or a region) for location tokens. */
  readonly place: string | null
}

const MAX_FORM_WORDS = 5
const legalForms = new Map<string, string>(LEGAL_FORMS.map(([phrase, canon]) => [phrase, canon]))

const classify = (word: string): NameToken => {
  if (/^\d+$/.test(word)) return { text: word, cls: TokenClass.numeric, place: null }
  const place = LOCATION_WORDS.get(word)
  if (place !== undefined) return { text: word, cls: TokenClass.location, place }
  if (STOPWORDS.has(word)) return { text: word, cls: TokenClass.stopword, place: null }
  if (GENERIC_WORDS.has(word)) return { text: word, cls: TokenClass.generic, place: null }
  return { text: word, cls: TokenClass.word, place: null }
}

/** Splits a folded name into classified tokens, collapsing multi-word legal forms (longest match first). */
export const tokensOfFolded = (folded: string): ReadonlyArray<NameToken> => {
  const words = folded === "" ? [] : folded.split(" ").map((w) => NUMBER_WORDS.get(w) ?? w)
  const out: Array<NameToken> = []
  let i = 0
  while (i < words.length) {
    let matched = 0
    for (let n = Math.min(MAX_FORM_WORDS, words.length - i); n >= 1; n--) {
      const canon = legalForms.get(words.slice(i, i + n).join(" "))
      if (canon !== undefined) {
        out.push({ text: `#${canon}`, cls: TokenClass.legalForm, place: null })
        matched = n
        break
      }
    }
    if (matched > 0) i += matched
    else out.push(classify(words[i++]!))
  }
  // A name made only of a legal form keeps its words as ordinary tokens ("COMPANY" alone is still a name).
  if (out.length > 0 && out.every((t) => t.cls === TokenClass.legalForm || t.cls === TokenClass.stopword)) {
    return words.map((w) => ({ ...classify(w), cls: STOPWORDS.has(w) ? TokenClass.stopword : TokenClass.word }))
  }
  return out
}

export const tokenize = (name: string): ReadonlyArray<NameToken> => tokensOfFolded(screeningFold(name))

/** Tokens that carry identity (not legal forms or stopwords). */
export const isContent = (cls: TokenClass): boolean => cls !== TokenClass.legalForm && cls !== TokenClass.stopword
