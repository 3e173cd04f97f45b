/**
 * The company keys an initial load has written so far, as 64-bit hashes in an open-addressing table (16 bytes a
 * key at most, where a Set of the key strings would take several times that for millions of companies). `add` may
 * say a key never added was there (two different keys with one hash: about one in 2^64 per pair), never the
 * reverse: the loader treats "there" as "perhaps held" and goes through the merge, which asks the database, so a
 * false hit costs one query and can change no result.
 */
export interface SeenKeys {
  /** Adds the key; false when it was there already (or, rarely, a key with the same hash was). */
  readonly add: (registry: string, key: string) => boolean
  readonly size: () => number
}

// Two independent 32-bit FNV-1a style hashes of the same characters (different offsets and primes); NUL between
// registry and key.
const hashPair = (registry: string, key: string, out: Uint32Array) => {
  let a = 0x811c9dc5
  let b = 0x9e3779b9 ^ 0x01000193
  const length = registry.length + 1 + key.length
  for (let i = 0; i < length; i++) {
    const code = i < registry.length ? registry.charCodeAt(i) : i === registry.length ? 0 : key.charCodeAt(i - registry.length - 1)
    a = Math.imul(a ^ code, 0x01000193)
    b = Math.imul(b ^ code, 0x5bd1e995)
    b ^= b >>> 15
  }
  out[0] = a >>> 0
  // 0,0 marks an empty slot: a key hashing to it is stored as 0,1.
  out[1] = out[0] === 0 && b >>> 0 === 0 ? 1 : b >>> 0
}

export const makeSeenKeys = (initialCapacity = 1 << 16): SeenKeys => {
  let capacity = 1
  while (capacity < initialCapacity) capacity <<= 1
  let slots = new Uint32Array(capacity * 2)
  let count = 0
  const pair = new Uint32Array(2)

  /** The slot holding the pair, or the empty slot where it would go. */
  const find = (table: Uint32Array, cap: number, a: number, b: number) => {
    let i = (a ^ Math.imul(b, 0x27d4eb2d)) & (cap - 1)
    for (;;) {
      const x = table[i * 2]!
      const y = table[i * 2 + 1]!
      if ((x === a && y === b) || (x === 0 && y === 0)) return i
      i = (i + 1) & (cap - 1)
    }
  }

  const grow = () => {
    const old = slots
    const oldCapacity = capacity
    capacity *= 2
    slots = new Uint32Array(capacity * 2)
    for (let i = 0; i < oldCapacity; i++) {
      const a = old[i * 2]!
      const b = old[i * 2 + 1]!
      if (a === 0 && b === 0) continue
      const j = find(slots, capacity, a, b)
      slots[j * 2] = a
      slots[j * 2 + 1] = b
    }
  }

  return {
    add: (registry, key) => {
      if ((count + 1) * 2 > capacity) grow()
      hashPair(registry, key, pair)
      const i = find(slots, capacity, pair[0]!, pair[1]!)
      if (slots[i * 2] !== 0 || slots[i * 2 + 1] !== 0) return false
      slots[i * 2] = pair[0]!
      slots[i * 2 + 1] = pair[1]!
      count++
      return true
    },
    size: () => count
  }
}
