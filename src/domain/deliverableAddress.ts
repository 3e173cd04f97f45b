import ipaddr from "ipaddr.js"

/**
 * Whether an IP address may receive webhook deliveries: only globally reachable unicast addresses. The ranges are
 * those of the IANA special-purpose registries as `ipaddr.js` knows them (loopback, private, shared, link-local,
 * documentation, benchmarking, multicast, reserved, discard, ORCHID, AS112, AMT, ...). IPv6 forms that carry an IPv4
 * address (IPv4-mapped ::ffff:0:0/96, IPv4-compatible ::/96, IPv4-translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96,
 * 6to4 2002::/16, Teredo 2001::/32) are judged by the IPv4 address they reach; the local-use NAT64 prefix
 * 64:ff9b:1::/48 and anything outside global unicast 2000::/3 are refused. Pure: unit-tested.
 */
export type AddressVerdict = { readonly ok: true } | { readonly ok: false; readonly range: string }

const refused = (range: string): AddressVerdict => ({ ok: false, range })
const OK: AddressVerdict = { ok: true }

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parse("2000::")

const v4Verdict = (address: ipaddr.IPv4): AddressVerdict => {
  const range = address.range()
  return range === "unicast" ? OK : refused(range)
}

const v4At = (parts: ReadonlyArray<number>, high: number, xor = 0): ipaddr.IPv4 => {
  const h = parts[high]! ^ xor
  const l = parts[high + 1]! ^ xor
  return new ipaddr.IPv4([h >> 8, h & 0xff, l >> 8, l & 0xff])
}

const embedded = (address: ipaddr.IPv6, label: string, v4: ipaddr.IPv4): AddressVerdict => {
  const inner = v4Verdict(v4)
  return inner.ok ? OK : refused(`${label} of ${inner.range} ${v4.toString()} (${address.toNormalizedString()})`)
}

const v6Verdict = (address: ipaddr.IPv6): AddressVerdict => {
  const parts = address.parts
  const range = address.range()
  if (range === "ipv4Mapped" || range === "rfc6145") return embedded(address, "IPv4-mapped form", v4At(parts, 6))
  if (address.match(ipaddr.IPv6.parse("64:ff9b::"), 96)) return embedded(address, "NAT64 form", v4At(parts, 6))
  if (range === "rfc6052") return refused("local-use NAT64 (64:ff9b:1::/48)")
  if (range === "6to4") return embedded(address, "6to4 form", v4At(parts, 1))
  if (range === "teredo") {
    const server = embedded(address, "Teredo server", v4At(parts, 2))
    return server.ok ? embedded(address, "Teredo client", v4At(parts, 6, 0xffff)) : server
  }
  // ::/96 (IPv4-compatible, deprecated) holds ::1 and :: too: those are loopback and unspecified, not IPv4.
  if (parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || parts[7]! > 1)) {
    return embedded(address, "IPv4-compatible form", v4At(parts, 6))
  }
  if (range !== "unicast") return refused(range)
  return address.match(GLOBAL_UNICAST_V6, 3) ? OK : refused("outside global unicast 2000::/3")
}

/** The verdict for an address literal (IPv4 dotted quad or IPv6, brackets and zone allowed); not an address: refused. */
export const deliverableAddress = (literal: string): AddressVerdict => {
  const text = literal.replace(/^\[|\]$/g, "")
  if (/%/.test(text)) return refused("scoped (zone) address")
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return v4Verdict(ipaddr.IPv4.parse(text))
  if (ipaddr.IPv6.isValid(text) && text.includes(":")) return v6Verdict(ipaddr.IPv6.parse(text))
  return refused("not an IP address")
}

/** A host of a URL that is an IP literal (WHATWG URL has already normalised IPv4 forms like 0x7f.1 and 2130706433). */
export const isAddressLiteral = (hostname: string): boolean => {
  const text = hostname.replace(/^\[|\]$/g, "")
  return ipaddr.IPv4.isValidFourPartDecimal(text) || (text.includes(":") && ipaddr.IPv6.isValid(text))
}
