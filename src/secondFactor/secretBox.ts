import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto"

/**
 * Sealing a TOTP secret at rest: AES-256-GCM under a key derived (SHA-256) from the server's key, bound to the member
 * (additional data), so a sealed secret copied to another member's row does not open. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
const keyOf = (serverKey: string) => createHash("sha256").update(`kyb totp v1\n${serverKey}`).digest()

export const seal = (serverKey: string, memberId: string, secret: string): string => {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", keyOf(serverKey), iv)
  cipher.setAAD(Buffer.from(memberId, "utf8"))
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()])
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".")
}

/** The secret, or null when it does not open (another key, another member, a changed row). */
export const open = (serverKey: string, memberId: string, sealed: string): string | null => {
  const [version, iv, tag, body] = sealed.split(".")
  if (version !== "v1" || iv === undefined || tag === undefined || body === undefined) return null
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(serverKey), Buffer.from(iv, "base64url"))
    decipher.setAAD(Buffer.from(memberId, "utf8"))
    decipher.setAuthTag(Buffer.from(tag, "base64url"))
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8")
  } catch {
    return null
  }
}
