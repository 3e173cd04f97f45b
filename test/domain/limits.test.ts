import { assert, describe, it } from "@effect/vitest"
import { defaultLimits, parseLimits, refusal } from "../../src/domain/limits.js"

describe("per-plan limits (issue 25)", () => {
  it("reads plan=count pairs over the defaults, or one number for every plan", () => {
    assert.deepStrictEqual(parseLimits("free=3, growth=7", defaultLimits.monitors), {
      ok: true, value: { free: 3, starter: 1_000, growth: 7, unlimited: 10_000 }
    })
    assert.deepStrictEqual(parseLimits("12", defaultLimits.webhooks), { ok: true, value: { free: 12, starter: 12, growth: 12, unlimited: 12 } })
  })

  it("refuses an unknown plan, a negative or non-numeric count", () => {
    for (const text of ["gold=5", "free=-1", "free=x", "free", ""]) assert.isFalse(parseLimits(text, defaultLimits.monitors).ok, text)
  })

  it("allows while below the limit; the refusal names the resource, the count, the limit and the plan", () => {
    assert.isNull(refusal("monitors", "free", 99, 100))
    assert.strictEqual(
      refusal("monitors", "free", 100, 100),
      "monitors: this account has 100 of the 100 its plan (free) allows; delete some first, or ask for a larger plan."
    )
    assert.match(refusal("jobs_in_flight", "growth", 10, 10) ?? "", /^jobs in flight: .*wait for one to finish/)
  })
})
