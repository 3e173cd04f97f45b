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

  static fromParts(starts: Int32Array, data: Int32Array): PackedLists {
    return new PackedLists(starts, data)
  }
}

/**
 * Appends lists to one growable data array: a list never needs an array of its own (tens of thousands of small
 * typed arrays, each kept until the build ends, were promoted to the old generation during a refresh).
 */
export class PackedListsBuilder {
  private starts = new Int32Array(1024)
  private data = new Int32Array(4096)
  private size = 0
  private count = 0

  /** Appends a value to the list being written. */
  push(value: number): void {
    if (this.size === this.data.length) {
      const data = new Int32Array(this.size * 2)
      data.set(this.data)
      this.data = data
    }
    this.data[this.size++] = value
  }

  /** Ends the list being written: the values pushed since the previous end. */
  end(): void {
    if (this.count + 1 === this.starts.length) {
      const starts = new Int32Array(this.starts.length * 2)
      starts.set(this.starts)
      this.starts = starts
    }
    this.starts[++this.count] = this.size
  }

  build(): PackedLists {
    return PackedLists.fromParts(this.starts.slice(0, this.count + 1), this.data.slice(0, this.size))
  }
}

/** Values below this are ordered with their hash as one exact number (hash * 2^21 + value < 2^53). */
const VALUE_LIMIT = 2 ** 21

/**
 * Collects (hash, value) pairs into growable typed arrays, and builds the buckets with one numeric sort of the pairs
 * (a comparator sort over boxed arrays allocated several times the tables' size while a new index was built).
 */
export class HashBucketsBuilder {
  private hashes = new Uint32Array(1024)
  private values = new Int32Array(1024)
  private size = 0

  add(hash: number, value: number): void {
    if (this.size === this.hashes.length) {
      const hashes = new Uint32Array(this.size * 2)
      hashes.set(this.hashes)
      this.hashes = hashes
      const values = new Int32Array(this.size * 2)
      values.set(this.values)
      this.values = values
    }
    this.hashes[this.size] = hash
    this.values[this.size] = value
    this.size++
  }

  build(): HashBuckets {
    const n = this.size
    const pairs = new Float64Array(n)
    for (let i = 0; i < n; i++) {
      const value = this.values[i]!
      if (value < 0 || value >= VALUE_LIMIT) throw new RangeError(`a bucket value must be in [0, ${VALUE_LIMIT}), not ${value}`)
      pairs[i] = this.hashes[i]! * VALUE_LIMIT + value
    }
    pairs.sort()
    const keys = new Uint32Array(n)
    const starts = new Int32Array(n + 1)
    const data = new Int32Array(n)
    let keyCount = 0
    let dataCount = 0
    for (let i = 0; i < n; i++) {
      const pair = pairs[i]!
      if (i > 0 && pair === pairs[i - 1]) continue
      const value = pair % VALUE_LIMIT
      const hash = (pair - value) / VALUE_LIMIT
      if (keyCount === 0 || keys[keyCount - 1] !== hash) {
        keys[keyCount] = hash
        starts[keyCount] = dataCount
        keyCount++
      }
      data[dataCount++] = value
    }
    starts[keyCount] = dataCount
    this.hashes = new Uint32Array(0)
    this.values = new Int32Array(0)
    this.size = 0
    return new HashBuckets(keys.slice(0, keyCount), starts.slice(0, keyCount + 1), data.slice(0, dataCount))
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
