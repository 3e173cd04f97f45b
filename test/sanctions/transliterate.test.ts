import { beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { retype, seedOf } from "../../scripts/eval/variants.js"
import { buildMatchIndex, parseListPaths } from "../../src/sanctions/buildIndex.js"
import { screeningFold } from "../../src/sanctions/matching/fold.js"
import type { MatchIndex } from "../../src/sanctions/matching/matchIndex.js"
import { screenNames } from "../../src/sanctions/matching/screen.js"
import type { ParsedList } from "../../src/sanctions/model.js"
import { listsDir } from "./paths.js"

let lists: ReadonlyArray<ParsedList>
let index: MatchIndex

beforeAll(async () => {
  lists = await Effect.runPromise(parseListPaths(["ofac-sdn", "ofac-consolidated", "un"].map((d) => path.join(listsDir, d))))
  index = buildMatchIndex(lists.map((p) => ({ parsed: p, version: p.publishedOn ?? "file" })))
}, 60_000)

describe("transliteration", () => {
  it("renders Cyrillic, Arabic, Han and Hangul in Latin letters", () => {
    expect(screeningFold("ООО Оборонные инициативы")).toBe("ooo oboronnye initsiativy")
    expect(screeningFold("القاعدة")).toBe("al qdh")
    expect(screeningFold("北京")).toBe("beijing")
    expect(screeningFold("조선광업개발무역회사")).toBe("joseongwangeobgaebalmuyeoghoesa")
  })

  it("folds the Arabic letters typed interchangeably and the optional vowel marks", () => {
    expect(screeningFold("أنصار الإسلام")).toBe(screeningFold("انصار الاسلام"))
    expect(screeningFold("مُؤَسَّسَة")).toBe(screeningFold("موسسه"))
    expect(screeningFold("علی")).toBe(screeningFold("على"))
  })

  it("leaves no letter of another script in any name of the real lists", () => {
    const left = lists.flatMap((l) => l.entries).flatMap((e) => [e.name, ...e.aliases.map((a) => a.name), ...e.original_script_names])
      .filter((n) => /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(screeningFold(n)))
    expect(left).toEqual([])
  })

  it("finds every UN name given in its original script, as written and re-typed, individuals included", () => {
    const un = lists.find((l) => l.list === "un_sc")!
    const missed: Array<string> = []
    let cases = 0
    for (const e of un.entries) {
      for (const written of e.original_script_names) {
        for (const input of [written, retype(written, seedOf(e.entry_id))]) {
          if (input === null) continue
          cases++
          const hits = screenNames(index, [input], { includeIndividuals: true }).hits
          if (!hits.some((h) => h.list === "un_sc" && h.entry_id === e.entry_id)) missed.push(`${e.entry_id} ${input}`)
        }
      }
    }
    expect(cases).toBeGreaterThan(600)
    expect(missed).toEqual([])
  })
})
