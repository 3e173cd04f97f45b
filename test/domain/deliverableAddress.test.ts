import { describe, expect, it } from "vitest"
import { deliverableAddress, isAddressLiteral } from "../../src/domain/deliverableAddress.js"

describe("which addresses may receive webhook deliveries (issue 25 item 7)", () => {
  it.each([
    // IPv4 special-purpose ranges
    "0.0.0.0", "0.1.2.3", "10.0.0.8", "100.64.0.1", "127.0.0.1", "127.255.255.254", "169.254.169.254", "172.16.5.4", "172.31.255.255",
    "192.0.0.1", "192.0.2.1", "192.88.99.1", "192.168.1.1", "198.18.0.1", "198.19.255.255", "198.51.100.7", "203.0.113.10", "224.0.0.1",
    "239.255.255.250", "240.0.0.1", "255.255.255.255",
    // IPv6 special-purpose ranges
    "::", "::1", "fc00::1", "fd12:3456::1", "fe80::1", "fec0::1", "ff02::1", "100::1", "2001:db8::1", "2001:2::1", "2001:10::1", "2001:20::1",
    "3fff::1", "5f00::1", "4000::1", "e000::1",
    // IPv4 inside IPv6: mapped, compatible, translated, NAT64 (both prefixes), 6to4, Teredo
    "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::127.0.0.1", "::7f00:1", "::a00:1", "::ffff:0:7f00:1",
    "64:ff9b::7f00:1", "64:ff9b::10.1.2.3", "64:ff9b::c000:201", "64:ff9b:1::8.8.8.8", "2002:7f00:1::", "2002:a00:1::1", "2002:c000:0201::1",
    "2001:0:7f00:1::1", "2001:0:808:808:0:0:80ff:fffe",
    // zones and non-addresses
    "fe80::1%eth0", "localhost", "example.com", "1.2.3", "0x7f.1"
  ])("%s is refused", (address) => expect(deliverableAddress(address).ok).toBe(false))

  it.each([
    "8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "192.0.3.1", "198.20.0.1", "203.0.114.1", "223.255.255.254",
    "2606:4700::1111", "2a00:1450:4001:82a::200e", "[2606:4700::1111]", "::ffff:8.8.4.4", "::8.8.4.4", "64:ff9b::808:808", "2002:808:808::1",
    "2001:0:808:808:0:0:f7f7:f7f7"
  ])("%s may receive deliveries", (address) => expect(deliverableAddress(address)).toEqual({ ok: true }))

  it("a refusal names the range, and for an embedded form the IPv4 address it reaches", () => {
    expect(deliverableAddress("64:ff9b::7f00:1")).toEqual({ ok: false, range: "NAT64 form of loopback 127.0.0.1 (64:ff9b:0:0:0:0:7f00:1)" })
    expect(deliverableAddress("2002:7f00:1::")).toEqual({ ok: false, range: "6to4 form of loopback 127.0.0.1 (2002:7f00:1:0:0:0:0:0)" })
    expect(deliverableAddress("203.0.113.10")).toEqual({ ok: false, range: "reserved" })
  })

  it("address literals are told from names", () => {
    expect(isAddressLiteral("[::1]")).toBe(true)
    expect(isAddressLiteral("127.0.0.1")).toBe(true)
    expect(isAddressLiteral("hooks.example.com")).toBe(false)
    expect(isAddressLiteral("1.2.3")).toBe(false)
  })
})
