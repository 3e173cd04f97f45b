import { beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { buildMatchIndex, parseListPaths } from "../../src/sanctions/buildIndex.js"
import type { MatchIndex } from "../../src/sanctions/matching/matchIndex.js"
import { entryHash, screenNames } from "../../src/sanctions/matching/screen.js"
import type { ParsedList, SanctionsEntry } from "../../src/sanctions/model.js"
import { listsDir } from "./paths.js"

let lists: ReadonlyArray<ParsedList>
let index: MatchIndex

beforeAll(async () => {
  lists = await Effect.runPromise(parseListPaths(["ofac-sdn", "ofac-consolidated", "un"].map((d) => path.join(listsDir, d))))
  index = buildMatchIndex(lists.map((p) => ({ parsed: p, version: p.publishedOn ?? `${p.list}-file` })))
}, 60_000)

const entry = (list: string, id: string) => lists.flatMap((l) => l.entries).find((e) => e.list === list && e.entry_id === id)!

describe("entries linked across lists", () => {
  it("a hit on the UN entry brings the OFAC SDN entry of the same entity, with its own version, hash and the link", () => {
    const hits = screenNames(index, ["انصار الدين"]).hits
    const un = hits.find((h) => h.list === "un_sc" && h.entry_id === "QDe.135")!
    const linked = hits.filter((h) => h.list === "ofac_sdn" && un.linked.some((l) => l.list === "ofac_sdn" && l.entry_id === h.entry_id))
    expect(linked.length).toBeGreaterThan(0)
    for (const hit of linked) {
      const listed = entry("ofac_sdn", hit.entry_id)
      expect(hit.entry_hash).toBe(entryHash(listed))
      expect(hit.list_version).toBe("ofac_sdn-file")
      expect(hit.score).toBe(un.score)
      expect(hit.explanation.factors.map((f) => f.factor)).toContain("linked_entry")
      expect(hit.explanation.summary).toContain("QDe.135")
      expect(hit.linked.some((l) => l.list === "un_sc" && l.entry_id === "QDe.135" && l.link.startsWith("same name"))).toBe(true)
    }
    expect(un.list_version).toBe("2026-02-27")
  })

  it("links by a shared strong name only, across lists, never by a name two entries of one list bear", () => {
    const all = index.entries
    index.links.forEach((links, e) => {
      for (const link of links) {
        expect(all[link.entry]!.entry.list).not.toBe(all[e]!.entry.list)
        expect(all[link.entry]!.entry.entity_type).toBe(all[e]!.entry.entity_type)
      }
    })
    const derna = all.findIndex((v) => v.entry.list === "un_sc" && v.entry.name.startsWith("ANSAR AL CHARIA DERNA"))
    expect(derna).toBeGreaterThanOrEqual(0)
    expect(index.links[derna]!.map((l) => all[l.entry]!.entry.name)).not.toContain("ANSAR AL-SHARI'A IN BENGHAZI")
  })

  it("covers a list it has never seen: linking reads only the entry model", () => {
    const other: SanctionsEntry = {
      ...entry("un_sc", "QDe.004"),
      list: "ofac_consolidated",
      entry_id: "X-1",
      name: "ZORVAK KELDRAN FOUNDATION",
      aliases: [{ name: "AL QAIDA", quality: "strong", kind: "aka" }],
      original_script_names: []
    }
    const small = buildMatchIndex([
      { parsed: { list: "un_sc", publishedOn: null, entries: [entry("un_sc", "QDe.004")], aliasCount: 0 }, version: "u" },
      { parsed: { list: "ofac_consolidated", publishedOn: null, entries: [other], aliasCount: 1 }, version: "o" }
    ])
    const hits = screenNames(small, ["ZORVAK KELDRAN FOUNDATION"]).hits
    expect(hits.map((h) => `${h.list}:${h.entry_id}`)).toEqual(["ofac_consolidated:X-1", "un_sc:QDe.004"])
    expect(hits[1]!.explanation.factors[0]!.detail).toContain("AL QAIDA")
  })
})
