/** Word-level similarity for the fuzzy tier: typos, swapped words, missing words. Pure. */

/**
 * Edit distance counting an adjacent transposition as one edit (optimal string alignment: "laafrge" and
 * "lafarge" are one edit apart), with an early exit once it exceeds `max`.
 */
export const editDistance = (a: string, b: string, max = Number.POSITIVE_INFINITY): number => {
  if (a === b) return 0
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before: Array<number> = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (
        i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) value = Math.min(value, before[j - 2]! + 1)
      current.push(value)
      if (value < rowMin) rowMin = value
    }
    if (rowMin > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length]!
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
 * name's words, each name word used once): word order is ignored, a missing or extra word costs its share.
 */
export const tokenSetSimilarity = (query: ReadonlyArray<string>, name: ReadonlyArray<string>): number => {
  if (query.length === 0 || name.length === 0) return 0
  const used = new Set<number>()
  let credit = 0
  for (const word of query) {
    let best = 0
    let bestIndex = -1
    for (let j = 0; j < name.length; j++) {
      if (used.has(j)) continue
      const s = wordSimilarity(word, name[j]!)
      if (s > best) {
        best = s
        bestIndex = j
      }
    }
    if (bestIndex >= 0) {
      used.add(bestIndex)
      credit += best
    }
  }
  return (2 * credit) / (query.length + name.length)
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
