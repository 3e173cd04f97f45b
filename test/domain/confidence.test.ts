import { describe, expect, it } from "vitest"
import { freshness, recordConfidence, sourceWeight } from "../../src/domain/confidence.js"

const now = new Date("2026-11-22T12:00:00.000Z")
const DAY = 86_400_000
const ago = (ms: number) => new Date(now.getTime() - ms)

describe("sourceWeight", () => {
  it.each([["live", 1], ["registry", 0.9], ["secondary", 0.7], ["synthetic", 0.7]] as const)("%s -> %s", (kind, w) => {
    expect(sourceWeight(kind)).toBe(w)
  })
})

describe("freshness", () => {
  it.each([
    ["now", 0, 1],
    ["in the future", -5 * DAY, 1],
    ["29 days", 29 * DAY, 1],
    ["exactly 30 days", 30 * DAY, 1],
    ["30 days + 1 ms", 30 * DAY + 1, 0.95],
    ["31 days", 31 * DAY, 0.95],
    ["exactly 60 days", 60 * DAY, 0.95],
    ["60 days + 1 ms", 60 * DAY + 1, 0.9],
    ["90 days", 90 * DAY, 0.9],
    ["91 days", 91 * DAY, 0.85],
    ["330 days", 330 * DAY, 0.5],
    ["331 days", 331 * DAY, 0.45],
    ["360 days", 360 * DAY, 0.45],
    ["361 days", 361 * DAY, 0.4],
    ["10 years", 3650 * DAY, 0.4]
  ])("%s", (_label, age, expected) => {
    expect(freshness(ago(age), now)).toBe(expected)
  })

  it("treats an invalid date as stale", () => {
    expect(freshness(new Date("not a date"), now)).toBe(0.4)
  })

  it("never increases with age and stays within [0.4, 1]", () => {
    let previous = 1
    for (let d = 0; d <= 800; d += 0.5) {
      const f = freshness(ago(d * DAY), now)
      expect(f).toBeLessThanOrEqual(previous)
      expect(f).toBeGreaterThanOrEqual(0.4)
      previous = f
    }
  })
})

describe("recordConfidence", () => {
  it.each([
    ["live", 0, 1],
    ["registry", 0, 0.9],
    ["secondary", 0, 0.7],
    ["synthetic", 0, 0.7],
    ["live", 45 * DAY, 0.95],
    ["registry", 45 * DAY, 0.86], // 0.9 x 0.95 = 0.855, rounded half up
    ["secondary", 45 * DAY, 0.67], // 0.7 x 0.95 = 0.665
    ["registry", 61 * DAY, 0.81],
    ["registry", 400 * DAY, 0.36],
    ["secondary", 400 * DAY, 0.28],
    ["live", 400 * DAY, 0.4]
  ] as const)("%s, %s ms old -> %s", (kind, age, expected) => {
    expect(recordConfidence(kind, ago(age), now)).toBe(expected)
  })

  it("is always a 2-decimal number in [0.28, 1]", () => {
    for (const kind of ["live", "registry", "secondary", "synthetic"] as const) {
      for (let d = 0; d < 500; d += 7) {
        const c = recordConfidence(kind, ago(d * DAY), now)
        expect(Math.round(c * 100) / 100).toBe(c)
        expect(c).toBeGreaterThanOrEqual(0.28)
        expect(c).toBeLessThanOrEqual(1)
      }
    }
  })
})
