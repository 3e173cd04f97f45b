import { describe, expect, it } from "vitest"
import { deriveSecret, retryDelaySeconds, signDelivery, verifyDelivery } from "../../src/webhooks/signature.js"

describe("webhook signatures", () => {
  it("a receiver verifies the signature over timestamp and body with the secret; any change, another secret or an old timestamp fails", () => {
    const header = signDelivery("whsec_abc", 1_764_000_000, "{\"id\":\"e1\"}")
    expect(header).toMatch(/^t=1764000000,v1=[0-9a-f]{64}$/)
    expect(verifyDelivery("whsec_abc", header, "{\"id\":\"e1\"}", 1_764_000_010)).toBe(true)
    expect(verifyDelivery("whsec_abc", header, "{\"id\":\"e2\"}", 1_764_000_010)).toBe(false)
    expect(verifyDelivery("whsec_other", header, "{\"id\":\"e1\"}", 1_764_000_010)).toBe(false)
    expect(verifyDelivery("whsec_abc", header, "{\"id\":\"e1\"}", 1_764_000_000 + 301)).toBe(false)
    expect(verifyDelivery("whsec_abc", "garbage", "{}", 1_764_000_000)).toBe(false)
  })

  it("secrets are derived again from the master key, the endpoint and its salt, never stored", () => {
    const a = deriveSecret("master", "w1", "salt")
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    expect(deriveSecret("master", "w1", "salt")).toBe(a)
    expect(deriveSecret("master", "w2", "salt")).not.toBe(a)
    expect(deriveSecret("other", "w1", "salt")).not.toBe(a)
  })

  it("retries double from the base, at most an hour apart", () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(n, 30))).toEqual([30, 60, 120, 240])
    expect(retryDelaySeconds(20, 30)).toBe(3600)
  })
})
