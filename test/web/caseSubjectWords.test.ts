import { describe, expect, it } from "vitest"
import { subjectWords } from "../../src/web/cases/queuePage.js"

describe("a case's subject in words (issue 55 item 5)", () => {
  it("gives the registration number as the registry writes it, its prefix once", () => {
    expect(subjectWords({ name: "Dangote Cement PLC", registration_no: "RC 208767", country: "NG" })).toBe("Dangote Cement PLC · RC 208767 · NG")
    expect(subjectWords({ name: "Synthetic Test Traders Limited", registration_no: "CS000000001", country: "GH" })).toBe("Synthetic Test Traders Limited · CS000000001 · GH")
  })

  it("falls back to the name a check gave, and says when there is none", () => {
    expect(subjectWords({ name_given: "Banco Nacional de Cuba" })).toBe("Banco Nacional de Cuba")
    expect(subjectWords({ registration_no: "RC 771", country: "NG" })).toBe("(no name) · RC 771 · NG")
  })
})
