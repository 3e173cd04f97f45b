import { describe, expect, it } from "vitest"
import { canonicalJson } from "../../src/domain/canonicalJson.js"

describe("canonicalJson", () => {
  it("sorts keys at every level and keeps array order", () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }, 3], c: { e: null, d: "s" } })).toBe(
      "{\"a\":[{\"x\":1,\"y\":2},3],\"b\":1,\"c\":{\"d\":\"s\",\"e\":null}}"
    )
  })
  it("gives the same text for the same value whatever the key order; undefined fields are left out", () => {
    expect(canonicalJson({ a: 1, b: { c: 2, d: 3 } })).toBe(canonicalJson({ b: { d: 3, c: 2 }, a: 1, z: undefined }))
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: 2 }))
  })
  it("scalars as JSON.stringify writes them", () => {
    expect([canonicalJson("x\"y"), canonicalJson(1.5), canonicalJson(null), canonicalJson(true)]).toEqual(["\"x\\\"y\"", "1.5", "null", "true"])
  })
})
