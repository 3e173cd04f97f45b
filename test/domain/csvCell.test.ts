import { describe, expect, it } from "vitest"
import { neutralised, runsAsFormula } from "../../src/domain/csvCell.js"

describe("CSV cells neutralised by the OWASP rule (issue 41)", () => {
  it("a formula after blanks, no-break spaces or in fullwidth form is prefixed", () => {
    for (const text of [
      "=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1", " =1", "   @x", "\u00a0=1", "\u202f=1", "\u3000=1",
      "\uff1d1+1", " \uff0b1", "\u00a0\uff20SUM(A1)", "\ufeff=1", "\u200b=1", " \t=1"
    ]) {
      expect(runsAsFormula(text), JSON.stringify(text)).toBe(true)
      expect(neutralised(text)).toBe(`'${text}`)
    }
  })

  it("ordinary text, and a trigger that is not the first non-blank character, is left as it is", () => {
    for (const text of ["", "Dangote Cement PLC", "RC-12345", "a=b", "  Acme", "50%", "'=already", "1-2", "\u00a0Acme"]) {
      expect(runsAsFormula(text), JSON.stringify(text)).toBe(false)
      expect(neutralised(text)).toBe(text)
    }
  })
})
