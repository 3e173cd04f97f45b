import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import * as path from "node:path"
import { parseOfacFileSet, weakAliasesInRemarks } from "../../src/sanctions/lists/ofacCsv.js"
import { parseUnXml } from "../../src/sanctions/lists/unXml.js"
import { splitPackedName } from "../../src/sanctions/nameVariants.js"
import type { SanctionsEntry } from "../../src/sanctions/model.js"
import { fixturesDir, realConsolidated, realSdn, realUn } from "./paths.js"

const fixtureSdn = {
  primary: path.join(fixturesDir, "ofac-sdn", "sdn.csv"),
  alt: path.join(fixturesDir, "ofac-sdn", "alt.csv"),
  add: path.join(fixturesDir, "ofac-sdn", "add.csv"),
  comments: path.join(fixturesDir, "ofac-sdn", "sdn_comments.csv")
}
const byId = (entries: ReadonlyArray<SanctionsEntry>, id: string) => entries.find((e) => e.entry_id === id)!
const countBy = <A>(items: ReadonlyArray<A>, key: (a: A) => string) =>
  items.reduce<Record<string, number>>((acc, a) => ({ ...acc, [key(a)]: (acc[key(a)] ?? 0) + 1 }), {})

describe("OFAC legacy CSV", () => {
  it("finds weak a.k.a.s in remarks, keeping inner quotes", () => {
    expect(weakAliasesInRemarks("a.k.a. 'BNC'.")).toEqual(["BNC"])
    expect(weakAliasesInRemarks("DOB 1960; a.k.a. 'ABU-'UMAR'; a.k.a. 'DOCTOR M.R.O.'.")).toEqual(["ABU-'UMAR", "DOCTOR M.R.O."])
    expect(weakAliasesInRemarks("Linked To: AL QA'IDA.")).toEqual([])
  })

  it.effect("parses a fixture set: -0- nulls, CRLF, 0x1A, remarks continued in comments, orphans ignored", () =>
    Effect.gen(function*() {
      const parsed = yield* parseOfacFileSet("ofac_sdn", fixtureSdn)
      expect(parsed.entries.length).toBe(5)
      const bnc = byId(parsed.entries, "306")
      expect(bnc).toMatchObject({ name: "BANCO NACIONAL DE CUBA", entity_type: "entity", programs: ["CUBA"], listed_on: null })
      expect(bnc.countries).toEqual(["Switzerland", "Cuba"])
      expect(bnc.aliases).toEqual([
        { name: "NATIONAL BANK OF CUBA", quality: "strong", kind: "aka" },
        { name: "BNC", quality: "weak", kind: "weak_aka" }
      ])
      const shamal = byId(parsed.entries, "7157")
      expect(shamal.aliases.map((a) => a.name)).toEqual(["SHAMAL BANK", "SHAMAL BANK INTERNATIONAL"])
      expect(byId(parsed.entries, "2674").programs).toEqual(["SDGT", "SDT"])
      expect(byId(parsed.entries, "7230").entity_type).toBe("individual")
      expect(byId(parsed.entries, "9999").entity_type).toBe("vessel")
      expect(parsed.entries.some((e) => e.entry_id === "88888")).toBe(false)
      expect(parsed.entries.flatMap((e) => e.aliases).some((a) => a.name === "ORPHAN ALIAS LTD")).toBe(false)
      expect(parsed.aliasCount).toBe(5)
    }))

  it.effect("refuses a truncated primary file", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(parseOfacFileSet("ofac_sdn", { primary: path.join(fixturesDir, "broken", "sdn.csv") }))
      expect(Exit.isFailure(exit)).toBe(true)
    }))

  it.effect("refuses a file with the wrong number of columns", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(parseOfacFileSet("ofac_sdn", { primary: fixtureSdn.alt }))
      expect(Exit.isFailure(exit)).toBe(true)
    }))

  it.effect("parses the real SDN set (2024-05-03 sdn.csv joined with Dec 2025 alt/add/comments)", () =>
    Effect.gen(function*() {
      const parsed = yield* parseOfacFileSet("ofac_sdn", realSdn)
      expect(parsed.entries.length).toBe(14965)
      expect(countBy(parsed.entries, (e) => e.entity_type)).toEqual({ entity: 6884, individual: 6854, vessel: 851, aircraft: 376 })
      const aliases = parsed.entries.flatMap((e) => e.aliases)
      // 20,107 alt rows minus 2,460 orphans referring to entries added after May 2024
      expect(aliases.filter((a) => ["aka", "fka", "nka"].includes(a.kind)).length).toBe(17647)
      expect(aliases.filter((a) => a.kind === "weak_aka").length).toBe(3698)
      expect(parsed.aliasCount).toBe(21379)
      expect(byId(parsed.entries, "306").aliases.some((a) => a.name === "BNC" && a.quality === "weak")).toBe(true)
    }))

  it.effect("parses the real Consolidated (non-SDN) set", () =>
    Effect.gen(function*() {
      const parsed = yield* parseOfacFileSet("ofac_consolidated", realConsolidated)
      expect(parsed.entries.length).toBe(442)
      expect(countBy(parsed.entries, (e) => e.entity_type)).toEqual({ entity: 363, individual: 79 })
      expect(parsed.entries.flatMap((e) => e.aliases).filter((a) => ["aka", "fka", "nka"].includes(a.kind)).length).toBe(1073)
      expect(parsed.aliasCount).toBe(1150)
    }))
})

describe("UN consolidated XML", () => {
  it("splits packed primaries and parenthesised acronyms", () => {
    expect(splitPackedName("COMPAGNIE AERIENNE DES GRANDS LACS (CAGL) ; GREAT LAKES BUSINESS COMPANY (GLBC)")).toEqual([
      { name: "COMPAGNIE AERIENNE DES GRANDS LACS (CAGL)", quality: "strong", kind: "primary" },
      { name: "CAGL", quality: "weak", kind: "acronym" },
      { name: "GREAT LAKES BUSINESS COMPANY (GLBC)", quality: "strong", kind: "packed" },
      { name: "GLBC", quality: "weak", kind: "acronym" }
    ])
  })

  it.effect("parses a fixture: individuals and entities, alias quality, original script, dateGenerated", () =>
    Effect.gen(function*() {
      const parsed = yield* parseUnXml(path.join(fixturesDir, "un", "consolidated.xml"))
      expect(parsed.publishedOn).toBe("2026-02-27")
      expect(parsed.entries.map((e) => e.entry_id)).toEqual(["CDi.001", "CDe.003", "CFe.002"])
      const eric = byId(parsed.entries, "CDi.001")
      expect(eric).toMatchObject({ name: "ERIC BADEGE", entity_type: "individual", programs: ["DRC"], listed_on: "2012-12-31", countries: ["Rwanda"] })
      expect(eric.aliases).toEqual([
        { name: "Eric Badege Kabila", quality: "strong", kind: "good" },
        { name: "Le Patron", quality: "weak", kind: "low" }
      ])
      const cagl = byId(parsed.entries, "CDe.003")
      expect(cagl.name).toBe("COMPAGNIE AERIENNE DES GRANDS LACS (CAGL)")
      expect(cagl.aliases.map((a) => a.name)).toContain("GREAT LAKES BUSINESS COMPANY (GLBC)")
      const lra = byId(parsed.entries, "CFe.002")
      expect(lra.name).toBe("LORD’S RESISTANCE ARMY")
      expect(lra.original_script_names).toEqual(["جيش الرب للمقاومة"])
      expect(lra.aliases).toEqual([{ name: "United Salvation Front", quality: "strong", kind: "fka" }])
    }))

  it.effect("refuses a truncated XML file", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(parseUnXml(path.join(fixturesDir, "broken", "consolidated.xml")))
      expect(Exit.isFailure(exit)).toBe(true)
    }))

  it.effect("parses the real UN list", () =>
    Effect.gen(function*() {
      const parsed = yield* parseUnXml(realUn)
      expect(parsed.publishedOn).toBe("2026-02-27")
      expect(countBy(parsed.entries, (e) => e.entity_type)).toEqual({ individual: 730, entity: 273 })
      const entities = parsed.entries.filter((e) => e.entity_type === "entity")
      expect(entities.filter((e) => e.original_script_names.length > 0).length).toBe(42)
      expect(entities.flatMap((e) => e.aliases).filter((a) => a.kind === "aka" || a.kind === "fka").length).toBe(613)
      const individualAliases = parsed.entries.flatMap((e) => e.entity_type === "individual" ? e.aliases : [])
      expect(individualAliases.filter((a) => a.kind === "good").length).toBe(1524)
      expect(individualAliases.filter((a) => a.kind === "low").length).toBe(615)
      expect(new Set(parsed.entries.map((e) => e.entry_id)).size).toBe(1003)
    }))
})
