import * as fs from "node:fs"
import * as path from "node:path"
import type { Language } from "./registries.js"
import { type Rng, Weighted } from "./rng.js"

/**
 * Company-name tokens with their real frequencies, from data/companies/african_entity_names.tsv (and
 * so the listed companies, Nigerian procurement suppliers and South African organs of state): the first word of a
 * name and the following words are drawn from separate distributions, per language group. Legal forms and
 * tokens with digits are dropped (the generator adds a legal form per registry); country names are swapped for
 * the record's own country.
 */

const LEGAL_WORDS = new Set([
  "ltd", "limited", "plc", "sa", "s.a", "s.a.", "sarl", "inc", "llc", "pty", "(pty)", "co", "co.", "nig", "nig.",
  "sae", "s.a.e", "s.a.e.", "ltee", "ltée", "cc", "npc", "gie", "sas", "suarl", "lda", "corp", "corp.", "(nig)",
  "company", "hld", "hldgs", "&amp;", "-", "–", "(rf)", "soc", "bhd", "ag", "nv", "bv"
])

export const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  NG: "Nigeria", GH: "Ghana", KE: "Kenya", ZA: "South Africa", TZ: "Tanzania", UG: "Uganda", ZM: "Zambia",
  MU: "Mauritius", SN: "Sénégal", CI: "Côte d'Ivoire", CM: "Cameroun", MA: "Maroc", EG: "Egypt", MG: "Madagascar",
  AO: "Angola", RW: "Rwanda", BW: "Botswana", TN: "Tunisie"
}
const COUNTRY_TOKENS = new Set([
  "nigeria", "ghana", "kenya", "africa", "tanzania", "uganda", "zambia", "mauritius", "senegal", "sénégal",
  "ivoire", "cameroun", "cameroon", "maroc", "morocco", "egypt", "madagascar", "angola", "rwanda", "botswana",
  "tunisie", "tunisia", "benin", "burkina", "faso", "mali", "niger", "togo", "zimbabwe", "namibia", "malawi"
])
const COUNTRY_PLACEHOLDER = "\u0001"

const GROUP_OF_COUNTRY: Readonly<Record<string, Language>> = {
  NG: "en", GH: "en", KE: "en", ZA: "en", TZ: "en", UG: "en", ZM: "en", MU: "en", RW: "en", BW: "en", ZW: "en",
  NA: "en", MW: "en", CI: "fr", SN: "fr", CM: "fr", MG: "fr", BJ: "fr", BF: "fr", TG: "fr", ML: "fr", NE: "fr",
  EG: "ar", MA: "ar", TN: "ar", AO: "pt"
}

/** No Angolan names are in the shared corpus: a small hand-written Portuguese supplement. */
const PORTUGUESE_FIRST = ["Kwanza", "Luanda", "Atlântico", "Benguela", "Cuanza", "Huíla", "Namibe", "Kianda", "Imbondeiro", "Mussulo", "Palanca", "Muxima", "Catumbela", "Zaire", "Lunda", "Okavango", "Sol", "Nova", "Grupo", "Companhia"]
const PORTUGUESE_REST = ["Comércio", "Serviços", "Investimentos", "Construções", "Transportes", "Indústria", "Distribuição", "Agro-Pecuária", "Petróleos", "Logística", "Engenharia", "Telecomunicações", "Imobiliária", "Pescas", "Minas", "Seguros", "Geral", "Angolana", "Consultoria", "Energia"]

interface Pools {
  first: Map<string, number>
  rest: Map<string, number>
}

const clean = (token: string) => token.replace(/^[("'“”‘’,.]+|[)"'“”‘’,.:;]+$/g, "")

const addName = (pools: Pools, name: string) => {
  const tokens = name.split(/\s+/).map(clean).filter((t) => t.length > 0)
  const kept: Array<string> = []
  for (const token of tokens) {
    const lower = token.toLowerCase()
    if (LEGAL_WORDS.has(lower) || /\d/.test(token) || (token.length === 1 && token !== "&")) continue
    kept.push(COUNTRY_TOKENS.has(lower) ? COUNTRY_PLACEHOLDER : token)
  }
  while (kept.length > 0 && (kept[kept.length - 1] === "&" || kept[kept.length - 1] === "of" || kept[kept.length - 1] === "de")) kept.pop()
  if (kept.length === 0 || kept[0] === "&") return
  const [first, ...rest] = kept
  pools.first.set(first!, (pools.first.get(first!) ?? 0) + 1)
  for (const token of rest.slice(0, 4)) pools.rest.set(token, (pools.rest.get(token) ?? 0) + 1)
}

export interface NameModel {
  readonly first: Weighted<string>
  readonly rest: Weighted<string>
}

/** Token models per language group, from the real name files under `sharedDir/data/companies`. */
export const loadNameModels = (sharedDir: string): Readonly<Record<Language, NameModel>> => {
  const pools: Record<Language, Pools> = {
    en: { first: new Map(), rest: new Map() },
    fr: { first: new Map(), rest: new Map() },
    ar: { first: new Map(), rest: new Map() },
    pt: { first: new Map(), rest: new Map() }
  }
  const tsv = fs.readFileSync(path.join(sharedDir, "data/companies/african_entity_names.tsv"), "utf8").split("\n").slice(1)
  for (const line of tsv) {
    const [name, country] = line.split("\t")
    if (name === undefined || country === undefined || name.trim() === "") continue
    addName(pools[GROUP_OF_COUNTRY[country] ?? "en"], name)
  }
  for (const t of PORTUGUESE_FIRST) pools.pt.first.set(t, 3)
  for (const t of PORTUGUESE_REST) pools.pt.rest.set(t, 3)
  // Portuguese names borrow the (international) French rest-words too, lightly.
  for (const [t, w] of pools.fr.rest) if (/^[A-Z]/.test(t)) pools.pt.rest.set(t, (pools.pt.rest.get(t) ?? 0) + w * 0.05)
  const model = (p: Pools): NameModel => ({
    first: new Weighted([...p.first.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    rest: new Weighted([...p.rest.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
  })
  return { en: model(pools.en), fr: model(pools.fr), ar: model(pools.ar), pt: model(pools.pt) }
}

const titleCase = (token: string) =>
  token.length <= 3 && token === token.toUpperCase() ? token : token.charAt(0).toUpperCase() + token.slice(1).toLowerCase()

/** A core company name (no legal form) for a country, 1-3 words. */
export const coreName = (rng: Rng, model: NameModel, country: string, language: Language): string => {
  const words = [model.first.pick(rng)]
  const extra = rng.next() < 0.25 ? 0 : rng.next() < 0.7 ? 1 : 2
  for (let i = 0; i < extra; i++) {
    const w = model.rest.pick(rng)
    if (!words.includes(w)) words.push(w)
  }
  if (language === "ar" && rng.chance(0.12)) words.unshift(rng.pick(["El", "Al"]))
  const countryName = COUNTRY_NAMES[country] ?? country
  const joined = words.map((w) => (w === COUNTRY_PLACEHOLDER ? countryName : titleCase(w))).join(" ")
  return joined.replace(/\s+&$/, "")
}
