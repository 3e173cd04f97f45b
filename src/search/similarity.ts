/** Word-level similarity for the fuzzy tier: typos, swapped words, missing words. Pure. */

/** Scratch rows of the edit-distance table, grown as needed (single-threaded: no call interleaves another). */
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)]
const FAR = 1 << 29

/**
 * Edit distance counting an adjacent transposition as one edit (optimal string alignment: "laafrge" and
 * "lafarge" are one edit apart), with an early exit once it exceeds `max`. Only the band of cells within `max` of
 * the diagonal is computed (a path leaving it costs more than `max`).
 */
export const editDistance = (a: string, b: string, max = Number.POSITIVE_INFINITY): number => {
  if (a === b) return 0
  const m = a.length
  const n = b.length
  if (Math.abs(m - n) > max) return max + 1
  if (rows[0].length <= n + 1) rows = [new Int32Array(2 * n + 2), new Int32Array(2 * n + 2), new Int32Array(2 * n + 2)]
  let [before, previous, current] = rows
  const band = Math.min(max, Math.max(m, n))
  for (let j = 0; j <= n; j++) previous[j] = j <= band ? j : FAR
  for (let i = 1; i <= m; i++) {
    const lo = Math.max(1, i - band)
    const hi = Math.min(n, i + band)
    current[lo - 1] = lo === 1 ? i : FAR
    let rowMin = lo === 1 ? i : FAR
    const ai = a.charCodeAt(i - 1)
    for (let j = lo; j <= hi; j++) {
      const bj = b.charCodeAt(j - 1)
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (ai === bj ? 0 : 1))
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        value = Math.min(value, before[j - 2]! + 1)
      }
      current[j] = value
      if (value < rowMin) rowMin = value
    }
    if (hi < n) current[hi + 1] = FAR
    if (rowMin > max) return max + 1
    const spare = before
    before = previous
    previous = current
    current = spare
  }
  const distance = previous[n]!
  return distance > max ? max + 1 : distance
}

/** 1 for equal words, 1 - edits/length for near words (at most one edit per four letters), else 0. */
export const wordSimilarity = (a: string, b: string): number => {
  if (a === b) return 1
  const longest = Math.max(a.length, b.length)
  if (longest < 4) return 0
  const allowed = Math.max(1, Math.floor(longest / 4))
  const distance = editDistance(a, b, allowed)
  return distance > allowed ? 0 : 1 - distance / longest
}

/**
 * Token-set similarity (Dice over words, each query word credited with its best near match among the
 * name's words, each name word used once), from every query word's `wordSimilarity` to every name word (query
 * words by rows): word order is ignored, a missing or extra word costs its share.
 */
export const tokenSetOf = (matrix: Float64Array, queryWords: number, nameWords: number): number => {
  if (queryWords === 0 || nameWords === 0) return 0
  const used = new Uint8Array(nameWords)
  let credit = 0
  for (let i = 0; i < queryWords; i++) {
    let best = 0
    let bestIndex = -1
    for (let j = 0; j < nameWords; j++) {
      if (used[j] === 1) continue
      const s = matrix[i * nameWords + j]!
      if (s > best) {
        best = s
        bestIndex = j
      }
    }
    if (bestIndex >= 0) {
      used[bestIndex] = 1
      credit += best
    }
  }
  return (2 * credit) / (queryWords + nameWords)
}

/** Word-joined similarity: "tel kom" and "telkom" agree (spaces ignored), scaled by edit distance. */
export const compactSimilarity = (query: string, name: string): number => {
  const a = query.replaceAll(" ", "")
  const b = name.replaceAll(" ", "")
  const longest = Math.max(a.length, b.length)
  if (longest === 0) return 0
  const allowed = Math.max(1, Math.floor(longest / 5))
  const distance = editDistance(a, b, allowed)
  return distance > allowed ? 0 : 1 - distance / longest
}
