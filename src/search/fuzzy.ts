import { canonicalSpelling } from "../domain/nameEquivalences.js"
import { foldTokens, nameTokens, normalizeName } from "../domain/normalize.js"
import { compactSimilarity, tokenSetOf, wordSimilarity as nearWord } from "./similarity.js"
import type { WordRow } from "./wordStatements.js"

/** The words held that may stand for one query word: itself when held, else its near spellings. */
export interface WordGroup {
  readonly token: string
  readonly words: ReadonlyArray<string>
  /** Companies using any of the words (from the vocabulary counts). */
  readonly companies: number
}

/** Trigram similarity (pg_trgm) above which a held word is taken as a spelling of the query word. */
const TRIGRAM_NEAR = 0.45
const MAX_ALTERNATIVES = 3

/**
 * Groups per query word from the nearest held words. `loose` (suggestions) keeps the nearest words whatever
 * their similarity.
 */
export const wordGroups = (
  tokens: ReadonlyArray<string>,
  rows: ReadonlyArray<WordRow>,
  loose = false
): ReadonlyArray<WordGroup> =>
  tokens.map((token, index) => {
    const near = rows.filter((r) => r.i === index + 1)
    const exact = near.find((r) => r.word === token)
    // A held word stands for itself and its linguistic equivalents ("mohamed", "muhammad"); a word held nowhere for
    // its held spellings (equivalents, then a transposed pair of letters), then its nearest words.
    const chosen = exact !== undefined
      ? [exact, ...near.filter((r) => r.spelling === "equivalent").slice(0, MAX_ALTERNATIVES - 1)]
      : near
        .filter((r) => loose || r.spelling !== undefined || nearWord(token, r.word) > 0 || r.sim >= TRIGRAM_NEAR)
        .slice(0, MAX_ALTERNATIVES)
    return { token, words: chosen.map((r) => r.word), companies: chosen.reduce((n, r) => n + r.companies, 0) }
  })

/**
 * The groups that still stand once the query is read with its words corrected: a misspelt legal form
 * ("Corrporation Ltd") is only recognised, and stripped, after correction.
 */
export const correctedGroups = (groups: ReadonlyArray<WordGroup>, country: string | undefined): ReadonlyArray<WordGroup> => {
  const corrected = groups.map((g) => g.words[0] ?? g.token)
  const kept = new Set(nameTokens(normalizeName(corrected.join(" "), country)))
  const standing = groups.filter((_, i) => kept.has(corrected[i]!))
  return standing.length > 0 ? standing : groups
}

const quote = (word: string) => `'${word.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`
const groupQuery = (g: WordGroup) => g.words.length === 1 ? quote(g.words[0]!) : `(${g.words.map(quote).join(" | ")})`

/**
 * How widely the word index is asked for candidates: `all` the query's held words together (typos, word order,
 * missing and unknown words), `relaxed` any two of them or alone a rare one (an extra held word), `any` the
 * rarest words alone (suggestions).
 */
export type CandidateMode = "all" | "relaxed" | "any"

/** Words a name need not repeat to match all the query's words ("Bank of Africa" ~ "Bank for Africa"). */
const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  "of", "and", "the", "for", "in", "de", "du", "des", "la", "le", "les", "et", "d", "l", "da", "do", "e", "al", "el"
])

/** A word used by at most this many companies is selective enough to fetch candidates alone. */
const RARE_WORD = 2000
/** A pair of words is asked for only when one of them is used by at most this many companies. */
const PAIR_WORD = 20_000
/** The rarest words are OR-ed for suggestions until they cover this many companies. */
const ANY_WORDS = 5000

/**
 * The word-index clauses (tsquery texts) for a mode, a name matching any of them being a candidate; null when the
 * mode has nothing to ask. Each clause is its own index condition (a bitmap OR of them): an AND clause is read
 * from its rarest word, skipping through the others' lists, where one tsquery OR-ing the clauses would read every
 * word's whole list.
 */
export const candidateClauses = (groups: ReadonlyArray<WordGroup>, mode: CandidateMode): ReadonlyArray<string> | null => {
  const held = groups.filter((g) => g.words.length > 0)
  if (held.length === 0) return null
  if (held.length === 1) {
    // One word used by many alone ("holdings") gives arbitrary names, the more so next to a word held nowhere
    // ("Qwxzv Holdings"); the literal tiers already list them.
    const limit = groups.length > held.length ? RARE_WORD : PAIR_WORD
    if (mode === "all" && held[0]!.companies > limit) return null
    return mode === "relaxed" ? null : [groupQuery(held[0]!)]
  }
  const meaningful = held.filter((g) => !FUNCTION_WORDS.has(g.token))
  if (mode === "all") return [(meaningful.length > 0 ? meaningful : held).map(groupQuery).join(" & ")]
  if (mode === "any") {
    const rarest = [...held].sort((a, b) => a.companies - b.companies)
    const chosen: Array<WordGroup> = []
    let covered = 0
    for (const g of rarest) {
      if (chosen.length > 0 && covered + g.companies > ANY_WORDS) break
      chosen.push(g)
      covered += g.companies
    }
    return chosen.map(groupQuery)
  }
  // A name sharing only a function word besides one other word shares one word: no pair with "of" or "de".
  const rare = meaningful.filter((g) => g.companies <= RARE_WORD)
  const clauses = new Set(rare.map(groupQuery))
  if (meaningful.length <= 6) {
    for (let i = 0; i < meaningful.length; i++) {
      for (let j = i + 1; j < meaningful.length; j++) {
        const [a, b] = [meaningful[i]!, meaningful[j]!]
        // A pair holding a rare word adds nothing to that word alone.
        if (Math.min(a.companies, b.companies) > PAIR_WORD || rare.includes(a) || rare.includes(b)) continue
        clauses.add(`${groupQuery(a)} & ${groupQuery(b)}`)
      }
    }
  }
  return clauses.size === 0 ? null : [...clauses]
}

/** Rarer words weigh more in how much of the query a name covers. */
const weightOf = (companies: number) => 1 / Math.log2(2 + companies)
/** A word outside the normalised query (a legal form) weighs as a common word. */
const UNKNOWN_WEIGHT = weightOf(10_000)

/**
 * A query's words in their canonical spelling (`canonicalSpelling`: "Mohamed Trading" and "Muhammad Trading", "El
 * Sewedy" and "Al Sewedy" hold the same words), each with its weight: made once per query, not per name scored.
 */
interface WeightedWords {
  readonly tokens: ReadonlyArray<string>
  readonly weights: ReadonlyArray<number>
  readonly total: number
  /**
   * Every query word's similarity to one name word (in its canonical spelling), computed once per look-up: the
   * names a look-up hands over share most of their words ("banco", "limited"), and the edit distances were most of
   * the scoring's time for long names.
   */
  readonly similaritiesTo: (word: string) => Float64Array
}

const weightedWords = (groups: ReadonlyArray<WordGroup>, queryTokens: ReadonlyArray<string>): WeightedWords => {
  const byWord = new Map(groups.map((g) => [canonicalSpelling(g.token), weightOf(g.companies)]))
  const tokens = queryTokens.map(canonicalSpelling)
  const weights = tokens.map((t) => byWord.get(t) ?? UNKNOWN_WEIGHT)
  const known = new Map<string, Float64Array>()
  const similaritiesTo = (word: string) => {
    let column = known.get(word)
    if (column === undefined) {
      column = new Float64Array(tokens.length)
      for (let i = 0; i < tokens.length; i++) column[i] = nearWord(tokens[i]!, word)
      known.set(word, column)
    }
    return column
  }
  return { tokens, weights, total: weights.reduce((a, b) => a + b, 0), similaritiesTo }
}

/** The mean of the (rarity-weighted) share of the query found in the name and the token-set (Dice) similarity. */
const wordSimilarity = (query: WeightedWords, nameWords: ReadonlyArray<string>, canonical: (word: string) => string): number => {
  const { tokens, total, weights } = query
  const columns = nameWords.map((w) => query.similaritiesTo(canonical(w)))
  const width = columns.length
  // Query words by rows, as `tokenSetOf` reads them; each query word's best match among the name's words on the way.
  const matrix = new Float64Array(tokens.length * width)
  const best = new Float64Array(tokens.length)
  for (let j = 0; j < width; j++) {
    const column = columns[j]!
    for (let i = 0; i < tokens.length; i++) {
      const similarity = column[i]!
      matrix[i * width + j] = similarity
      if (similarity > best[i]!) best[i] = similarity
    }
  }
  let weighted = 0
  for (let i = 0; i < tokens.length; i++) weighted += weights[i]! * best[i]!
  const coverage = total === 0 ? 0 : weighted / total
  return (coverage + tokenSetOf(matrix, tokens.length, width)) / 2
}

/**
 * The fuzzy scores of one query, for each name a look-up hands it:
 * - `normalized`: the similarity of a stored normalised name to the query, in 0..1: the word similarity, or the
 *   word-joined similarity when higher; the whole-string trigram similarity only breaks ties (alone it lets an
 *   unknown word next to a common one, "Qwxzv Holdings", pass for "WG Holdings");
 * - `folded`: the word similarity on the folded names with their legal forms kept, for a query whose misspelt legal
 *   form was not recognised as one ("Corrporation Ltd").
 */
export const fuzzyScorer = (groups: ReadonlyArray<WordGroup>, queryNorm: string, queryText: string) => {
  const normalizedWords = weightedWords(groups, groups.map((g) => g.token))
  const foldedWords = weightedWords(groups, foldTokens(queryText))
  const spellings = new Map<string, string>()
  const canonical = (word: string) => {
    let spelt = spellings.get(word)
    if (spelt === undefined) spellings.set(word, spelt = canonicalSpelling(word))
    return spelt
  }
  return {
    normalized: (nameNorm: string, trigram: number): number =>
      Math.max(wordSimilarity(normalizedWords, nameTokens(nameNorm), canonical), compactSimilarity(queryNorm, nameNorm)) +
      trigram / 1000,
    folded: (legalName: string): number => wordSimilarity(foldedWords, foldTokens(legalName), canonical)
  }
}
