import { Effect } from "effect"
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto"

/**
 * Passwords hashed with scrypt (node:crypto), memory-hard: N = 2^15, r = 8, p = 1 (32 MiB, tens of milliseconds),
 * a 16-byte random salt, a 32-byte key. Stored as `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` (base64url), so the cost can
 * be raised later and older hashes still verify.
 */
const LOG2_N = 15
const R = 8
const P = 1
const KEY_LENGTH = 32

const derive = (password: string, salt: Buffer, log2n: number, r: number, p: number) =>
  Effect.callback<Buffer, Error>((resume) => {
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, { N: 2 ** log2n, r, p, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      resume(error === null ? Effect.succeed(key) : Effect.fail(error)))
  })

export const hashPassword = (password: string) =>
  Effect.gen(function*() {
    const salt = randomBytes(16)
    const key = yield* derive(password, salt, LOG2_N, R, P)
    return `scrypt$${LOG2_N}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`
  }).pipe(Effect.orDie)

/** Constant-time comparison of the derived key; a malformed stored hash never verifies. */
export const verifyPassword = (password: string, stored: string) =>
  Effect.gen(function*() {
    const [scheme, log2n, r, p, salt, key] = stored.split("$")
    if (scheme !== "scrypt" || salt === undefined || key === undefined) return false
    const expected = Buffer.from(key, "base64url")
    const derived = yield* derive(password, Buffer.from(salt, "base64url"), Number(log2n), Number(r), Number(p))
    return derived.length === expected.length && timingSafeEqual(derived, expected)
  }).pipe(Effect.orDie)

/** A hash to verify against when the account does not exist, so that the answer takes as long either way. */
export const decoyHash = hashPassword("decoy password, never matched")
