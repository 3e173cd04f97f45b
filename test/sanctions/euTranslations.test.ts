import { beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { buildMatchIndex, parseListPaths } from "../../src/sanctions/buildIndex.js"
import type { MatchIndex } from "../../src/sanctions/matching/matchIndex.js"
import { screenNames } from "../../src/sanctions/matching/screen.js"
import type { ParsedList } from "../../src/sanctions/model.js"
import { euLegacy } from "./paths.js"

let list: ParsedList
let index: MatchIndex

beforeAll(async () => {
  ;[list] = await Effect.runPromise(parseListPaths([euLegacy])) as [ParsedList]
  index = buildMatchIndex([{ parsed: list, version: "2016-02-11" }])
}, 120_000)

/** The EU's own Greek and Bulgarian renderings of a name are its translations, not the entity's original script. */
describe("the EU's names in Greek and Bulgarian", () => {
  it("are translation aliases of their entry, not original-script names", () => {
    const hamas = list.entries.find((e) => e.entry_id === "208")!
    expect(hamas.name).toBe("Hamas")
    expect(hamas.original_script_names).not.toContain("Χαµάς")
    expect(hamas.aliases).toContainEqual({ name: "Χαµάς", quality: "strong", kind: "translation" })
    const translated = list.entries.flatMap((e) => e.aliases).filter((a) => /[\u0370-\u03ff\u0400-\u04ff]/.test(a.name))
    expect(translated.length).toBeGreaterThan(100)
    expect(translated.every((a) => a.kind === "translation")).toBe(true)
  })

  it("a real Nigerian listed company named like the Latin rendering of one is not flagged; the names themselves still are", () => {
    expect(screenNames(index, ["Chams"], { country: "NG" }).hits.filter((h) => h.entry_id === "208")).toEqual([])
    expect(screenNames(index, ["Hamas"]).hits.map((h) => h.entry_id)).toContain("208")
    expect(screenNames(index, ["Χαµάς"]).hits.map((h) => h.entry_id)).toContain("208")
  })
})
