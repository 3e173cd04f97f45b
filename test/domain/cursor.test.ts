import { describe, expect, it } from "vitest"
import { hasCursorShape, openCursor, positionOf, positionText, sealCursor } from "../../src/domain/cursor.js"

const secret = Buffer.from("a test secret of thirty-two bytes")
const scope = { list: "decisions", accountId: "acc_0123456789abcdef", filters: { key_id: "key_0123456789ab", in_force: true } }
const position = { at: new Date("2026-11-27T06:00:00.123Z"), id: "0f8fad5b-d9cb-469f-a165-70867728950e" }

describe("page cursors sealed for their list, account and filters (issue 41 item 7)", () => {
  const token = sealCursor(secret, scope, positionText(position))

  it("opens for exactly the scope it was made for, giving the position back", () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(token.length).toBeLessThanOrEqual(200)
    expect(hasCursorShape(token)).toBe(true)
    expect(positionOf(openCursor(secret, scope, token)!)).toEqual(position)
  })

  it("filters are the same whatever their order, and an absent filter is the same as a null one", () => {
    const reordered = { ...scope, filters: { in_force: true, key_id: "key_0123456789ab", since: undefined, name: null } }
    expect(openCursor(secret, reordered, token)).toBe(positionText(position))
  })

  it("another account, list, filter value, extra filter or secret: it does not open", () => {
    for (const other of [
      { ...scope, accountId: "acc_fedcba9876543210" },
      { ...scope, list: "webhooks" },
      { ...scope, filters: { ...scope.filters, in_force: false } },
      { ...scope, filters: { ...scope.filters, key_id: "key_ba9876543210" } },
      { ...scope, filters: { ...scope.filters, since: "2024-01-01" } },
      { ...scope, filters: {} }
    ]) expect(openCursor(secret, other, token)).toBeNull()
    expect(openCursor(Buffer.from("another secret"), scope, token)).toBeNull()
  })

  it("an edited position, a cut or changed seal, or a token never sealed does not open", () => {
    const text = Buffer.from(token, "base64url").toString("utf8")
    const edited = Buffer.from(text.replace("0f8fad5b", "0f8fad5c"), "utf8").toString("base64url")
    const cut = Buffer.from(text.slice(0, -1), "utf8").toString("base64url")
    const flipped = Buffer.from(text.slice(0, -1) + (text.endsWith("A") ? "B" : "A"), "utf8").toString("base64url")
    const unsealed = Buffer.from(positionText(position), "utf8").toString("base64url")
    for (const bad of [edited, cut, flipped, unsealed, "", "not a cursor", "x".repeat(201)]) expect(openCursor(secret, scope, bad)).toBeNull()
    expect(hasCursorShape(cut)).toBe(false)
    expect(hasCursorShape(unsealed)).toBe(false)
  })

  it("a payload is a position only as written: an ISO instant and a lower-case UUID", () => {
    expect(positionOf("2026-11-27T06:00:00.123Z|0f8fad5b-d9cb-469f-a165-70867728950e")).toEqual(position)
    for (const bad of ["2026-11-27|0f8fad5b-d9cb-469f-a165-70867728950e", "2026-02-30T00:00:00.000Z|0f8fad5b-d9cb-469f-a165-70867728950e",
      "2026-11-27T06:00:00.123Z|" + "-".repeat(36), "2026-11-27T06:00:00.123Z|0f8fad5b-d9cb-469f-a165-70867728950e|x", "42"]) {
      expect(positionOf(bad)).toBeNull()
    }
  })
})
