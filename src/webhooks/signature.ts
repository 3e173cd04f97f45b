import { createHmac, timingSafeEqual } from "node:crypto"

/** An endpoint's signing secret, derived from the server's master key, the endpoint's id and its salt. */
export const deriveSecret = (masterKey: string, webhookId: string, salt: string) =>
  `whsec_${createHmac("sha256", masterKey).update(`${webhookId}:${salt}`).digest("base64url")}`

/** SHA-256 in hex, as API keys are stored. */
export { hashSecret as sha256 } from "../access/ApiKeys.js"

/**
 * The signature of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>`, in
 * the `KYB-Signature` header. A receiver recomputes it over the raw body and rejects old timestamps (replays).
 */
export const signDelivery = (secret: string, timestamp: number, body: string) =>
  `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`

/** Verifies a signature header (what a receiver does); `toleranceSeconds` bounds the timestamp's age. */
export const verifyDelivery = (secret: string, header: string, body: string, nowSeconds: number, toleranceSeconds = 300) => {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=") as [string, string]))
  const timestamp = Number(parts["t"])
  const given = Buffer.from(parts["v1"] ?? "", "hex")
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false
  const expected = Buffer.from(signDelivery(secret, timestamp, body).split("v1=")[1]!, "hex")
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Seconds before attempt `n + 1` (n >= 1): doubling from `baseSeconds`, at most an hour. */
export const retryDelaySeconds = (attempts: number, baseSeconds: number) => Math.min(3600, baseSeconds * 2 ** Math.max(0, attempts - 1))
