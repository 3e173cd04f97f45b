import { screeningFold } from "./fold.js"
import { editBudget, editDistance } from "./similarity.js"
import { expansionAt } from "../../domain/abbreviations.js"
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

const isBusinessWord = (word: string): boolean => {
  const w = SYNONYMS.get(word) ?? word
  return GENERIC_WORDS.has(w) || formLengthByFirstWord.has(legalSpelling(w))
}

/** Normalised words, each with the number of written words it stands for ("forty four" -> "44" stands for two). */
interface Normalized {
  readonly words: Array<string>
  readonly spans: Array<number>
}

/**
 * "forty four" -> "44", "forty 4" -> "44", "VII" -> "7", "1st" -> "first", "intl" -> "international", "gen" ->
 * "general" where only that can be meant (the reviewed table of `src/domain/abbreviations.ts`).
 */
const normalizeWords = (words: ReadonlyArray<string>): Normalized => {
  const out: Array<string> = []
  const spans: Array<number> = []
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!
    const tens = TENS.get(w)
    if (tens !== undefined) {
      const next = words[i + 1]
      const unit = next === undefined ? undefined : UNITS.get(next) ?? (/^[1-9]$/.test(next) ? Number(next) : undefined)
      out.push(String(tens + (unit ?? 0)))
      spans.push(unit === undefined ? 1 : 2)
      if (unit !== undefined) i++
      continue
    }
    out.push(expansionAt(words, i, isBusinessWord) ?? NUMBER_WORDS.get(w) ?? romanValue(w) ?? w)
    spans.push(1)
  }
  return { words: out, spans }
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

/** A token with the written words it was read from (folded: "co" and "ltd" for the legal form "#ltd"). */
export interface WrittenToken {
  readonly token: NameToken
  readonly written: string
}

/** Splits a folded name into classified tokens, collapsing multi-word legal forms (longest match first). */
export const tokensOfFolded = (folded: string): ReadonlyArray<NameToken> => readTokens(folded, null)

/** `tokensOfFolded` with, for each token, the words of the name it was read from (for explanations). */
export const writtenTokensOfFolded = (folded: string): ReadonlyArray<WrittenToken> => {
  const written: Array<string> = []
  return readTokens(folded, written).map((token, i) => ({ token, written: written[i]! }))
}

const readTokens = (folded: string, written: Array<string> | null): ReadonlyArray<NameToken> => {
  const source = folded === "" ? [] : folded.split(" ")
  const { spans, words } = normalizeWords(source)
  const spelled = words.map((w) => legalSpelling(legalWordFor(w)))
  const out: Array<NameToken> = []
  // Where each normalised word starts among the written words.
  const starts: Array<number> = []
  if (written !== null) spans.reduce((at, span) => (starts.push(at), at + span), 0)
  const wrote = (from: number, n: number) => {
    if (written !== null) written.push(source.slice(starts[from]!, (starts[from + n] ?? source.length)).join(" "))
  }
  let i = 0
  while (i < words.length) {
    let matched = 0
    const longest = formLengthByFirstWord.get(spelled[i]!) ?? 0
    for (let n = Math.min(longest, MAX_FORM_WORDS, words.length - i); n >= 1; n--) {
      const canon = legalForms.get(spelled.slice(i, i + n).join(" "))
      if (canon !== undefined) {
        out.push({ text: `#${canon}`, cls: TokenClass.legalForm, place: null })
        wrote(i, n)
        matched = n
        break
      }
    }
    if (matched > 0) i += matched
    else {
      wrote(i, 1)
      out.push(classify(words[i++]!))
    }
  }
  // A name made only of a legal form keeps its words as ordinary tokens ("COMPANY" alone is still a name).
  if (out.length > 0 && out.every((t) => t.cls === TokenClass.legalForm || t.cls === TokenClass.stopword)) {
    if (written !== null) {
      written.length = 0
      words.forEach((_, k) => wrote(k, 1))
    }
    return words.map((w) => ({ ...classify(w), cls: STOPWORDS.has(w) ? TokenClass.stopword : TokenClass.word }))
  }
  return out
}

export const tokenize = (name: string): ReadonlyArray<NameToken> => tokensOfFolded(screeningFold(name))

/** Tokens that carry identity (not legal forms or stopwords). */
export const isContent = (cls: TokenClass): boolean => cls !== TokenClass.legalForm && cls !== TokenClass.stopword
