import { describe, expect, it, layer } from "@effect/vitest"
import { afterAll } from "vitest"
import { Effect, Exit } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { parseListPaths } from "../../src/sanctions/buildIndex.js"
import { detectListFiles } from "../../src/sanctions/lists/detect.js"
import { ingestSanctions } from "../../src/sanctions/lists/ingest.js"
import { parseOfsiCsv } from "../../src/sanctions/lists/ofsiConList.js"
import { activeVersions, entriesOf } from "../../src/sanctions/lists/SanctionsStore.js"
import { readFirstSheet } from "../../src/sanctions/lists/xlsxSheet.js"
import type { ParsedList, SanctionsEntry } from "../../src/sanctions/model.js"
import { TestDatabase } from "../support/testDatabase.js"
import { euFsf, euLegacy, listsDir, ukInvBan, ukXlsx, worldBank } from "./paths.js"


const created: Array<string> = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kyb-lists-"))
  created.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of created) fs.rmSync(dir, { recursive: true, force: true })
})

/** A copy of a file cut at a share of its bytes, under the same name. */
const truncated = (file: string, share = 0.5) => {
  const copy = path.join(tempDir(), path.basename(file))
  const bytes = fs.readFileSync(file)
  fs.writeFileSync(copy, bytes.subarray(0, Math.floor(bytes.length * share)))
  return copy
}

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, "\"\"")}"` : cell)
/** Rows written as OFSI writes ConList.csv (the same rows as the workbook, CRLF). */
const writeCsv = (rows: ReadonlyArray<ReadonlyArray<string>>, name = "ConList.csv") => {
  const file = path.join(tempDir(), name)
  fs.writeFileSync(file, rows.map((r) => r.map(quote).join(",")).join("\r\n") + "\r\n")
  return file
}

const parseOne = (file: string) => Effect.map(parseListPaths([file]), (lists) => lists[0]!)
const byId = (list: ParsedList, id: string) => list.entries.find((e) => e.entry_id === id)!
const countBy = (entries: ReadonlyArray<SanctionsEntry>, key: (e: SanctionsEntry) => string) =>
  entries.reduce<Record<string, number>>((acc, e) => ({ ...acc, [key(e)]: (acc[key(e)] ?? 0) + 1 }), {})

describe("more lists: parsers on the real files", () => {
  it.effect("OFSI ConList.xlsx: 4,688 targets by Group ID, names and variations, original script, UK and UN references", () =>
    Effect.gen(function*() {
      const list = yield* parseOne(ukXlsx)
      expect(list.list).toBe("uk_ofsi")
      expect(list.publishedOn).toBe("2025-04-14")
      expect(list.entries.length).toBe(4688)
      expect(countBy(list.entries, (e) => e.entity_type)).toEqual({ individual: 3663, entity: 1010, vessel: 15 })
      const zapchast = byId(list, "16636")
      expect(zapchast).toMatchObject({ name: "ZAPCHASTTRADE LLP", entity_type: "entity", programs: ["Russia"], listed_on: "2024-11-07", countries: ["Kazakhstan"] })
      expect(zapchast.aliases.map((a) => a.name)).toContain("\"ZAPCHASTRAYD\" LLP")
      expect(zapchast.original_script_names).toEqual(["ТОО ЗАПЧАСТЬ ТРЕЙД"])
      expect(zapchast.identifiers).toEqual([{ type: "uk_sanctions_list_ref", value: "RUS2305" }])
      // Targets the UN also lists carry the UN reference: cross-list linking can use it.
      expect(list.entries.filter((e) => e.identifiers?.some((i) => i.type === "un_reference")).length).toBeGreaterThan(500)
      expect(list.entries.filter((e) => e.original_script_names.length > 0).length).toBeGreaterThan(300)
      expect(list.entries.filter((e) => e.identifiers?.some((i) => i.type === "imo")).length).toBeGreaterThan(10)
    }), 300_000)

  it.effect("OFSI ConList as CSV (the workbook's rows in ConList.csv's layout) parses to the same entries", () =>
    Effect.gen(function*() {
      const rows = yield* Effect.promise(() => readFirstSheet(ukXlsx))
      const fromXlsx = yield* parseOne(ukXlsx)
      const fromCsv = yield* parseOne(writeCsv(rows))
      expect(fromCsv.list).toBe("uk_ofsi")
      expect(fromCsv.entries).toEqual(fromXlsx.entries)
      expect(fromCsv.publishedOn).toBe("2025-04-14")
    }), 300_000)

  it.effect("OFSI InvBan.csv: 11 targets, its own list, cross-referenced to ConList", () =>
    Effect.gen(function*() {
      const list = yield* parseOne(ukInvBan)
      expect(list.list).toBe("uk_invban")
      expect(list.publishedOn).toBe("2022-04-06")
      expect(list.entries.length).toBe(11)
      const sber = byId(list, "13079")
      expect(sber.aliases.map((a) => a.name)).toContain("SBERBANK")
      expect(sber.original_script_names).toEqual(["ПАО Сбербанк"])
    }), 300_000)

  it.effect("EU FSF XML 1.1: the 5 entities, aliases in several languages, Arabic names as original script, UN references", () =>
    Effect.gen(function*() {
      const list = yield* parseOne(euFsf)
      expect(list.list).toBe("eu_fsf")
      expect(list.publishedOn).toBe("2026-08-05")
      expect(list.entries.map((e) => e.entry_id).sort()).toEqual(["191", "3822", "521", "6106", "6177"])
      expect(countBy(list.entries, (e) => e.entity_type)).toEqual({ individual: 4, entity: 1 })
      const parchin = byId(list, "3822")
      expect(parchin.name).toBe("Parchin Chemical Industries (PCI)")
      expect(parchin.programs).toEqual(["IRN"])
      expect(parchin.aliases.map((a) => a.name)).toContain("Parcsini Vegyipari Vállalat")
      expect(parchin.identifiers?.map((i) => i.type)).toContain("eu_reference")
      expect(byId(list, "191").name).toBe("Khalid Sheikh MOHAMMED")
      expect(byId(list, "6106").identifiers).toContainEqual({ type: "un_reference", value: "LYi.006" })
      expect(byId(list, "6177").original_script_names.length).toBeGreaterThan(0)
      expect(list.entries.reduce((n, e) => n + 1 + e.aliases.filter((a) => a.kind !== "acronym").length + e.original_script_names.length, 0)).toBeLessThanOrEqual(45)
    }), 300_000)

  it.effect("EU legacy global XML: 595 entities (319 persons, 276 companies) of 11/02/2016", () =>
    Effect.gen(function*() {
      const list = yield* parseOne(euLegacy)
      expect(list.list).toBe("eu_fsf")
      expect(list.publishedOn).toBe("2016-02-11")
      expect(list.entries.length).toBe(595)
      expect(countBy(list.entries, (e) => e.entity_type)).toEqual({ individual: 319, entity: 276 })
      expect(byId(list, "1")).toMatchObject({ name: "Robert Gabriel Mugabe", entity_type: "individual", programs: ["ZWE"] })
    }), 300_000)

  it.effect("World Bank export: 1,285 debarments with institution, grounds and period; individuals by their title", () =>
    Effect.gen(function*() {
      const list = yield* parseOne(worldBank)
      expect(list.list).toBe("worldbank_debarred")
      expect(list.publishedOn).toBe("2025-01-07")
      expect(list.entries.length).toBe(1285)
      expect(countBy(list.entries, (e) => e.entity_type)).toEqual({ entity: 1124, individual: 161 })
      const majidov = list.entries.find((e) => e.name === "RUFAT MAJIDOV")!
      expect(majidov).toMatchObject({ entity_type: "individual", countries: ["Azerbaijan"] })
      expect(majidov.debarment).toEqual({ institution: "World Bank", grounds: "Obstructive Practices", from: "2024-12-10", to: "2027-08-09" })
      const indefinite = list.entries.filter((e) => e.debarment?.to === null)
      expect(indefinite.length).toBe(649)
      expect(list.entries.find((e) => e.original_script_names.includes("河北建设集团股份有限公司"))?.name).toBe("HEBEI CONSTRUCTION GROUP CORPORATION LIMITED")
      expect(list.entries.find((e) => e.name === "EVSIS AMERICA LLC")?.identifiers).toEqual([{ type: "registration_no", value: "202461617902" }])
    }), 300_000)

  it.effect("detects each format by content, and refuses an unknown file", () =>
    Effect.gen(function*() {
      const sets = yield* detectListFiles([ukXlsx, ukInvBan, euFsf, worldBank])
      expect(sets.map((s) => [s.list, "format" in s ? s.format : "files"])).toEqual([
        ["uk_ofsi", "xlsx"], ["uk_invban", "ofsi_csv"], ["eu_fsf", "eu_fsf_xml"], ["worldbank_debarred", "xlsx"]
      ])
      expect(Exit.isFailure(yield* Effect.exit(detectListFiles([path.join(listsDir, "us-csl-excerpt", "csl.csv.gz")])))).toBe(true)
      // Two files of one list at once are refused.
      expect(Exit.isFailure(yield* Effect.exit(detectListFiles([euFsf, euLegacy])))).toBe(true)
    }), 300_000)

  it.effect("refuses a truncated copy of each file and an OFSI file with a row cut short", () =>
    Effect.gen(function*() {
      for (const file of [ukXlsx, ukInvBan, euFsf, euLegacy, worldBank]) {
        const exit = yield* Effect.exit(parseListPaths([truncated(file)]))
        expect(Exit.isFailure(exit), file).toBe(true)
      }
      const rows = fs.readFileSync(ukInvBan, "utf8").split("\n")
      const cut = path.join(tempDir(), "InvBan.csv")
      fs.writeFileSync(cut, [...rows.slice(0, 6), rows[6]!.split(",").slice(0, 10).join(",")].join("\n") + "\n")
      const exit = yield* Effect.exit(parseOfsiCsv("uk_invban", cut))
      expect(Exit.isFailure(exit)).toBe(true)
    }), 300_000)
})

describe("more lists: versions in the database", () => {
  layer(TestDatabase.layer, { timeout: "300 seconds" })((it) => {
    it.effect("each real file is ingested as a version; a truncated copy is refused and the active version stays", () =>
      Effect.gen(function*() {
        const results = yield* ingestSanctions([ukXlsx, ukInvBan, euFsf, worldBank])
        expect(results.map((r) => [r.list, r.status, r.label, r.entries])).toEqual([
          ["uk_ofsi", "activated", "2025-04-14", 4688],
          ["uk_invban", "activated", "2022-04-06", 11],
          ["eu_fsf", "activated", "2026-08-05", 5],
          ["worldbank_debarred", "activated", "2025-01-07", 1285]
        ])
        const before = yield* activeVersions
        for (const file of [ukXlsx, ukInvBan, euFsf, worldBank]) {
          const exit = yield* Effect.exit(ingestSanctions([truncated(file)]))
          expect(Exit.isFailure(exit), file).toBe(true)
        }
        expect(yield* activeVersions).toEqual(before)
        const stored = yield* entriesOf(before.find((v) => v.list === "worldbank_debarred")!.id)
        expect(stored.find((e) => e.name === "RUFAT MAJIDOV")?.debarment?.to).toBe("2027-08-09")
        const uk = yield* entriesOf(before.find((v) => v.list === "uk_ofsi")!.id)
        expect(uk.find((e) => e.entry_id === "16636")?.identifiers).toEqual([{ type: "uk_sanctions_list_ref", value: "RUS2305" }])
      }), 300_000)

    it.effect("a version that would drop more than the allowed share of entries is refused; the active one stays", () =>
      Effect.gen(function*() {
        const rows = yield* Effect.promise(() => readFirstSheet(ukXlsx))
        const groups = [...new Set(rows.slice(2).map((r) => r[35]))]
        const kept = new Set(groups.slice(0, Math.floor(groups.length * 0.8)))
        const smaller = writeCsv([...rows.slice(0, 2), ...rows.slice(2).filter((r) => kept.has(r[35]))])
        const before = yield* activeVersions
        const exit = yield* Effect.exit(ingestSanctions([smaller]))
        expect(Exit.isFailure(exit)).toBe(true)
        if (Exit.isFailure(exit)) expect(String(exit.cause)).toMatch(/uk_ofsi: \d+ entries would replace 4688/)
        expect(yield* activeVersions).toEqual(before)
      }), 300_000)
  })
})
