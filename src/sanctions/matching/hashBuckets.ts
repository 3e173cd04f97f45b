/**
 * Compact multimaps for the screening index: flat typed arrays instead of one small array (and one string key) per entry.
 */

const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193

/** 32-bit FNV-1a of a string's UTF-16 code units. */
export const hashString = (text: string): number => {
  let h = FNV_OFFSET
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME)
  return h >>> 0
}

/** The same hash as `hashString` of `codes` with the code unit at `skip` left out (-1: none). */
export const hashCodes = (codes: ArrayLike<number>, skip: number): number => {
  let h = FNV_OFFSET
  for (let i = 0; i < codes.length; i++) if (i !== skip) h = Math.imul(h ^ codes[i]!, FNV_PRIME)
  return h >>> 0
}

/** Lists of small integers 0..n-1, stored as one data array and n + 1 offsets. */
export class PackedLists {
  private constructor(private readonly starts: Int32Array, private readonly data: Int32Array) {}

  static from(lists: ReadonlyArray<ArrayLike<number>>): PackedLists {
    const starts = new Int32Array(lists.length + 1)
    for (let i = 0; i < lists.length; i++) starts[i + 1] = starts[i]! + lists[i]!.length
    const data = new Int32Array(starts[lists.length]!)
    for (let i = 0; i < lists.length; i++) data.set(lists[i]!, starts[i]!)
    return new PackedLists(starts, data)
  }

  get length(): number {
    return this.starts.length - 1
  }

  /** A view of list `i` (no copy). */
  at(i: number): Int32Array {
    return this.data.subarray(this.starts[i]!, this.starts[i + 1]!)
  }
}

/** Collects (hash, value) pairs; values should be added in ascending order so that each bucket keeps it. */
export class HashBucketsBuilder {
  private hashes: Array<number> = []
  private values: Array<number> = []

  add(hash: number, value: number): void {
    this.hashes.push(hash)
    this.values.push(value)
  }

  build(): HashBuckets {
    const { hashes, values } = this
    const order = Int32Array.from(hashes.keys()).sort((a, b) => hashes[a]! - hashes[b]! || values[a]! - values[b]! || a - b)
    const keys: Array<number> = []
    const starts: Array<number> = []
    const data: Array<number> = []
    for (const i of order) {
      const h = hashes[i]!
      const v = values[i]!
      if (keys.length === 0 || keys[keys.length - 1] !== h) {
        keys.push(h)
        starts.push(data.length)
      } else if (data[data.length - 1] === v) continue
      data.push(v)
    }
    starts.push(data.length)
    this.hashes = []
    this.values = []
    return new HashBuckets(Uint32Array.from(keys), Int32Array.from(starts), Int32Array.from(data))
  }
}

/**
 * A multimap from keys to ascending integer values, with each key reduced to a 32-bit hash: the bucket of a key holds its
 * values and, rarely, those of other keys with the same hash, which the caller filters out by checking the key itself.
 */
export class HashBuckets {
  constructor(private readonly keys: Uint32Array, private readonly starts: Int32Array, private readonly data: Int32Array) {}

  static readonly empty = new HashBuckets(new Uint32Array(0), new Int32Array(1), new Int32Array(0))

  /** The values stored under `hash`, ascending (a view, no copy; empty when none). */
  bucket(hash: number): Int32Array {
    const keys = this.keys
    let lo = 0
    let hi = keys.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1
      const k = keys[mid]!
      if (k < hash) lo = mid + 1
      else if (k > hash) hi = mid - 1
      else return this.data.subarray(this.starts[mid]!, this.starts[mid + 1]!)
    }
    return this.data.subarray(0, 0)
  }
}
