import { nameTokens } from "../domain/normalize.js"
import { compactSimilarity, tokenSetSimilarity, wordSimilarity } from "./similarity.js"
import type { WordRow } from "./statements.js"

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
    const chosen = exact !== undefined
      ? [exact]
      : near
        .filter((r) => loose || wordSimilarity(token, r.word) > 0 || r.sim >= TRIGRAM_NEAR)
        .slice(0, MAX_ALTERNATIVES)
    return { token, words: chosen.map((r) => r.word), companies: chosen.reduce((n, r) => n + r.companies, 0) }
  })

const quote = (word: string) => `'${word.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`
const groupQuery = (g: WordGroup) => g.words.length === 1 ? quote(g.words[0]!) : `(${g.words.map(quote).join(" | ")})`

/**
 * The word-index query for candidates: all matched words together, any two of them (word order, one missing
 * or extra word), and alone any word used by at most `rare` companies. Null when no word is held.
 */
export const candidateQuery = (groups: ReadonlyArray<WordGroup>, rare: number, anyWord = false): string | null => {
  const held = groups.filter((g) => g.words.length > 0)
  if (held.length === 0) return null
  if (held.length === 1 || anyWord) return held.map(groupQuery).join(" | ")
  const clauses = new Set<string>([held.map(groupQuery).join(" & ")])
  for (const g of held) if (g.companies <= rare) clauses.add(groupQuery(g))
  if (held.length <= 6) {
    for (let i = 0; i < held.length; i++) {
      for (let j = i + 1; j < held.length; j++) clauses.add(`${groupQuery(held[i]!)} & ${groupQuery(held[j]!)}`)
    }
  }
  return [...clauses].map((c) => `(${c})`).join(" | ")
}

/** Rarer words weigh more in how much of the query a name covers. */
const weightOf = (companies: number) => 1 / Math.log2(2 + companies)

/**
 * Fuzzy similarity of a stored normalised name to the query, in 0..1: the mean of the (rarity-weighted) share
 * of the query found in the name and the token-set (Dice) similarity, or the trigram or word-joined
 * similarity when higher.
 */
export const fuzzySimilarity = (
  groups: ReadonlyArray<WordGroup>,
  queryNorm: string,
  nameNorm: string,
  trigram: number
): number => {
  const words = nameTokens(nameNorm)
  const tokens = groups.map((g) => g.token)
  let weighted = 0
  let total = 0
  for (const g of groups) {
    const w = weightOf(g.companies)
    let best = 0
    for (const word of words) best = Math.max(best, wordSimilarity(g.token, word))
    weighted += w * best
    total += w
  }
  const coverage = total === 0 ? 0 : weighted / total
  const wordScore = (coverage + tokenSetSimilarity(tokens, words)) / 2
  return Math.max(wordScore, trigram, compactSimilarity(queryNorm, nameNorm))
}
