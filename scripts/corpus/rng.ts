/** A small seeded PRNG (sfc32) with the helpers the generator needs. Same seed, same sequence, everywhere. */
export class Rng {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(seed: number) {
    this.a = 0x9e3779b9
    this.b = 0x243f6a88
    this.c = 0xb7e15162
    this.d = seed >>> 0
    for (let i = 0; i < 16; i++) this.next()
  }

  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return (t >>> 0) / 4294967296
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: ReadonlyArray<T>): T {
    return items[Math.floor(this.next() * items.length)]!
  }

  digits(n: number): string {
    let s = ""
    for (let i = 0; i < n; i++) s += String(Math.floor(this.next() * 10))
    return s
  }
}

/** Cumulative weights for fast weighted picks. */
export class Weighted<T> {
  private readonly cumulative: Array<number> = []
  private readonly items: Array<T> = []
  private total = 0

  constructor(entries: ReadonlyArray<readonly [T, number]>) {
    for (const [item, weight] of entries) {
      if (weight <= 0) continue
      this.total += weight
      this.cumulative.push(this.total)
      this.items.push(item)
    }
  }

  pick(rng: Rng): T {
    const x = rng.next() * this.total
    let lo = 0
    let hi = this.cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.cumulative[mid]! > x) hi = mid
      else lo = mid + 1
    }
    return this.items[lo]!
  }

  get size() {
    return this.items.length
  }
}

/**
 * The n-th member (n < space) of a fixed pseudo-random permutation of 0..space-1: numbers that look random and
 * never repeat. `space` must be a power of ten (the multiplier is odd and not a multiple of 5).
 */
export const permuted = (n: number, space: number): number => (n * 2654435761 + 7919) % space
