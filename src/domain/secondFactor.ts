/**
 * The second factor's pure rules (issue 39): what a typed code is, recovery codes' shape, and which 30-second step
 * a TOTP code may be accepted for (a code works once, and never one older than the last accepted).
 */
export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
/** Codes of the step before and after are accepted too (a phone's clock a little off). */
export const TOTP_WINDOW = 1
export const RECOVERY_CODES = 10

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"

/** A recovery code from 10 random bytes: ten characters of an unambiguous alphabet as xxxxx-xxxxx (about 49 bits). */
export const recoveryCodeOf = (bytes: Uint8Array): string => {
  const chars = Array.from(bytes.slice(0, 10), (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]!).join("")
  return `${chars.slice(0, 5)}-${chars.slice(5, 10)}`
}

export type TypedCode =
  | { readonly kind: "totp"; readonly code: string }
  | { readonly kind: "recovery"; readonly code: string }
  | { readonly kind: "invalid" }

/** What the member typed: six digits (spaces allowed), a recovery code (any case, the dash optional), or neither. */
export const typedCode = (raw: string | undefined): TypedCode => {
  const text = (raw ?? "").trim()
  const digits = text.replace(/\s+/g, "")
  if (/^\d{6}$/.test(digits)) return { kind: "totp", code: digits }
  const letters = text.toLowerCase().replace(/[\s-]+/g, "")
  if (letters.length === 10 && [...letters].every((c) => RECOVERY_ALPHABET.includes(c))) {
    return { kind: "recovery", code: `${letters.slice(0, 5)}-${letters.slice(5)}` }
  }
  return { kind: "invalid" }
}

/** The step a code matched (`delta` steps from now's), or null when it is not after the last step accepted. */
export const acceptedStep = (nowMs: number, delta: number, lastStep: number | null): number | null => {
  const step = Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta
  return lastStep !== null && step <= lastStep ? null : step
}
