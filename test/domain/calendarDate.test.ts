import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { isCalendarDate } from "../../src/domain/calendarDate.js"

/** The definition the hand-written check must agree with: the date round-trips through the JS calendar. */
const byDateObject = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}

describe("isCalendarDate", () => {
  it.each([
    ["2024-02-29", true],
    ["2023-02-29", false],
    ["2000-02-29", true],
    ["1900-02-29", false],
    ["2024-04-30", true],
    ["2024-04-31", false],
    ["2024-12-31", true],
    ["2024-13-01", false],
    ["2024-00-10", false],
    ["2024-01-00", false],
    ["1960-10-01", true],
    ["2024-1-01", false],
    ["24-01-01", false],
    ["2024-01-01T00:00:00Z", false],
    ["2024/01/01", false],
    ["", false],
    [" 2024-01-01", false]
  ])("%s -> %s", (input, expected) => {
    expect(isCalendarDate(input)).toBe(expected)
  })

  it("agrees with the JS calendar on every YYYY-MM-DD string (property, fixed seed)", () => {
    const digits = (n: number) => fc.array(fc.constantFrom(..."0123456789"), { minLength: n, maxLength: n }).map((a) => a.join(""))
    const dateLike = fc.tuple(fc.integer({ min: 1000, max: 9999 }), digits(2), digits(2)).map(([y, m, d]) => `${y}-${m}-${d}`)
    fc.assert(fc.property(dateLike, (s) => isCalendarDate(s) === byDateObject(s)), { seed: 20261122, numRuns: 20_000 })
  })
})
