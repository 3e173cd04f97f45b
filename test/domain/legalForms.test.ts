import { readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { foldTokens } from "../../src/domain/fold.js"
import { legalFormTable } from "../../src/domain/legalFormTable.js"
import { legalFormOf, withoutCountryNames } from "../../src/domain/legalForms.js"
import { normalizeName } from "../../src/domain/normalize.js"

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
const referenceDir = path.resolve(repoRoot, "data", "reference")

describe("legalFormOf", () => {
  it.each([
    ["Dangote Cement PLC", undefined, "plc", "plc"],
    ["Safaricom Ltd", "KE", "ltd", "limited"],
    ["Safaricom Limited", "KE", "limited", "limited"],
    ["Acme LLC", undefined, "llc", "llc"],
    ["Novatek OOO", undefined, "ooo", "llc"],
    ["Total S.A.", "SN", "sa", "sa"],
    ["Total SA", "SN", "sa", "sa"],
    ["Total Société Anonyme", "SN", "societe anonyme", "sa"],
    ["Acme (Pty) Ltd", "ZA", "pty ltd", "proprietary limited"],
    ["Acme Proprietary Limited", "ZA", "proprietary limited", "proprietary limited"],
    ["Eskom Holdings SOC Ltd", "ZA", "soc ltd", "soc limited"],
    ["Dakar Logistique S.A.R.L.", "SN", "sarl", "sarl"],
    ["Tunis Re SUARL", "TN", "suarl", "sarlu"],
    ["Atlas SARL AU", "MA", "sarl au", "sarlu"],
    ["El Sewedy Electric Co SAE", "EG", "sae", "sae"],
    ["Construções Luanda Lda", "AO", "lda", "lda"],
    ["Sonangol E.P.", "AO", "ep", "ep"],
    ["Groupement des Pêcheurs GIE", "SN", "gie", "gie"],
    ["Rogers & Co Ltd", "MU", "co ltd", "limited"],
    ["Kano Foods Ltd/Gte", "NG", "ltd gte", "limited by guarantee"],
    ["Ecobank Transnational Incorporated TOGO", "TG", "incorporated", "inc"],
    ["Sonatrach SpA", "DZ", "spa", "spa"],
    ["Wellness Spa", "KE", null, null],
    ["Wellness Spa", undefined, null, null],
    ["Telkom SA", "ZA", null, null],
    ["Guinness Nigeria", "NG", null, null],
    ["Holdings", undefined, null, null],
    ["PLC", undefined, null, null],
    ["", undefined, null, null]
  ] as const)("%j (%s) -> %j %j", (name, country, form, canonical) => {
    const found = legalFormOf(name, country)
    expect(found).toEqual(form === null ? null : { form, canonical })
  })
})

describe("legal-form table", () => {
  const entries = legalFormTable.flatMap((spec) => spec.aliases.map((alias) => ({ alias, spec })))

  it("folds every alias to at least one word", () => {
    for (const { alias } of entries) expect(foldTokens(alias).length, alias).toBeGreaterThan(0)
  })

  it("strips every alias from the end of a name where it applies", () => {
    for (const { alias, spec } of entries) {
      const country = spec.countries?.[0]
      expect(normalizeName(`Acme Trading ${alias}`, country), `${alias} (${country})`).toBe("acme trading")
      expect(legalFormOf(`Acme Trading ${alias}`, country)?.canonical).toBe(spec.canonical)
    }
  })

  it("keeps an alias that is the whole name or stands mid-name", () => {
    for (const { alias, spec } of entries) {
      const country = spec.countries?.[0]
      const alone = foldTokens(alias).join(" ")
      expect(normalizeName(alias, country)).not.toBe("")
      expect(normalizeName(`${alias} Acme Trading`, country)).toBe(`${alone} acme trading`)
    }
  })

  it("gives each folded alias one canonical form", () => {
    const seen = new Map<string, string>()
    for (const { alias, spec } of entries) {
      const key = foldTokens(alias).join(" ")
      const before = seen.get(key)
      if (before !== undefined) expect(before, alias).toBe(spec.canonical)
      seen.set(key, spec.canonical)
    }
  })
})

/**
 * Cross-check with OpenSanctions rigour's org_types.yml (MIT, data/reference). Differences, on purpose:
 * - rigour folds Lda/Limitada into "Ltd" (generic LLC); here "lda" is its own canonical form (Lusophone).
 * - rigour has no Co/Company/Corp/Corporation, SAE, SOC Ltd, CC, NPC, RF (as ZA "ring-fenced"), SARLU/SARL AU,
 *   SASU, SCOOPS, Ltd/Gte, Nigerian "Coy", Mauritian "Cy"/"Ltée": these are added here.
 * - rigour maps "SAU" to a sole-proprietorship class; here it is a one-shareholder SA ("sa").
 * - rigour aliases not taken (ambiguous in company names or not used in the 18 countries) are listed below.
 */
const NOT_TAKEN = new Set([
  "lt", "ltds", "limite", "ll", "lc", "incs", "incorporee", "incorporado", "incorported", "incorporatd", "incorporation",
  "in this might bite us but its observed in data", "sarf", "sociedada anonima", "socieda anonima", "societat anonima",
  "societa anonima", "societate anonima", "societate pe actiuni", "societatea pe actiuni", "societateare pe actiuni",
  "societe par actions de regime federal", "societe par actions par loi sur les societes par actions", "societe par actions",
  "spolka akcyjna", "sociedad por acciones simplificada", "sociedades por acciones simplificada", "s par as",
  "sociedad en comandita simple"
])
/** rigour generic classes each canonical form may fall under. */
const GENERIC_OF: Readonly<Record<string, ReadonlyArray<string>>> = {
  limited: ["LLC"], plc: ["JSC"], "proprietary limited": ["LLC"], "private limited": ["LLC"], "limited by guarantee": ["LLC"],
  inc: ["LLC"], llc: ["LLC"], llp: ["LLP"], lp: ["LP"], sa: ["JSC", "SP"], sarl: ["LLC"], sarlu: ["LLC"], sas: ["LLC"],
  snc: ["LP"], scs: ["LP"], sca: ["JSC"], gie: ["COOP"], sprl: ["LLC"], srl: ["LLC"], spa: ["JSC"], lda: ["LLC"],
  ep: ["SOE"], gmbh: ["LLC"], ag: ["JSC"], bv: ["LLC"], nv: ["JSC"], se: ["JSC", "SOE"], jsc: ["JSC"], fze: ["LLC"],
  sicaf: ["FIN"], sicav: ["FIN"], rf: ["NGO"]
}
const CHECKED_DISPLAYS = new Set(["PLC", "Ltd", "LLC", "SA", "SARL", "SAS", "GIE", "Pty Ltd", "Inc", "LLP", "LP", "SNC", "SCS", "EURL", "suarl"])

interface RigourType {
  display?: string
  generic?: string
  aliases: Array<string>
}

const readRigour = (): Array<RigourType> => {
  const types: Array<RigourType> = []
  let current: RigourType | undefined
  for (const line of readFileSync(path.join(referenceDir, "rigour-org_types.yml"), "utf8").split("\n")) {
    const field = /^ {2}(- | {2})(display|generic|compare|aliases):\s*(.*)$/.exec(line)
    if (field !== null) {
      if (field[1] === "- ") types.push((current = { aliases: [] }))
      if (field[2] === "display") current!.display = field[3]!.replace(/^["']|["']$/g, "")
      if (field[2] === "generic") current!.generic = field[3]!
      continue
    }
    const alias = /^ {6}- (.*)$/.exec(line)
    if (alias !== null && current !== undefined) current.aliases.push(alias[1]!.replace(/^["']|["']$/g, ""))
  }
  return types
}

describe("legal-form table against rigour org_types", () => {
  const rigour = readRigour()
  const fold = (s: string) => foldTokens(s).join(" ")
  const mine = new Map(legalFormTable.flatMap((spec) => spec.aliases.map((a) => [fold(a), spec.canonical] as const)))

  it("reads the reference file", () => {
    expect(rigour.length).toBeGreaterThan(400)
    expect(rigour.find((t) => t.display === "SARL")?.aliases).toContain("S.A.R.L.")
  })

  it("recognises every Latin-script alias of the main African-relevant rigour types, bar documented exclusions", () => {
    const missing: Array<string> = []
    for (const t of rigour) {
      if (t.display === undefined || !CHECKED_DISPLAYS.has(t.display)) continue
      for (const alias of [t.display, ...t.aliases]) {
        const key = fold(alias)
        if (/^[a-z0-9 ]+$/.test(key) && !mine.has(key) && !NOT_TAKEN.has(key)) missing.push(`${t.display}: ${alias}`)
      }
    }
    expect(missing).toEqual([])
  })

  it("puts each shared alias under a canonical form of the same rigour generic class", () => {
    const conflicts: Array<string> = []
    for (const t of rigour) {
      if (t.generic === undefined) continue
      for (const alias of [...t.aliases, ...(t.display === undefined ? [] : [t.display])]) {
        const canonical = mine.get(fold(alias))
        if (canonical === undefined) continue
        const allowed = GENERIC_OF[canonical]
        if (allowed !== undefined && !allowed.includes(t.generic)) conflicts.push(`${alias}: ${canonical} vs ${t.display}/${t.generic}`)
      }
    }
    expect(conflicts).toEqual([])
  })
})

describe("legalFormOf with an address glued to the name", () => {
  it.each([
    ["Abhumu Ltd, Suite B41, Area 11Mall", "NG", "ltd"],
    ["Aim Frontline Nig Ltd, No. 5, 5th Avenue", "NG", "ltd"],
    ["Dakar Logistique SARL, BP 1234 Dakar", "SN", "sarl"]
  ] as const)("%j", (name, country, form) => {
    expect(legalFormOf(name, country)?.form).toBe(form)
  })
})

describe("withoutCountryNames", () => {
  it.each([
    ["guinness nigeria", "guinness"],
    ["bank of africa cote d ivoire", "bank of africa"],
    ["bank of africa burkina faso", "bank of africa"],
    ["nigeria german chemicals", "german chemicals"],
    ["cement company of northern nigeria", "cement company of northern"],
    ["dangote cement", "dangote cement"],
    ["nigeria", "nigeria"],
    ["south africa", "south africa"],
    ["mali niger", "mali niger"],
    ["", ""]
  ])("%j -> %j", (input, expected) => {
    expect(withoutCountryNames(input)).toBe(expected)
  })
})
