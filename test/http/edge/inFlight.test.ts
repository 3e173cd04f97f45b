import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { makeInFlight } from "../../../src/http/edge/inFlight.js"

describe("what a server has in flight (slots, not a Set: issue 56)", () => {
  it("holds each item from begin to end, and counts them", () => {
    const inFlight = makeInFlight<string>()
    const a = inFlight.begin("a")
    const b = inFlight.begin("b")
    expect(inFlight.size()).toBe(2)
    expect(inFlight.items()).toEqual(["a", "b"])
    inFlight.end(a)
    expect(inFlight.size()).toBe(1)
    expect(inFlight.items()).toEqual(["b"])
    inFlight.end(b)
    expect(inFlight.size()).toBe(0)
    expect(inFlight.items()).toEqual([])
  })

  it("an ended slot is taken again, so that the slots grow only to the most ever in flight at once", () => {
    const inFlight = makeInFlight<number>()
    const slots = new Set<number>()
    for (let i = 0; i < 1000; i++) {
      const x = inFlight.begin(i)
      const y = inFlight.begin(i + 1)
      slots.add(x).add(y)
      inFlight.end(x)
      inFlight.end(y)
    }
    expect([...slots].sort()).toEqual([0, 1])
  })

  it("ending a slot twice changes nothing", () => {
    const inFlight = makeInFlight<string>()
    const a = inFlight.begin("a")
    inFlight.begin("b")
    inFlight.end(a)
    inFlight.end(a)
    expect(inFlight.size()).toBe(1)
    expect(inFlight.items()).toEqual(["b"])
    const c = inFlight.begin("c")
    expect(c).toBe(a)
    expect([...inFlight.items()].sort()).toEqual(["b", "c"])
  })

  it("agrees with a Set over any sequence of begins and ends", () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.constant(-1), fc.nat(20)), { maxLength: 200 }), (steps) => {
      const inFlight = makeInFlight<number>()
      const model = new Map<number, number>()
      let next = 0
      for (const step of steps) {
        const open = [...model.keys()]
        if (step === -1 || open.length === 0) {
          const item = next++
          model.set(item, inFlight.begin(item))
        } else {
          const item = open[step % open.length]!
          inFlight.end(model.get(item)!)
          model.delete(item)
        }
        expect(inFlight.size()).toBe(model.size)
        expect([...inFlight.items()].sort((x, y) => x - y)).toEqual([...model.keys()].sort((x, y) => x - y))
      }
    }))
  })
})
