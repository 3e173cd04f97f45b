import { describe, expect, it } from "vitest"
import { isNewerVersionSet } from "../../src/domain/listVersionOrder.js"

describe("list versions newer than the ones the monitors were compared with", () => {
  it("a list's newer version, or a list added, is newer", () => {
    expect(isNewerVersionSet([5, 9], [5, 7])).toBe(true)
    expect(isNewerVersionSet([5, 7, 8], [5, 7])).toBe(true)
    expect(isNewerVersionSet([10, 11], [5, 7])).toBe(true)
  })

  it("the same versions, older ones (an instance not caught up) or fewer lists are not", () => {
    expect(isNewerVersionSet([5, 7], [5, 7])).toBe(false)
    expect(isNewerVersionSet([5, 3], [5, 7])).toBe(false)
    expect(isNewerVersionSet([9, 3], [9, 7])).toBe(false)
    expect(isNewerVersionSet([5], [5, 7])).toBe(false)
  })
})
