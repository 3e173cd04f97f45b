import { createHmac, timingSafeEqual } from "node:crypto"

/**
 * What a cursor was made for: the list it pages, the account that asked, and the filters that shaped the pages. A
 * cursor opens only for the same three (issue 41 item 7), so none can name another account's row or be moved to
 * another list or filter.
 */
export interface CursorScope {
  readonly list: string
  readonly accountId: string
  readonly filters?: Readonly<Record<string, string | number | boolean | null | undefined>>
}

/** A keyset position: the row's time and id (the page goes on after it). */
export interface CursorPosition {
  readonly at: Date
  readonly id: string
}

const TOKEN = /^[A-Za-z0-9_-]{1,200}$/
const MAC_LENGTH = 22 // 16 bytes of HMAC-SHA256, base64url
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const scopeText = (scope: CursorScope) =>
  JSON.stringify([
    scope.list,
    scope.accountId,
    Object.entries(scope.filters ?? {}).filter(([, value]) => value !== undefined && value !== null).sort(([a], [b]) => (a < b ? -1 : 1))
  ])

const macOf = (secret: Uint8Array, scope: CursorScope, payload: string) =>
  createHmac("sha256", secret).update(`kyb cursor v1\n${scopeText(scope)}\n${payload}`).digest().subarray(0, 16).toString("base64url")

/** The token for `payload` (a position as text) made for `scope`: opaque, URL-safe, sealed with the server's secret. */
export const sealCursor = (secret: Uint8Array, scope: CursorScope, payload: string): string =>
  Buffer.from(`${payload}~${macOf(secret, scope, payload)}`, "utf8").toString("base64url")

const split = (token: string): { readonly payload: string; readonly mac: string } | null => {
  if (!TOKEN.test(token)) return null
  const text = Buffer.from(token, "base64url").toString("utf8")
  const at = text.lastIndexOf("~")
  if (at <= 0 || text.length - at - 1 !== MAC_LENGTH) return null
  return { payload: text.slice(0, at), mac: text.slice(at + 1) }
}

/** Whether a token has a cursor's shape (a schema's check before the account is known); not whether it opens. */
export const hasCursorShape = (token: string): boolean => split(token) !== null

/** The payload sealed in `token` for exactly this scope; null for anything else (another list, account or filter). */
export const openCursor = (secret: Uint8Array, scope: CursorScope, token: string): string | null => {
  const parts = split(token)
  if (parts === null) return null
  const expected = Buffer.from(macOf(secret, scope, parts.payload))
  const sent = Buffer.from(parts.mac)
  return sent.length === expected.length && timingSafeEqual(sent, expected) ? parts.payload : null
}

/** A keyset position as a payload ("<ISO time>|<uuid>"), and back (null when it is not one). */
export const positionText = (position: CursorPosition): string => `${position.at.toISOString()}|${position.id}`

export const positionOf = (payload: string): CursorPosition | null => {
  const [time, id, ...rest] = payload.split("|")
  if (rest.length > 0 || time === undefined || id === undefined || !UUID.test(id)) return null
  const at = new Date(time)
  return Number.isNaN(at.getTime()) || at.toISOString() !== time ? null : { at, id }
}
