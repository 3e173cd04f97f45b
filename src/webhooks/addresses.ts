import { isIP } from "node:net"

/** Loopback, private, link-local, unique-local, CGNAT and unspecified addresses: not a place to deliver to by default. */
export const isPrivateAddress = (address: string): boolean => {
  const kind = isIP(address)
  if (kind === 4) {
    const [a, b] = address.split(".").map(Number) as [number, number]
    return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224
  }
  if (kind === 6) {
    const lower = address.toLowerCase()
    if (lower === "::1" || lower === "::") return true
    if (lower.startsWith("::ffff:")) return isPrivateAddress(lower.slice(7))
    return /^(fc|fd|fe8|fe9|fea|feb)/.test(lower)
  }
  return true
}

/** An endpoint URL a webhook may have: http(s), a host, no credentials; the reason otherwise. */
export const checkWebhookUrl = (raw: string): { readonly ok: true; readonly url: URL } | { readonly ok: false; readonly problem: string } => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, problem: "The url is not a URL." }
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, problem: "Only http and https URLs receive webhooks." }
  if (url.username !== "" || url.password !== "") return { ok: false, problem: "The url must not carry credentials." }
  if (url.hostname === "") return { ok: false, problem: "The url has no host." }
  return { ok: true, url }
}
