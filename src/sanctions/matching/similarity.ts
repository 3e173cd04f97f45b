const VOWELS = ["a", "e", "i", "o", "u"]
/** Half-cost substitutions: look-alike characters and the closest vowels (Qaida / Qaeda). */
const CONFUSABLE = new Set(["0o", "o0", "1l", "l1", "1i", "i1", "5s", "s5", "ck", "kc", "iy", "yi", "sz", "zs", "qk", "kq", "ei", "ie", "ou", "uo"])
/** Other vowel changes of transliteration (Hizballah / Hezbollah) cost three quarters of an edit. */
const VOWEL_CHANGES = VOWELS.flatMap((a) => VOWELS.filter((b) => b !== a).map((b) => a + b)).filter((pair) => !CONFUSABLE.has(pair))

const COST = new Float64Array(128 * 128).fill(1)
for (let c = 0; c < 128; c++) COST[c * 128 + c] = 0
for (const pair of CONFUSABLE) COST[pair.charCodeAt(0) * 128 + pair.charCodeAt(1)] = 0.5
for (const pair of VOWEL_CHANGES) COST[pair.charCodeAt(0) * 128 + pair.charCodeAt(1)] = 0.75
const substitution = (a: number, b: number): number => (a === b ? 0 : a < 128 && b < 128 ? COST[a * 128 + b]! : 1)

const ROW = 64
let rowA = new Float64Array(ROW)
let rowB = new Float64Array(ROW)
let rowC = new Float64Array(ROW)

/** Optimal-string-alignment distance with half-cost confusable substitutions (c/k, q/k, vowels, 0/o ...); > limit when over it. */
export const editDistance = (a: string, b: string, limit: number): number => {
  const n = a.length
  const m = b.length
  if (Math.abs(n - m) > limit) return limit + 1
  if (m + 1 > rowA.length) {
    rowA = new Float64Array(m + 1)
    rowB = new Float64Array(m + 1)
    rowC = new Float64Array(m + 1)
  }
  let prev2 = rowA
  let prev = rowB
  let cur = rowC
  for (let j = 0; j <= m; j++) prev[j] = j
  for (let i = 1; i <= n; i++) {
    cur[0] = i
    let rowMin = i
    const ca = a.charCodeAt(i - 1)
    const caPrev = i > 1 ? a.charCodeAt(i - 2) : -1
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1)
      let v = prev[j - 1]! + substitution(ca, cb)
      const del = prev[j]! + 1
      if (del < v) v = del
      const ins = cur[j - 1]! + 1
      if (ins < v) v = ins
      if (j > 1 && ca === b.charCodeAt(j - 2) && caPrev === cb) {
        const swap = prev2[j - 2]! + 1
        if (swap < v) v = swap
      }
      cur[j] = v
      if (v < rowMin) rowMin = v
    }
    if (rowMin > limit) return limit + 1
    const t = prev2
    prev2 = prev
    prev = cur
    cur = t
  }
  return prev[m]!
}

/** Edits tolerated for a token of this length: short tokens (acronyms) must be exact. */
export const editBudget = (length: number): number => (length <= 3 ? 0 : length <= 5 ? 1 : length <= 9 ? 1.5 : 2)

/** Similarity of two different tokens from spelling alone: 1 - 0.12 per edit within budget, else 0. */
export const spellingSimilarity = (a: string, b: string): number => {
  if (a === b) return 1
  const budget = editBudget(Math.min(a.length, b.length))
  if (budget === 0) return 0
  const d = editDistance(a, b, budget)
  return d > budget ? 0 : 1 - 0.12 * d
}
