import { describe, expect, it } from "vitest"
import { mediaType } from "../../src/domain/inputHygiene.js"

describe("what a Content-Type header declares (mediaType)", () => {
  it("reads no header as absent: the body is then read as JSON", () => {
    expect(mediaType(undefined)).toEqual({ kind: "absent" })
  })

  it.each(["", " ", "\t", "; charset=utf-8", "  ;boundary=x"])("reads %j as a header that names no type", (header) => {
    expect(mediaType(header)).toEqual({ kind: "empty" })
  })

  it.each([
    ["application/json", "application/json"],
    ["Application/JSON; charset=UTF-8", "application/json"],
    ["  text/csv ", "text/csv"],
    ["multipart/form-data; boundary=----x", "multipart/form-data"]
  ])("reads %j as %s, lower case, without parameters", (header, type) => {
    expect(mediaType(header)).toEqual({ kind: "named", type })
  })
})
