const VOWELS = ["a", "e", "i", "o", "u"]
/** Half-cost substitutions: look-alike characters and the vowel changes of transliteration (Hizballah / Hezbollah). */
const CONFUSABLE = new Set([
  "0o", "o0", "1l", "l1", "1i", "i1", "5s", "s5", "ck", "kc", "iy", "yi", "sz", "zs", "qk", "kq",
  ...VOWELS.flatMap((a) => VOWELS.filter((b) => b !== a).map((b) => a + b))
])

/** Optimal-string-alignment distance with half-cost confusable substitutions (c/k, q/k, vowels, 0/o ...). */
export const editDistance = (a: string, b: string, limit: number): number => {
  const n = a.length
  const m = b.length
  if (Math.abs(n - m) > limit) return limit + 1
  let prev2 = new Float64Array(m + 1)
  let prev = new Float64Array(m + 1)
  let cur = new Float64Array(m + 1)
  for (let j = 0; j <= m; j++) prev[j] = j
  for (let i = 1; i <= n; i++) {
    cur[0] = i
    let rowMin = cur[0]
    for (let j = 1; j <= m; j++) {
      const ca = a.charCodeAt(i - 1)
      const cb = b.charCodeAt(j - 1)
      const sub = ca === cb ? 0 : CONFUSABLE.has(a[i - 1]! + b[j - 1]!) ? 0.5 : 1
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + sub)
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, prev2[j - 2]! + 1)
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
