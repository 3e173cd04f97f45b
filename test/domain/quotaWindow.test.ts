import { describe, expect, it } from "vitest"
import { dayOf, monthlyQuota, periodOf, resetOf, retryAfterSeconds, rfc3339 } from "../../src/domain/quotaWindow.js"

describe("quota window", () => {
  it.each([
    ["2026-11-22T12:00:00Z", "2026-11-01", "2026-12-01T00:00:00Z"],
    ["2026-12-31T23:59:59.999Z", "2026-12-01", "2027-01-01T00:00:00Z"],
    ["2027-01-01T00:00:00Z", "2027-01-01", "2027-02-01T00:00:00Z"],
    ["2028-02-29T10:00:00Z", "2028-02-01", "2028-03-01T00:00:00Z"]
  ])("at %s the period is %s and it resets at %s", (now, period, reset) => {
    expect(periodOf(new Date(now))).toBe(period)
    expect(rfc3339(resetOf(new Date(now)))).toBe(reset)
  })

  it("writes RFC 3339 without the milliseconds, whatever the instant", () => {
    expect(rfc3339(new Date("2026-11-29T22:55:01.123Z"))).toBe("2026-11-29T22:55:01Z")
    expect(rfc3339(new Date("1999-01-02T03:04:05Z"))).toBe("1999-01-02T03:04:05Z")
    expect(rfc3339(new Date(Date.UTC(10_000, 0, 1)))).toBe("+010000-01-01T00:00:00Z")
  })

  it("counts days in UTC", () => {
    expect(dayOf(new Date("2026-11-24T23:59:59.999Z"))).toBe("2026-11-24")
    expect(dayOf(new Date("2026-11-25T00:30:00+01:00"))).toBe("2026-11-24")
  })

  it("counts Retry-After in whole seconds up to the reset, at least one", () => {
    expect(retryAfterSeconds(new Date("2026-11-30T23:59:00Z"))).toBe(60)
    expect(retryAfterSeconds(new Date("2026-11-30T23:59:59.900Z"))).toBe(1)
  })

  it("takes the override over the plan", () => {
    expect(monthlyQuota("free", null)).toBe(100)
    expect(monthlyQuota("starter", null)).toBe(10_000)
    expect(monthlyQuota("growth", null)).toBe(100_000)
    expect(monthlyQuota("unlimited", null)).toBeNull()
    expect(monthlyQuota("free", 3)).toBe(3)
    expect(monthlyQuota("unlimited", 0)).toBe(0)
  })
})
