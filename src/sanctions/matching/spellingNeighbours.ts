import { BUILD_STEP } from "./indexedNames.js"
import { HashBuckets, HashBucketsBuilder, hashCodes, hashString } from "./hashBuckets.js"
import { skeleton } from "./phonetic.js"
import { editBudget, editDistance, spellingSimilarity } from "./similarity.js"
import { isContent, type NameToken, TokenClass } from "./tokens.js"

/** Same consonant skeleton: supporting evidence, below the one-edit similarity needed to count as distinctive. */
const SKELETON_SIM = 0.8

/** Folds the half-cost differences away (vowels and y -> a, c/q -> k, z -> s): only full edits remain. */
export const spellingKey = (text: string): string => text.replace(/[aeiouy]/g, "a").replace(/[cq]/g, "k").replace(/z/g, "s")

/**
 * Deletion neighbourhood (SymSpell): the key itself and every string one deletion away. Two tokens one full edit apart
 * (substitution, insertion, deletion or transposition, after half-cost differences are folded) share one of these keys.
 */
export const deletionKeys = (key: string): Set<string> => {
  const keys = new Set<string>([key])
  for (let i = 0; i < key.length; i++) keys.add(key.slice(0, i) + key.slice(i + 1))
  return keys
}

/** The code unit `spellingKey` turns a code unit into (it maps one to one, so keys keep the token's length). */
const spellingCode = (c: number): number => {
  switch (c) {
    case 97: case 101: case 105: case 111: case 117: case 121: return 97 // aeiouy -> a
    case 99: case 113: return 107 // c, q -> k
    case 122: return 115 // z -> s
    default: return c
  }
}

/** Whether `key` is one of `deletionKeys(spellingKey(text))`: the spelling key itself, or it with one letter deleted. */
export const isDeletionKeyOf = (key: string, text: string): boolean => {
  const m = key.length
  const n = text.length
  if (m === n) {
    for (let i = 0; i < n; i++) if (spellingCode(text.charCodeAt(i)) !== key.charCodeAt(i)) return false
    return true
  }
  if (m !== n - 1) return false
  let i = 0
  while (i < m && spellingCode(text.charCodeAt(i)) === key.charCodeAt(i)) i++
  for (; i < m; i++) if (spellingCode(text.charCodeAt(i + 1)) !== key.charCodeAt(i)) return false
  return true
}

/** A skeleton is evidence only for a long enough word with enough consonants. */
const skeletonUsable = (text: string, key: string): boolean => key.length >= 3 && text.length >= 5

/**
 * The vocabulary's spelling neighbourhood: deletion keys (one full edit apart) and consonant skeletons -> token ids
 * (ascending). The tables hold 32-bit hashes of their keys, not the strings (134,000 deletion keys alone took 15 MB
 * as strings in Maps): every read checks the key itself against the token it finds, so a hash collision never adds
 * a value and each list keeps the order it had with string keys.
 */
export class SpellingNeighbours {
  static readonly empty = new SpellingNeighbours(HashBuckets.empty, HashBuckets.empty, 0)
  /** Tokens already tried by the current look-up (`stampNow`), without clearing a set each time. */
  private readonly stamp: Int32Array
  private stampNow = 0

  private constructor(private readonly deletions: HashBuckets, private readonly skeletons: HashBuckets, tokenCount: number) {
    this.stamp = new Int32Array(tokenCount)
  }

  /** Over the content words of 4 letters or more that some name holds (`posted`), in steps between yields. */
  static *build(
    tokenText: ReadonlyArray<string>,
    tokenClass: ReadonlyArray<TokenClass>,
    posted: (id: number) => boolean
  ): Generator<void, SpellingNeighbours, void> {
    const deletions = new HashBucketsBuilder()
    const skeletons = new HashBucketsBuilder()
    const codes: Array<number> = []
    for (let id = 0; id < tokenText.length; id++) {
      if (id % BUILD_STEP === BUILD_STEP - 1) yield
      const text = tokenText[id]!
      const cls = tokenClass[id]!
      if (!isContent(cls) || cls === TokenClass.numeric || text.length < 4 || !posted(id)) continue
      // The hashes of deletionKeys(spellingKey(text)), without making the strings
      codes.length = text.length
      for (let i = 0; i < text.length; i++) codes[i] = spellingCode(text.charCodeAt(i))
      deletions.add(hashCodes(codes, -1), id)
      for (let i = 0; i < codes.length; i++) deletions.add(hashCodes(codes, i), id)
      if (cls !== TokenClass.location) {
        const key = skeleton(text)
        if (skeletonUsable(text, key)) skeletons.add(hashString(key), id)
      }
    }
    yield
    return new SpellingNeighbours(deletions.build(), skeletons.build(), tokenText.length)
  }

  /** Adds to `best` (id -> similarity) the `compatible` tokens one spelling edit from `token`, then those of its skeleton. */
  addNear(token: NameToken, tokenText: ReadonlyArray<string>, best: Map<number, number>, compatible: (id: number) => boolean): void {
    const budget = Math.ceil(editBudget(token.text.length))
    const stamp = ++this.stampNow
    for (const key of deletionKeys(spellingKey(token.text))) {
      for (const id of this.deletions.bucket(hashString(key))) {
        if (this.stamp[id] === stamp || best.has(id)) continue
        const text = tokenText[id]!
        if (!isDeletionKeyOf(key, text)) continue
        this.stamp[id] = stamp
        if (Math.abs(text.length - token.text.length) > budget) continue
        const sim = spellingSimilarity(token.text, text)
        if (sim > 0 && compatible(id)) best.set(id, sim)
      }
    }
    if (token.cls === TokenClass.location) return
    const key = skeleton(token.text)
    if (!skeletonUsable(token.text, key)) return
    const limit = Math.max(2, 0.4 * token.text.length)
    for (const id of this.skeletons.bucket(hashString(key))) {
      if (skeleton(tokenText[id]!) !== key) continue
      if ((best.get(id) ?? 0) >= SKELETON_SIM || !compatible(id)) continue
      if (editDistance(token.text, tokenText[id]!, limit) <= limit) best.set(id, SKELETON_SIM)
    }
  }
}
