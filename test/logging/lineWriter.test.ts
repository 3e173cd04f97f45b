import { describe, expect, it } from "vitest"
import { makeLineWriter } from "../../src/logging/lineWriter.js"

const nextTurn = () => new Promise((r) => setImmediate(r))

describe("the log line writer", () => {
  it("writes nothing while the work that logs runs, then every line of the turn in one write", async () => {
    const writes: Array<string> = []
    const writer = makeLineWriter((text) => writes.push(text))
    writer.add("first")
    writer.add("second")
    writer.add("third")
    expect(writes).toEqual([])
    await nextTurn()
    expect(writes).toEqual(["first\nsecond\nthird\n"])
    await nextTurn()
    expect(writes).toHaveLength(1)
  })

  it("flush writes what is pending at once, and the scheduled turn then writes nothing twice", async () => {
    const writes: Array<string> = []
    const writer = makeLineWriter((text) => writes.push(text))
    writer.add("logged just before a stop")
    writer.flush()
    expect(writes).toEqual(["logged just before a stop\n"])
    await nextTurn()
    expect(writes).toEqual(["logged just before a stop\n"])
    writer.flush()
    expect(writes).toHaveLength(1)
  })

  it("lines added after a write go out in the next turn, in the order they were added", async () => {
    const writes: Array<string> = []
    const writer = makeLineWriter((text) => writes.push(text))
    writer.add("a")
    await nextTurn()
    writer.add("b")
    writer.add("c")
    await nextTurn()
    expect(writes).toEqual(["a\n", "b\nc\n"])
  })
})
