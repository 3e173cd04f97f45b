import { describe, expect, it } from "vitest"
import { checkWebhookUrl, isPrivateAddress } from "../../src/webhooks/addresses.js"
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

describe("webhook addresses", () => {
  it.each(["127.0.0.1", "10.0.0.8", "172.16.5.4", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "::", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "224.0.0.1"])(
    "%s is not a public address",
    (address) => expect(isPrivateAddress(address)).toBe(true)
  )
  it.each(["8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.4.4"])("%s is public", (address) => expect(isPrivateAddress(address)).toBe(false))

  it("only http(s) URLs with a host and no credentials", () => {
    expect(checkWebhookUrl("https://hooks.example.com/kyb").ok).toBe(true)
    expect(checkWebhookUrl("ftp://example.com/").ok).toBe(false)
    expect(checkWebhookUrl("javascript:alert(1)").ok).toBe(false)
    expect(checkWebhookUrl("https://u:p@example.com/").ok).toBe(false)
    expect(checkWebhookUrl("not a url").ok).toBe(false)
  })
})
