import { describe, expect, it } from "vitest"
import { freshnessOf, parseMaxAgeDays, utcDay } from "../../src/domain/listFreshness.js"
import { reviewReasonOrder, reviewReasonWords } from "../../src/domain/reviewReasons.js"

describe("freshnessOf", () => {
  it.each([
    ["published today", { publishedOn: "2026-11-27", confirmedOn: null }, 7, { asOf: "2026-11-27", ageDays: 0, stale: false }],
    ["exactly at the limit", { publishedOn: "2026-11-20", confirmedOn: null }, 7, { asOf: "2026-11-20", ageDays: 7, stale: false }],
    ["one day past the limit", { publishedOn: "2026-11-19", confirmedOn: null }, 7, { asOf: "2026-11-19", ageDays: 8, stale: true }],
    ["the shipped OFAC SDN file", { publishedOn: "2024-05-03", confirmedOn: null }, 7, { asOf: "2024-05-03", ageDays: 938, stale: true }],
    ["old publication confirmed current yesterday", { publishedOn: "2024-05-03", confirmedOn: "2026-11-26" }, 7, { asOf: "2026-11-26", ageDays: 1, stale: false }],
    ["confirmation older than publication", { publishedOn: "2026-11-25", confirmedOn: "2026-11-01" }, 7, { asOf: "2026-11-25", ageDays: 2, stale: false }],
    ["date unknown: stale, age unknown", { publishedOn: null, confirmedOn: null }, 7, { asOf: null, ageDays: null, stale: true }],
    ["date unknown, confirmed today", { publishedOn: null, confirmedOn: "2026-11-27" }, 7, { asOf: "2026-11-27", ageDays: 0, stale: false }],
    ["limit 0: only today's is current", { publishedOn: "2026-11-26", confirmedOn: null }, 0, { asOf: "2026-11-26", ageDays: 1, stale: true }],
    ["a date after today counts as age 0", { publishedOn: "2026-11-28", confirmedOn: null }, 7, { asOf: "2026-11-28", ageDays: 0, stale: false }],
    ["a malformed date is unknown", { publishedOn: "2026-13-45", confirmedOn: null }, 7, { asOf: "2026-13-45", ageDays: null, stale: true }],
    ["limit off: the age is reported, nothing is stale", { publishedOn: "2024-05-03", confirmedOn: null }, null, { asOf: "2024-05-03", ageDays: 938, stale: false }],
    ["limit off, date unknown", { publishedOn: null, confirmedOn: null }, null, { asOf: null, ageDays: null, stale: false }]
  ] as const)("%s", (_name, version, maxAge, expected) => {
    expect(freshnessOf(version, "2026-11-27", maxAge)).toEqual(expected)
  })

  it("counts in UTC days", () => {
    expect(utcDay(new Date("2026-11-27T23:59:59.999Z"))).toBe("2026-11-27")
    expect(utcDay(new Date("2026-11-28T00:30:00+02:00"))).toBe("2026-11-27")
  })
})

describe("parseMaxAgeDays", () => {
  it("reads days or off, and refuses anything else", () => {
    expect(parseMaxAgeDays("7")).toEqual({ days: 7 })
    expect(parseMaxAgeDays(" 0 ")).toEqual({ days: 0 })
    expect(parseMaxAgeDays("OFF")).toEqual({ days: null })
    for (const bad of ["", "-1", "7.5", "seven", "1e3", "9999999"]) expect(parseMaxAgeDays(bad)).toHaveProperty("error")
  })
})

describe("review reason words", () => {
  it("every reason has words a reviewer reads, none of them the code", () => {
    for (const reason of reviewReasonOrder) {
      expect(reviewReasonWords[reason].length).toBeGreaterThan(10)
      expect(reviewReasonWords[reason]).not.toContain("_")
    }
  })
})
