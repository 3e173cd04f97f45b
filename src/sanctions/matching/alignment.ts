import { screeningFold } from "./fold.js"
import type { MatchIndex } from "./matchIndex.js"
import { isContent, type NameToken } from "./tokens.js"

/** A query token prepared against an index: its weight and the vocabulary tokens it matches. */
export interface QueryToken {
  readonly token: NameToken
  readonly weight: number
  readonly matches: ReadonlyMap<number, number>
}

export interface PreparedQuery {
  readonly text: string
  readonly tokens: ReadonlyArray<QueryToken>
  readonly contentMass: number
  readonly compactKey: string
  readonly fullKey: string
}

export const prepareQuery = (
  index: MatchIndex,
  text: string,
  tokens: ReadonlyArray<NameToken>,
  folded: string = screeningFold(text)
): PreparedQuery => {
  const prepared = tokens.map((token): QueryToken => {
    const id = index.tokenId(token.text)
    const weight = id === undefined ? index.weightOf(token, 0) : index.tokenWeight[id]!
    return { token, weight, matches: index.lookup(token) }
  })
  const contentMass = prepared.reduce((s, q) => s + (isContent(q.token.cls) ? q.weight : 0), 0)
  const compactKey = tokens.filter((t) => isContent(t.cls)).map((t) => t.text).join("")
  return { text, tokens: prepared, contentMass, compactKey, fullKey: folded.replace(/ /g, "") }
}

export interface Pair {
  readonly q: number
  readonly n: number
  readonly sim: number
  readonly mass: number
}

const MAX_TOKENS = 256
export const usedQuery = new Uint8Array(MAX_TOKENS)
export const usedName = new Uint8Array(MAX_TOKENS)

/**
 * One-to-one greedy alignment by weighted similarity. Marks the aligned positions in `usedQuery` / `usedName`
 * (module buffers, valid until the next call) and returns the chosen pairs.
 */
export const align = (index: MatchIndex, qt: ReadonlyArray<QueryToken>, nt: Int32Array): Array<Pair> => {
  const qn = Math.min(qt.length, MAX_TOKENS)
  const nn = Math.min(nt.length, MAX_TOKENS)
  usedQuery.fill(0, 0, qn)
  usedName.fill(0, 0, nn)
  const pairs: Array<Pair> = []
  for (let i = 0; i < qn; i++) {
    const matches = qt[i]!.matches
    if (matches.size === 0) continue
    for (let j = 0; j < nn; j++) {
      const sim = matches.get(nt[j]!)
      if (sim !== undefined) pairs.push({ q: i, n: j, sim, mass: sim * (qt[i]!.weight + index.tokenWeight[nt[j]!]!) })
    }
  }
  if (pairs.length > 1) pairs.sort((a, b) => b.mass - a.mass)
  const chosen: Array<Pair> = []
  for (const p of pairs) {
    if (usedQuery[p.q] || usedName[p.n]) continue
    usedQuery[p.q] = 1
    usedName[p.n] = 1
    chosen.push(p)
  }
  return chosen
}
