import { screeningFold } from "./fold.js"
import { editBudget, editDistance } from "./similarity.js"
import { GENERIC_WORDS, LEGAL_FORMS, LEGAL_SPELLINGS, LOCATION_WORDS, NUMBER_WORDS, STOPWORDS, SYNONYMS } from "./vocabulary.js"

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

const MAX_FORM_WORDS = 6
const legalSpelling = (word: string): string => LEGAL_SPELLINGS.get(word) ?? word
const canonicalPhrase = (phrase: string): string => phrase.split(" ").map(legalSpelling).join(" ")
const legalForms = new Map<string, string>(LEGAL_FORMS.map(([phrase, canon]) => [canonicalPhrase(phrase), canon]))
/** First word of a legal-form phrase -> the longest phrase starting with it, in words. */
const formLengthByFirstWord = new Map<string, number>()
for (const [phrase] of LEGAL_FORMS) {
  const words = canonicalPhrase(phrase).split(" ")
  formLengthByFirstWord.set(words[0]!, Math.max(words.length, formLengthByFirstWord.get(words[0]!) ?? 0))
}
const LEGAL_WORDS: ReadonlyArray<string> = [...new Set(LEGAL_FORMS.flatMap(([phrase]) => phrase.split(" ")).filter((w) => w.length >= 5))]
const legalWordSet = new Set(LEGAL_WORDS)
const corrections = new Map<string, string>()
/**
 * Bound of the per-word caches below (misspelt legal-form words, classified words). Distinct words of diverse traffic
 * fill them: 200,000 words held 26 MB; a miss costs about 14 microseconds.
 */
const WORD_CACHE_LIMIT = 20_000

/** How transliterations start a word differently ("kompaniya" / "company", "djoint" / "joint"). */
const TRANSLITERATED_STARTS: ReadonlyArray<readonly [string, string]> = [["k", "c"], ["dj", "j"], ["dzh", "j"], ["zh", "j"]]

/** The first letter agrees, or the word starts the way a transliteration writes the candidate's start. */
const sameStart = (word: string, candidate: string): boolean =>
  candidate[0] === word[0] ||
  TRANSLITERATED_STARTS.some(([written, meant]) =>
    word.startsWith(written) && candidate.startsWith(meant) && word.slice(written.length) === candidate.slice(meant.length))

/** A misspelt legal-form word ("liabilty", "compnay") -> the legal-form word, used only if it completes a phrase. */
const legalWordFor = (word: string): string => {
  if (word.length < 5 || legalWordSet.has(word) || GENERIC_WORDS.has(word)) return word
  const cached = corrections.get(word)
  if (cached !== undefined) return cached
  let best = word
  const budget = editBudget(word.length)
  for (const candidate of LEGAL_WORDS) {
    if (Math.abs(candidate.length - word.length) > budget || !sameStart(word, candidate)) continue
    if (editDistance(word, candidate, budget) <= budget) {
      best = candidate
      break
    }
  }
  if (corrections.size >= WORD_CACHE_LIMIT) corrections.clear()
  corrections.set(word, best)
  return best
}

const ROMAN = /^(?=[ivxlc]{2,})(c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/
const romanValue = (word: string): string | null => {
  const m = /^[ivx]{2,6}$/.test(word) ? ROMAN.exec(word) : null
  if (m === null) return null
  const value = (s: string, one: string, five: string, ten: string, unit: number) =>
    s === one + ten ? 9 * unit : s === one + five ? 4 * unit : ((s.startsWith(five) ? 5 : 0) + s.replace(five, "").length) * unit
  return String(m[1]!.length * 100 + value(m[2]!, "x", "l", "c", 10) + value(m[3]!, "i", "v", "x", 1))
}
const TENS: ReadonlyMap<string, number> = new Map([
  ["twenty", 20], ["thirty", 30], ["forty", 40], ["fourty", 40], ["fifty", 50], ["sixty", 60], ["seventy", 70], ["eighty", 80], ["ninety", 90]
])
const UNITS: ReadonlyMap<string, number> = new Map([
  ["one", 1], ["two", 2], ["three", 3], ["four", 4], ["five", 5], ["six", 6], ["seven", 7], ["eight", 8], ["nine", 9]
])

/**
 * Abbreviations read only after a word of the name and before a business word or a legal form (or, for "ind", at the
 * name's end), where they can only be the business word: "PARCHIN CHEMICAL IND", "SPECIAL IND GROUP", "KOREA RYONBONG
 * GEN CORPORATION", "AL WASEL AND BABEL GEN TRADING LLC" (the UN list writes these names out). Elsewhere they stay
 * ambiguous (`SYNONYMS`): "ind" also stands for industrial or India, "gen" is a part of personal names.
 */
const BUSINESS_ABBREVIATIONS: ReadonlyMap<string, { readonly word: string; readonly atEnd: boolean }> = new Map([
  ["ind", { word: "industries", atEnd: true }],
  ["gen", { word: "general", atEnd: false }]
])
const isBusinessWord = (word: string): boolean => {
  const w = SYNONYMS.get(word) ?? word
  return GENERIC_WORDS.has(w) || formLengthByFirstWord.has(legalSpelling(w))
}
const businessAbbreviation = (words: ReadonlyArray<string>, i: number): string | undefined => {
  const abbreviation = i > 0 ? BUSINESS_ABBREVIATIONS.get(words[i]!) : undefined
  if (abbreviation === undefined) return undefined
  const next = words[i + 1]
  return (next === undefined ? abbreviation.atEnd : isBusinessWord(next)) ? abbreviation.word : undefined
}

/**
 * "forty four" -> "44", "forty 4" -> "44", "VII" -> "7", "1st" -> "first", "intl" -> "international", "ind" ->
 * "industries" where only that can be meant (`BUSINESS_ABBREVIATIONS`).
 */
const normalizeWords = (words: ReadonlyArray<string>): Array<string> => {
  const out: Array<string> = []
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!
    const business = businessAbbreviation(words, i)
    if (business !== undefined) {
      out.push(business)
      continue
    }
    const tens = TENS.get(w)
    if (tens !== undefined) {
      const next = words[i + 1]
      const unit = next === undefined ? undefined : UNITS.get(next) ?? (/^[1-9]$/.test(next) ? Number(next) : undefined)
      out.push(String(tens + (unit ?? 0)))
      if (unit !== undefined) i++
      continue
    }
    out.push(SYNONYMS.get(w) ?? NUMBER_WORDS.get(w) ?? romanValue(w) ?? w)
  }
  return out
}

const classified = new Map<string, NameToken>()

/** Tokens are immutable, so one object per word is shared by every name that holds the word. */
const classify = (word: string): NameToken => {
  let token = classified.get(word)
  if (token === undefined) {
    token = classifyWord(word)
    if (classified.size >= WORD_CACHE_LIMIT) classified.clear()
    classified.set(word, token)
  }
  return token
}

const classifyWord = (word: string): NameToken => {
  if (/^\d+$/.test(word)) return { text: word, cls: TokenClass.numeric, place: null }
  const place = LOCATION_WORDS.get(word)
  if (place !== undefined) return { text: word, cls: TokenClass.location, place }
  if (STOPWORDS.has(word)) return { text: word, cls: TokenClass.stopword, place: null }
  if (GENERIC_WORDS.has(word)) return { text: word, cls: TokenClass.generic, place: null }
  return { text: word, cls: TokenClass.word, place: null }
}

/** Splits a folded name into classified tokens, collapsing multi-word legal forms (longest match first). */
export const tokensOfFolded = (folded: string): ReadonlyArray<NameToken> => {
  const words = folded === "" ? [] : normalizeWords(folded.split(" "))
  const spelled = words.map((w) => legalSpelling(legalWordFor(w)))
  const out: Array<NameToken> = []
  let i = 0
  while (i < words.length) {
    let matched = 0
    const longest = formLengthByFirstWord.get(spelled[i]!) ?? 0
    for (let n = Math.min(longest, MAX_FORM_WORDS, words.length - i); n >= 1; n--) {
      const canon = legalForms.get(spelled.slice(i, i + n).join(" "))
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
