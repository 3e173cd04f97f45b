import { describe, expect, it } from "vitest"
import { establishedCompany } from "../../src/verify/subjects.js"

describe("established companies", () => {
  const now = new Date("2026-11-26T00:00:00Z")
  it("a listed company, or one on the register for ten years or more", () => {
    expect(establishedCompany({ listed_ticker: "TRNF", incorporation_date: null }, now)).toBe(true)
    expect(establishedCompany({ listed_ticker: null, incorporation_date: "2001-03-01" }, now)).toBe(true)
    expect(establishedCompany({ listed_ticker: null, incorporation_date: "2020-03-01" }, now)).toBe(false)
    expect(establishedCompany({ listed_ticker: null, incorporation_date: null }, now)).toBe(false)
    expect(establishedCompany(null, now)).toBe(false)
  })
})
