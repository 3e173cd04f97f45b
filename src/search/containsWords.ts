import type { SearchQuery } from "./searchQuery.js"
import { charLength } from "./sqlText.js"
import type { WordRow } from "./wordStatements.js"

/**
 * The word-index query of the `contains` tier; the literal substring is then checked on every row it gives (the
 * tier's match set: the word query and the substring, counted exactly). Words held (`held`: the vocabulary's words
 * among the query's, with how many companies use each) are asked for whole; the last word, unless held, is asked
 * as a word prefix ('cem':*) when it has three characters or more, or begins none of the held words nearest to it
 * (`rarePrefix`), and is otherwise left to the literal check; a single word not held is asked as a prefix
 * ('banq':*). So `contains` finds the query where it starts at a word of the name ("bank" in "Access Bank", not
 * "ation" in "Nation"): a substring starting mid-word needs the trigram index, whose look-up for a common fragment
 * reads tens of thousands of rows on millions of companies. The unfinished word keeps the rows to check few:
 * "holdings tra" checks the 29 names holding "holdings" and a word starting "tra", not the 19,114 holding
 * "holdings" (2,000,000 companies). Null when the query has no word, or only common words to ask for, or when a word
 * asked for whole is one the vocabulary was asked about and does not hold: no name holds it, so nothing contains the
 * query (a long name of words no registry uses, whose word query would still read every word's postings).
 */
export const containsWords = (q: SearchQuery, hints: ContainsHints): string | null => {
  const { held } = hints
  const tokens = [...new Set(q.tokens)]
  if (tokens.length === 0) return null
  const quote = (t: string) => `'${t.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`
  const last = tokens[tokens.length - 1]!
  const whole = held.has(last) ? tokens : tokens.slice(0, -1)
  const looked = new Set(q.tokens.slice(0, hints.looked))
  if (whole.some((t) => looked.has(t) && !held.has(t))) return null
  // Only common words to ask for: the word index would hand over tens of thousands of rows to check.
  if (whole.length > 0 && whole.every((t) => (held.get(t) ?? 0) > COMMON_WORD)) return null
  if (tokens.length === 1) return held.has(last) ? quote(last) : `${quote(last)}:*`
  const asked = whole.map(quote)
  if (!held.has(last) && (hints.rarePrefix || charLength(last) >= 3)) asked.push(`${quote(last)}:*`)
  return asked.join(" & ")
}

/** What the vocabulary says about the query's words, for the `contains` tier. */
export interface ContainsHints {
  /** The query's words held, with how many companies use each. */
  readonly held: ReadonlyMap<string, number>
  /** How many of the query's words (its first) the vocabulary was asked about: `held` is exact for those. */
  readonly looked: number
  /**
   * The unfinished last word begins none of the words held nearest to it: as a prefix it costs the word index
   * little and narrows the rows to check (a typo: "dangote cemnt").
   */
  readonly rarePrefix: boolean
}

/** The most of a query's words (its first) the vocabulary is asked about, and fuzzy candidates are looked up by. */
export const MAX_QUERY_WORDS = 8

/** How many of the query's words (its first) the vocabulary is asked about (`nearestAndSpelledWords`). */
export const vocabularyAsked = (q: SearchQuery): number => (q.short || q.numberLike ? 0 : Math.min(q.tokens.length, MAX_QUERY_WORDS))

/** Hints from the words held nearest to the query's words (`nearestAndSpelledWords`, asked about `vocabularyAsked`). */
export const containsHints = (q: SearchQuery, words: ReadonlyArray<WordRow>): ContainsHints => {
  const last = q.tokens.length
  const lastToken = q.tokens[last - 1]
  return {
    held: new Map(words.filter((w) => w.word === q.tokens[w.i - 1]).map((w) => [w.word, Number(w.companies)])),
    looked: vocabularyAsked(q),
    rarePrefix: lastToken !== undefined && !words.some((w) => w.i === last && w.word.startsWith(lastToken))
  }
}

/** A word used by more companies than this is not worth a `contains` look-up on its own. */
const COMMON_WORD = 20_000
