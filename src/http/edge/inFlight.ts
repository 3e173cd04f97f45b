/**
 * What a server has in flight, each in a slot of its own that is emptied when it ends and taken again by a later one.
 *
 * Not a Set: V8 keeps a Set's or Map's old table, entries and all, linked to the table that replaced it when the
 * collection grows or is compacted after deletes. A Set that lives as long as the server and sees an add and a delete
 * per request is compacted every few dozen requests. Once one of its tables is in the old generation, it keeps its
 * successor, and every request still in it, alive through each scavenge until a full collection, and that successor
 * keeps the next: the record route promoted 2.7 KB per request to the old generation at 32 connections, 0.8 KB without
 * the Set (issue 56, docs/benchmarks/gc-promotion.md). Slots hold a request only while it is in flight; the array grows
 * only to the most ever in flight at once.
 */
export interface InFlight<A> {
  /** Holds `item` until `end` is called with the slot returned. */
  readonly begin: (item: A) => number
  readonly end: (slot: number) => void
  readonly size: () => number
  readonly items: () => ReadonlyArray<A>
}

export const makeInFlight = <A>(): InFlight<A> => {
  const slots: Array<A | undefined> = []
  const free: Array<number> = []
  let size = 0
  return {
    begin: (item) => {
      const slot = free.pop() ?? slots.length
      slots[slot] = item
      size++
      return slot
    },
    end: (slot) => {
      if (slots[slot] === undefined) return
      slots[slot] = undefined
      free.push(slot)
      size--
    },
    size: () => size,
    items: () => slots.filter((item): item is A => item !== undefined)
  }
}
