import { randomBytes, timingSafeEqual } from "node:crypto"

/** A random token for a cookie or a link: 32 bytes, base64url. Only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString("base64url")

/** SHA-256 in hex, as API keys are stored. */
export { hashSecret as sha256 } from "../access/ApiKeys.js"

/** Constant-time equality of two strings (false when the lengths differ). */
export const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a, "utf8")
  const y = Buffer.from(b, "utf8")
  return x.length === y.length && timingSafeEqual(x, y)
}
