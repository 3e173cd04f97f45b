import { describe, expect, it } from "vitest"
import { classCases, initialsOf, otherLanguage } from "../../scripts/eval/classes.js"
import type { SanctionsEntry } from "../../src/sanctions/model.js"

/** SYNTHETIC entries: the evaluation's case-making is tested on names no list holds. */
const entry = (entry_id: string, name: string, countries: ReadonlyArray<string>, aliases: ReadonlyArray<string> = []): SanctionsEntry => ({
  list: "un_sc", entry_id, name, entity_type: "entity", programs: ["SYNTHETIC-TEST"], listed_on: null, countries,
  aliases: aliases.map((a) => ({ name: a, quality: "weak", kind: "acronym" })), original_script_names: []
})

describe("issue 51's evaluation classes (written apart from the matcher)", () => {
  it("initials of the name proper, three to six words", () => {
    expect(initialsOf("KOREA MINING DEVELOPMENT TRADING CORPORATION")).toBe("KMDT")
    expect(initialsOf("PUBLIC JOINT STOCK COMPANY ZORVAK KELDRAN TROVAN")).toBe("ZKT")
    expect(initialsOf("ISLAMIC ARMY OF ADEN")).toBe("IAA")
    expect(initialsOf("ZORVAK KELDRAN LTD")).toBeNull()
  })

  it("the name proper in another language, adjectives after their noun out of English", () => {
    expect(otherLanguage("ZORVAK NATIONAL BANK", 0)).toMatch(/^ZORVAK (BANQUE NATIONALE|BANCO NACIONAL)$/)
    expect(otherLanguage("ZORVAK NATIONAL BANK", 0)).toBe(otherLanguage("ZORVAK NATIONAL BANK", 0))
    expect(otherLanguage("NATIONAL BANK", 0)).toBeNull()
    expect(otherLanguage("ZORVAK KELDRAN", 0)).toBeNull()
    expect(otherLanguage("HARAKAT ZORVAK", 1)).toMatch(/^(MOVEMENT|MOUVEMENT|MOVIMENTO) ZORVAK$/)
  })

  it("cases from entries: initials with the entry's country and never those the list carries; each class bounded per list", () => {
    const cases = classCases([
      entry("S-1", "ZORVAK KELDRAN TROVAN GENERAL TRADING", ["Ghana"]),
      entry("S-2", "ZORVAK KELDRAN TROVAN INTERNATIONAL", ["Ghana"], ["ZKTI"]),
      entry("S-3", "STE ZORVAK NATIONAL BANK", [])
    ], 5)
    expect(cases.filter((c) => c.kind === "initials").map((c) => [c.entryId, c.input, c.country])).toEqual([["S-1", "ZKTGT", "GH"]])
    expect(cases.find((c) => c.entryId === "S-3" && c.kind === "spelled_out")?.input).toBe("SOCIETE ZORVAK NATIONAL BANK")
    expect(cases.find((c) => c.entryId === "S-1" && c.kind === "abbreviated")?.input).toMatch(/GEN\.|TRDG\./)
    expect(classCases([entry("S-1", "ZORVAK KELDRAN TROVAN GENERAL TRADING", ["Ghana"])], 0)).toEqual([])
  })
})
