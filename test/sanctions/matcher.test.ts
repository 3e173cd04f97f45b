import { beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { buildMatchIndex, buildMatchIndexEffect, parseListPaths } from "../../src/sanctions/buildIndex.js"
import type { MatchIndex } from "../../src/sanctions/matching/matchIndex.js"
import type { ParsedList } from "../../src/sanctions/model.js"
import { THRESHOLDS } from "../../src/sanctions/matching/scoring.js"
import type { ScreenOptions } from "../../src/sanctions/matching/candidates.js"
import { scorePair, screenNames } from "../../src/sanctions/matching/screen.js"
import { tokenize } from "../../src/sanctions/matching/tokens.js"
import { listsDir } from "./paths.js"

let index: MatchIndex
let lists: ReadonlyArray<ParsedList>

beforeAll(async () => {
  lists = await Effect.runPromise(parseListPaths([
    path.join(listsDir, "ofac-sdn"), path.join(listsDir, "ofac-consolidated"), path.join(listsDir, "un")
  ]))
  index = buildMatchIndex(lists.map((p) => ({ parsed: p, version: p.publishedOn ?? "2024-05-03" })))
}, 60_000)

const screen = (name: string, options: ScreenOptions = {}) => screenNames(index, [name], options)
const top = (name: string, options: ScreenOptions = {}) => screen(name, options).hits[0]
const hitIds = (name: string, options: ScreenOptions = {}) => screen(name, options).hits.map((h) => `${h.list}:${h.entry_id}`)

describe("tokeniser", () => {
  it("tags legal forms with a canonical class: LTD = LIMITED, LLC = OOO = limited liability company", () => {
    const forms = (name: string) => tokenize(name).filter((t) => t.text.startsWith("#")).map((t) => t.text)
    expect(forms("Dangote Cement Ltd")).toEqual(forms("Dangote Cement Limited"))
    expect(forms("NOVATEK-UST-LUGA, OOO")).toEqual(["#llc"])
    expect(forms("Limited Liability Company Garant")).toEqual(["#llc"])
    expect(forms("Limited Liabilty Company Garant")).toEqual(["#llc"])
    expect(forms("S.A.R.L. Kivu")).toEqual(["#llc"])
  })

  it("reads IND and GEN as the business word only after a word of the name and before a business word or a form", () => {
    const words = (name: string) => tokenize(name).filter((t) => !t.text.startsWith("#")).map((t) => t.text)
    expect(words("PARCHIN CHEMICAL IND")).toEqual(words("PARCHIN CHEMICAL INDUSTRIES"))
    expect(words("SPECIAL IND GROUP")).toEqual(words("SPECIAL INDUSTRIES GROUP"))
    expect(words("KOREA RYONBONG GEN CORPORATION")).toEqual(words("KOREA RYONBONG GENERAL CORPORATION"))
    expect(words("AL WASEL AND BABEL GEN TRADING LLC")).toEqual(words("AL WASEL AND BABEL GENERAL TRADING LLC"))
    expect(words("Acme Ind Ltd")).toContain("industries")
    // Elsewhere: a name's first word, a given name at the end, before an ordinary word.
    expect(words("IND Holdings")).toContain("ind")
    expect(words("LI GEN")).toEqual(["li", "gen"])
    expect(words("GEN ZHANG WEI")).toContain("gen")
    expect(words("ACME IND MUMBAI")).toContain("ind")
  })

  it("finds the UN's entities written with IND and GEN", () => {
    for (const [name, id] of [["PARCHIN CHEMICAL IND", "un_sc:IRe.050"], ["RECONNAISSANCE GEN BUREAU", "un_sc:KPe.031"]] as const) {
      expect(hitIds(name), name).toContain(id)
    }
  })

  it("reads abbreviated and transliterated legal-form words inside a longer form, and only there", () => {
    const forms = (name: string) => tokenize(name).filter((t) => t.text.startsWith("#")).map((t) => t.text)
    const words = (name: string) => tokenize(name).filter((t) => !t.text.startsWith("#")).map((t) => t.text)
    expect(forms("Ltd Liability Company Garant")).toEqual(["#llc"])
    expect(forms("Limited Liability Co Garant")).toEqual(["#llc"])
    expect(forms("Sberbank Capital Limited Liability Kompany")).toEqual(["#llc"])
    expect(forms("Public Djoint Stock Company Gazprom")).toEqual(forms("Public Joint Stock Company Gazprom"))
    expect(words("Public Djoint Stock Company Gazprom")).toEqual(["gazprom"])
    // "co" on its own is still the company form, and a word that merely starts like one stays a word
    expect(forms("Tawasul Co")).toEqual(forms("Tawasul Company"))
    expect(words("Kimited Trading")).toEqual(["kimited", "trading"])
  })

  it("writes out business abbreviations the lists' aliases use, and leaves the ambiguous ones", () => {
    const words = (name: string) => tokenize(name).map((t) => t.text)
    expect(words("Dubai Trdg Company")).toEqual(words("Dubai Trading Company"))
    expect(words("BOM Asset Mgmt Ltd")).toEqual(words("BOM Asset Management Ltd"))
    expect(words("Achim Devt OOO")).toEqual(words("Achim Development OOO"))
    // "Ind" at the end of a name can only be the business word (the list writes "...DEFENSE INDUSTRIES"); "gen" there
    // is a part of a personal name.
    expect(words("Presidency of Defense Ind")).toEqual(words("Presidency of Defense Industries"))
    expect(words("Huang Wang-gen")).toContain("gen")
  })

  it("a name with a company's legal form is not reported as a vessel of that name; the vessel's own name still is", () => {
    expect(hitIds("Mar Azul")).toContain("ofac_sdn:4238")
    expect(hitIds("Mar Azul Shipping Limited")).not.toContain("ofac_sdn:4238")
    expect(hitIds("Ebano SARL")).not.toContain("ofac_sdn:4243")
    expect(hitIds("Ebano")).toContain("ofac_sdn:4243")
  })

  it("never yields a token for a symbol-only name", () => {
    expect(tokenize("!!! ---")).toEqual([])
    expect(screen("!!!")).toEqual({ screened: true, result: "clear", hits: [] })
    expect(screen("")).toEqual({ screened: true, result: "clear", hits: [] })
  })
})

describe("company-name matcher on the real lists", () => {
  it("matches exact names and legal-form variants (LTD = LIMITED, LLC = OOO)", () => {
    expect(top("AFRICAN GOLD REFINERY LIMITED")).toMatchObject({ list: "ofac_sdn", entry_id: "32791", score: 1 })
    expect(screen("African Gold Refinery Ltd").result).toBe("match")
    expect(top("African Gold Refinery Ltd")?.entry_id).toBe("32791")
    expect(top("Novatek-Ust-Luga LLC")).toMatchObject({ list: "ofac_consolidated", entry_id: "20675" })
    expect(screen("Novatek-Ust-Luga LLC").result).toBe("match")
  })

  it("a legal form alone never creates a hit (Watchman #483: BELLETECH CORP)", () => {
    expect(screen("Belletech Corp").result).toBe("clear")
    expect(screen("Dangote Cement PLC").result).toBe("clear")
    expect(screen("Emma Daniels LLC").result).toBe("clear")
  })

  it("generic words alone are not enough: legitimate names made of common words stay clear", () => {
    expect(screen("International Trading Company Ltd").result).toBe("clear")
    expect(screen("Bank of Africa Benin").result).toBe("clear")
    expect(screen("General Construction Company").result).toBe("clear")
    // a listed name made only of common words, inside a longer legitimate name (REAL ESTATE BANK, Syria)
    expect(screen("National Real Estate Bank").result).toBe("clear")
    expect(top("Real Estate Bank")?.matched_name).toBe("REAL ESTATE BANK")
    // ... while a listed name made only of common words still matches in full
    expect(top("Central Bank of Iran")).toMatchObject({ entry_id: "4632", score: 1 })
    expect(top("Banco Nacional de Cuba")).toMatchObject({ entry_id: "306" })
  })

  it("a mismatched country or location token is strong evidence against", () => {
    expect(screen("Central Bank of Kenya").result).toBe("clear")
    expect(screen("Bank Melli Kenya").result).toBe("clear")
    expect(screen("Bank Melli Iran").result).toBe("match")
    const pair = (a: string, b: string) => scorePair(index, a, b)
    expect(pair("Industrial and Commercial Bank of Chad", "Industrial and Commercial Bank of China")).toBeLessThan(THRESHOLDS.review)
    expect(pair("Bank of Armenia Corporation", "Bank of America Corporation")).toBeLessThan(THRESHOLDS.review)
    expect(pair("Industrial and Commercial Bank of China", "Industrial and Commercial Bank of China")).toBe(1)
  })

  it("containment goes to review, not match", () => {
    const cargo = screen("Butembo Airlines Cargo Ltd")
    expect(cargo.result).toBe("potential_match")
    expect(cargo.hits.map((h) => h.entry_id)).toContain("CDe.002")
    expect(screen("Butembo Airlines").result).toBe("match")
    const contained = scorePair(index, "General Petroleum Corporation", "Egyptian General Petroleum Corporation")
    expect(contained).toBeGreaterThanOrEqual(THRESHOLDS.review)
    expect(contained).toBeLessThan(THRESHOLDS.match)
  })

  it("weak aliases are down-weighted to review (OFAC a.k.a. 'BNC' in Remarks)", () => {
    const bnc = screen("BNC", { country: "PA" }) // the entry's addresses: CH, ES, JP, PA
    expect(bnc.result).toBe("potential_match")
    expect(bnc.hits[0]).toMatchObject({ entry_id: "306", matched_name: "BNC" })
    expect(bnc.hits[0]!.score).toBeLessThan(THRESHOLDS.match)
  })

  it("an acronym alone is found only as the alias that is that acronym, never as a match, and only where the entry is", () => {
    // ETIP is an alias of the EASTERN TURKISTAN ISLAMIC MOVEMENT; ETEP (a Chadian extractive company) is another acronym
    expect(screen("ETEP", { country: "TD" }).result).toBe("clear")
    expect(screen("ETEP").result).toBe("clear")
    // BNC is Banco Nacional de Cuba's alias: without one of the entry's countries it is not reported
    expect(screen("BNC").result).toBe("clear")
    expect(screen("BNC", { country: "GH" }).result).toBe("clear")
    // generic words around an acronym add nothing to it
    expect(screen("PIJ Ventures Limited", { country: "NG" }).result).toBe("clear")
    expect(screen("NICO Holdings Ltd", { country: "MW" }).result).toBe("clear")
    expect(screen("AMG SARL", { country: "GN" }).result).toBe("clear")
    expect(screen("Global Energy", { country: "NG" }).result).toBe("clear")
    // a listed primary name stays a hit: as written a match, its legal form dropped for review
    expect(top("IRAN INSURANCE COMPANY")).toMatchObject({ entry_id: "11631", score: 1 })
    expect(screen("IRAN INSURANCE").result).toBe("potential_match")
    expect(screen("HAMAS").result).toBe("match")
    // a person's short a.k.a. is a name, not an acronym: the rule is for entities and vessels
    const shortAka = lists.flatMap((l) => l.entries).find((e) =>
      e.entity_type === "individual" && e.aliases.some((a) => a.quality === "strong" && /^[A-Z]{3,4} [A-Z]{3,4}$/.test(a.name)))!
    const aka = shortAka.aliases.find((a) => a.quality === "strong" && /^[A-Z]{3,4} [A-Z]{3,4}$/.test(a.name))!.name
    expect(hitIds(aka, { includeIndividuals: true })).toContain(`${shortAka.list}:${shortAka.entry_id}`)
  })

  it("a thin name is not a vessel unless it is the vessel's name as written", () => {
    expect(screen("Fu-Hua", { country: "NG" }).result).toBe("clear") // HUA FU, words swapped
    expect(screen("SONARA", { country: "CM" }).result).toBe("clear") // a.k.a. SONATA, one letter away
    expect(screen("Pergrin", { country: "ZA" }).result).toBe("clear") // PERARIN
    expect(screen("Forest Venture", { country: "LR" }).result).toBe("clear") // FOREST
    expect(hitIds("HUA FU")).toContain("ofac_sdn:23764")
  })

  it("reads the entry's countries as the lists write them (Hong Kong, United Kingdom, Korea, North)", () => {
    expect(screen("SATURN", { country: "NG" }).result).toBe("clear") // SATURN OASIS CO., LIMITED, Hong Kong
    expect(screen("SAKIMA", { country: "CD" }).result).toBe("clear") // YAKIMA OIL TRADING, LLP, United Kingdom
    expect(screen("SATURN OASIS CO., LIMITED", { country: "NG" }).result).toBe("match")
    // real listed DRC companies of the EITI file stay hits with their own country
    expect(screen("ORAMA PROPERTIES LTD", { country: "CD" }).result).toBe("match")
    expect(screen("OIL OF DR CONGO", { country: "CD" }).result).not.toBe("clear")
  })

  it("screens aliases and both halves of packed UN primaries", () => {
    expect(hitIds("National Bank of Cuba")).toContain("ofac_sdn:306")
    expect(hitIds("Great Lakes Business Company")).toContain("un_sc:CDe.003")
    expect(hitIds("Compagnie Aerienne des Grands Lacs")).toContain("un_sc:CDe.003")
  })

  it("indexes original-script names and transliterations", () => {
    const withScript = lists.find((l) => l.list === "un_sc")!.entries.find((e) => e.entity_type === "entity" && e.original_script_names.length > 0)!
    const original = top(withScript.original_script_names[0]!)
    expect(original).toMatchObject({ list: "un_sc", entry_id: withScript.entry_id })
    expect(screen("ООО Новатэк-Усть-Луга").hits[0]?.entry_id).toBe("20675")
    expect(hitIds("Hezbollah")).toContain("ofac_sdn:4697")
    expect(hitIds("Al Qaida")).toContain("un_sc:QDe.004")
    expect(hitIds("Al-Kaida")).toContain("un_sc:QDe.004")
  })

  it("tolerates typos in distinctive words but not in short ones", () => {
    expect(top("Afrrican Gold Refinary")?.entry_id).toBe("32791")
    expect(hitIds("Novatek Ust Lugga OOO")).toContain("ofac_consolidated:20675")
    expect(screen("Sinopec").result).toBe("clear")
    // real African companies one vowel or one letter away from a listed word (DOLTA, METEOR, TELEKOM)
    expect(screen("Delta Insurance").result).toBe("clear")
    expect(screen("Metair").result).toBe("clear")
  })

  it("screens individuals only when asked", () => {
    expect(screen("Eric Badege").result).toBe("clear")
    expect(hitIds("Eric Badege", { includeIndividuals: true })).toContain("un_sc:CDi.001")
    expect(top("Eric Badege", { includeIndividuals: true })?.entity_type).toBe("individual")
  })

  it("screens vessels by default", () => {
    const vessel = lists.find((l) => l.list === "ofac_sdn")!.entries.find((e) => e.entity_type === "vessel" && e.name.split(" ").length >= 2)!
    expect(top(vessel.name)).toMatchObject({ entry_id: vessel.entry_id, entity_type: "vessel" })
  })

  it("explains a hit token by token", () => {
    const result = screenNames(index, ["Bank Melli Iran Investment Co"], { explain: true })
    const explanation = result.hits[0]!.token_explanation!
    // Each side's words as that name writes them (issue 53 item 13).
    expect(explanation.tokens.find((t) => t.query_token === "Melli")).toMatchObject({ list_token: "MELLI", similarity: 1 })
    expect(explanation.tokens.find((t) => t.query_token === "Bank")!.kind).toBe("generic")
    expect(explanation.tokens.find((t) => t.query_token === "Iran")!.kind).toBe("location")
    const bnc = screenNames(index, ["BNC"], { explain: true, country: "PA" })
    expect(bnc.hits[0]!.token_explanation!.rules).toContain("weak_alias")
  })

  it("every hit says which name produced it, carries its entry's content hash and a plain explanation", () => {
    const result = screenNames(index, [
      { name: "Acme Trading Limited", from: "legal_name" },
      { name: "Bank Melli Iran Investment Co", from: "input" }
    ])
    const hit = result.hits[0]!
    expect(hit).toMatchObject({ screened_name: "Bank Melli Iran Investment Co", screened_from: "input" })
    expect(hit.entry_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(hit.explanation.summary).toMatch(/words agree; score/)
    expect(hit.explanation.factors.some((f) => f.factor === "word_agrees" && f.detail.includes("\"Melli\" = \"MELLI\""))).toBe(true)
    expect(hit.token_explanation).toBeUndefined()
    const again = screenNames(index, ["Bank Melli Iran Investment Co"]).hits[0]!
    expect(again.entry_hash).toBe(hit.entry_hash)
    expect(again.screened_from).toBe("input")
  })

  it("a country outside the entry's addresses lowers the score slightly", () => {
    const home = top("Banco Nacional de Cuba", { country: "ES" })! // the entry has addresses in CH, ES, JP and PA
    const away = top("Banco Nacional de Cuba", { country: "GH" })!
    expect(away.score).toBeLessThan(home.score)
    expect(screen("Banco Nacional de Cuba", { country: "GH" }).result).toBe("match")
  })

  it("merges hits over several names of one business, best score per entry", () => {
    const result = screenNames(index, ["Kivu Holdings", "Banco Nacional de Cuba", "National Bank of Cuba"])
    expect(result.hits.filter((h) => h.entry_id === "306").length).toBe(1)
    expect(result.hits[0]).toMatchObject({ entry_id: "306", score: 1 })
  })
})

describe("index build", () => {
  it("builds incrementally, giving the event loop back so a server keeps answering during a swap", async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    const loaded = lists.map((p) => ({ parsed: p, version: "v2" }))
    const incremental = await Effect.runPromise(buildMatchIndexEffect(loaded))
    clearInterval(timer)
    expect(ticks).toBeGreaterThanOrEqual(3)
    expect(incremental.names.length).toBe(index.names.length)
    expect(screenNames(incremental, ["African Gold Refinery Ltd"]).hits[0]).toMatchObject({ entry_id: "32791", list_version: "v2" })
    let blockedTicks = 0
    const blocked = setInterval(() => blockedTicks++, 1)
    buildMatchIndex(loaded)
    clearInterval(blocked)
    expect(blockedTicks).toBe(0)
  }, 60_000)
})

describe("names given as the list writes them, and near names of established companies", () => {
  it("reports a one-word name with a legal form given exactly as written in its original script", () => {
    expect(hitIds("راحت لمتد")).toContain("un_sc:TAe.013")
  })

  it("does not put an established company one letter from a listed name of another legal form up for review", () => {
    expect(screen("TRANSNEFF PLC").result).toBe("potential_match")
    const established = screen("TRANSNEFF PLC", { established: true })
    expect(established.result).toBe("clear")
    // The listed name itself, or its distinctive word as written, still is reported.
    expect(screen("TRANSNEFT PLC", { established: true }).result).toBe("match")
    expect(hitIds("ALMAZ-ANTEY PLC", { established: true }).length).toBeGreaterThan(0)
  })
})
