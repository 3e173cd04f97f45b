import { describe, expect, it } from "vitest"
import { jsonDiff } from "./jsonDiff.js"

describe("jsonDiff", () => {
  it("finds nothing between equal documents, whatever their key order", () => {
    expect(jsonDiff({ a: 1, b: [1, { c: "x" }] }, { b: [1, { c: "x" }], a: 1 })).toEqual([])
  })

  it("names each difference by its JSON Pointer, escaping ~ and /", () => {
    expect(jsonDiff(
      { paths: { "/v1/a~b": { get: { summary: "x" } } }, list: [1, 2] },
      { paths: { "/v1/a~b": { get: { summary: "y", extra: true } } }, list: [1] }
    )).toEqual([
      { pointer: "/list/1", before: 2, after: undefined },
      { pointer: "/paths/~1v1~1a~0b/get/extra", before: undefined, after: true },
      { pointer: "/paths/~1v1~1a~0b/get/summary", before: "x", after: "y" }
    ])
  })

  it("reports a change of kind at the node itself, not below it", () => {
    expect(jsonDiff({ a: [1] }, { a: { 0: 1 } })).toEqual([{ pointer: "/a", before: [1], after: { 0: 1 } }])
    expect(jsonDiff({ a: null }, { a: {} })).toEqual([{ pointer: "/a", before: null, after: {} }])
  })
})
