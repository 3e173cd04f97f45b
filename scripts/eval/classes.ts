/**
 * The classes a bank's test list holds and issue 51 names (items 2 and 3): an organisation typed by its initials, a
 * word of its name abbreviated or spelled out, and its name in another language. Built from the list files' own
 * entries, with the evaluation's own tables (written apart from the matcher: nothing here imports its vocabulary,
 * abbreviation table or translation table, so the evaluation cannot share their blind spots). Deterministic.
 */
import { countryCodeOfName } from "../../src/domain/countryNames.js"
import type { ListId, SanctionsEntry } from "../../src/sanctions/model.js"
import { splitOf, type Split } from "./sets.js"
import { nameProper, seedOf } from "./variants.js"

export const CLASS_KINDS = ["initials", "abbreviated", "spelled_out", "other_language"] as const
export type ClassKind = (typeof CLASS_KINDS)[number]

export interface ClassCase {
  readonly split: Split
  readonly list: ListId
  readonly entryId: string
  readonly listedName: string
  readonly kind: ClassKind
  readonly input: string
  /** The business's country as a bank's test gives it (initials are tested with it). */
  readonly country?: string
}

const FUNCTION_WORDS = new Set(["OF", "AND", "THE", "FOR", "DE", "DES", "DU", "LA", "LE", "LES", "ET", "D", "L", "DA", "DO", "DOS", "DAS", "E", "AL", "EL", "&"])
const LEGAL_WORDS = new Set([
  "LIMITED", "LTD", "LLC", "COMPANY", "CO", "CORPORATION", "CORP", "INC", "SA", "SARL", "PLC", "JSC", "OJSC", "CJSC", "PJSC", "GMBH",
  "AG", "BV", "FZE", "FZCO", "PTE", "PVT", "LLP", "LP", "OOO", "OAO", "ZAO", "AO", "PAO", "SAS", "LDA", "LTDA", "CIA", "CIE", "SPA"
])
const wordsOf = (name: string) => name.toUpperCase().replace(/[,()"]/g, " ").split(/\s+/).filter((w) => w !== "")

/** "KOREA MINING DEVELOPMENT TRADING CORPORATION" -> "KMDT": first letters of the words proper, three words or more. */
export const initialsOf = (name: string): string | null => {
  // The name proper: legal forms at either end ("PUBLIC JOINT STOCK COMPANY GAZPROM NEFT") are not initialled.
  const proper = wordsOf(nameProper(name.toUpperCase().replace(/\s+/g, " ").trim())).filter((w) => /^[A-Z]/.test(w) && !FUNCTION_WORDS.has(w) && !LEGAL_WORDS.has(w.replace(/\./g, "")))
  if (proper.length < 3 || proper.length > 6) return null
  return proper.map((w) => w[0]).join("")
}

/** The evaluation's own abbreviations (English, French, Portuguese), as company registers and lists write them. */
const ABBREVIATE: ReadonlyArray<readonly [string, string]> = [
  ["GENERAL", "GEN."], ["INTERNATIONAL", "INT'L"], ["NATIONAL", "NAT'L"], ["ASSOCIATION", "ASSN."], ["DEPARTMENT", "DEPT."],
  ["MINISTRY", "MIN."], ["MANUFACTURING", "MFG."], ["BROTHERS", "BROS."], ["COMPANY", "CO."], ["CORPORATION", "CORP."],
  ["COMPAGNIE", "CIE"], ["ETABLISSEMENTS", "ETS"], ["SOCIETE", "STE"], ["GENERALE", "GLE"], ["INTERNATIONALE", "INTLE"],
  ["NATIONALE", "NLE"], ["COMPANHIA", "CIA."], ["LIMITADA", "LDA"], ["INDUSTRIAL", "INDL."], ["DEVELOPMENT", "DEVT."],
  ["MANAGEMENT", "MGMT."], ["HOLDINGS", "HLDGS."], ["TRADING", "TRDG."], ["GOVERNMENT", "GOVT."], ["INSTITUTE", "INST."]
]

const bare = (w: string) => w.replace(/[.']/g, "")
const firstReplacement = (name: string, pairs: ReadonlyArray<readonly [string, string]>, seed: number): string | null => {
  const ws = wordsOf(name)
  const options = pairs.filter(([from]) => ws.some((w) => bare(w) === from))
  if (options.length === 0) return null
  const [from, to] = options[seed % options.length]!
  return ws.map((w) => (bare(w) === from ? to : w)).join(" ")
}

/**
 * The evaluation's own glossary of organisation words: English, French, Portuguese, and Arabic as the lists romanise
 * it. Adjectives (`adjective`) follow their noun in French and Portuguese.
 */
interface Gloss {
  readonly en: string
  readonly fr: string
  readonly pt: string
  readonly ar?: string
  readonly adjective?: boolean
}
const GLOSSARY: ReadonlyArray<Gloss> = [
  { en: "BANK", fr: "BANQUE", pt: "BANCO" },
  { en: "NATIONAL", fr: "NATIONALE", pt: "NACIONAL", adjective: true }, { en: "GENERAL", fr: "GENERALE", pt: "GERAL", adjective: true },
  { en: "INTERNATIONAL", fr: "INTERNATIONALE", pt: "INTERNACIONAL", adjective: true }, { en: "ISLAMIC", fr: "ISLAMIQUE", pt: "ISLAMICA", ar: "ISLAMIYA", adjective: true },
  { en: "GROUP", fr: "GROUPE", pt: "GRUPO" }, { en: "SOCIETY", fr: "SOCIETE", pt: "SOCIEDADE", ar: "JAMIYAT" },
  { en: "FOUNDATION", fr: "FONDATION", pt: "FUNDACAO", ar: "MUASSASAT" }, { en: "ORGANIZATION", fr: "ORGANISATION", pt: "ORGANIZACAO", ar: "MUNAZZAMAT" },
  { en: "FRONT", fr: "FRONT", pt: "FRENTE", ar: "JABHAT" }, { en: "MOVEMENT", fr: "MOUVEMENT", pt: "MOVIMENTO", ar: "HARAKAT" },
  { en: "ARMY", fr: "ARMEE", pt: "EXERCITO", ar: "JAISH" }, { en: "PARTY", fr: "PARTI", pt: "PARTIDO", ar: "HIZB" },
  { en: "MINISTRY", fr: "MINISTERE", pt: "MINISTERIO", ar: "WIZARAT" }, { en: "DEVELOPMENT", fr: "DEVELOPPEMENT", pt: "DESENVOLVIMENTO" },
  { en: "INDUSTRIES", fr: "INDUSTRIES", pt: "INDUSTRIAS" }, { en: "TRADING", fr: "COMMERCE", pt: "COMERCIO" },
  { en: "BRIGADE", fr: "BRIGADE", pt: "BRIGADA", ar: "LIWA" }, { en: "BATTALION", fr: "BATAILLON", pt: "BATALHAO", ar: "KATIBAT" },
  { en: "CHARITABLE", fr: "CARITATIVE", pt: "CARIDADE", ar: "KHAYRIYYA", adjective: true }, { en: "MARTYRS", fr: "MARTYRS", pt: "MARTIRES", ar: "SHUHADA" },
  { en: "AIRLINES", fr: "AERIENNE", pt: "AEREAS" }, { en: "SHIPPING", fr: "MARITIME", pt: "NAVEGACAO" }, { en: "INSURANCE", fr: "ASSURANCE", pt: "SEGUROS" },
  { en: "OIL", fr: "PETROLE", pt: "PETROLEO" }, { en: "UNION", fr: "UNION", pt: "UNIAO" }, { en: "INVESTMENT", fr: "INVESTISSEMENT", pt: "INVESTIMENTO" }
]
type Lang = "en" | "fr" | "pt" | "ar"
const LANGS: ReadonlyArray<Lang> = ["en", "fr", "pt", "ar"]

/** The name in another language: every glossary word translated, adjectives moved after their noun out of English. */
export const otherLanguage = (name: string, seed: number): string | null => {
  // Legal forms are read by the legal-form rules, not as words of a language: the name proper is translated.
  const ws = wordsOf(nameProper(name.toUpperCase().replace(/\s+/g, " ").trim())).filter((w) => !FUNCTION_WORDS.has(w))
  const glossOf = (w: string) => GLOSSARY.map((g) => [g, LANGS.find((l) => g[l] === w)] as const).find(([, l]) => l !== undefined)
  const found = ws.map(glossOf)
  const known = found.filter((f) => f !== undefined)
  // A name wholly of glossary words says nothing of whom it names; one word proper at least.
  if (known.length === 0 || known.length === ws.length) return null
  const from = known[0]![1]!
  const targets = LANGS.filter((l) => l !== from && known.every(([g]) => g[l] !== undefined && g[l] !== g[from]))
  if (targets.length === 0) return null
  const to = targets[seed % targets.length]!
  const out = ws.map((w, i) => (found[i] === undefined ? w : found[i]![0][to]!))
  if (from === "en" && to !== "en") {
    for (let i = 0; i + 1 < out.length; i++) {
      if (found[i]?.[0].adjective === true && found[i + 1] !== undefined && found[i + 1]![0].adjective !== true) {
        ;[out[i], out[i + 1]] = [out[i + 1]!, out[i]!]
        i++
      }
    }
  }
  const text = out.join(" ")
  return text === ws.join(" ") ? null : text
}

/** Each class's cases from the lists' entity entries, at most `perList` entries of each list for each class. */
export const classCases = (entities: ReadonlyArray<SanctionsEntry>, perList: number): ReadonlyArray<ClassCase> => {
  const cases: Array<ClassCase> = []
  const counts = new Map<string, number>()
  const sorted = [...entities].sort((a, b) => seedOf(`${a.list}:${a.entry_id}`) - seedOf(`${b.list}:${b.entry_id}`))
  for (const e of sorted) {
    const seed = seedOf(`${e.list}:${e.entry_id}`)
    const add = (kind: ClassKind, input: string | null, country?: string) => {
      const count = counts.get(`${e.list}|${kind}`) ?? 0
      if (input === null || count >= perList) return
      counts.set(`${e.list}|${kind}`, count + 1)
      cases.push({ split: splitOf(`${e.list}:${e.entry_id}`), list: e.list, entryId: e.entry_id, listedName: e.name, kind, input, ...(country === undefined ? {} : { country }) })
    }
    const country = e.countries.map(countryCodeOfName).find((c) => c !== null) ?? undefined
    // Initials the list itself carries as an alias are found as written: the class is those it does not carry.
    const initials = initialsOf(e.name)
    const carried = [e.name, ...e.aliases.map((a) => a.name)].some((n) => n.toUpperCase().replace(/[^A-Z]/g, "") === initials)
    if (country !== undefined && !carried) add("initials", initials, country)
    add("abbreviated", firstReplacement(e.name, ABBREVIATE, seed))
    add("spelled_out", firstReplacement(e.name, ABBREVIATE.map(([a, b]) => [b.replace(/[.']/g, ""), a] as const), seed))
    add("other_language", otherLanguage(e.name, seed))
  }
  return cases
}
